import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { copy, errorMessages } from '@reframe/shared';
import { ApiError, describeError } from '../../api/api-error';
import { authClient, unwrap } from '../../api/auth-client';
import { forgetPendingSignUp } from '../../auth/pending-sign-up';
import { pendingTeamJoin } from '../../auth/pending-team-join';
import { useAuth } from '../../auth/use-auth';
import { useSignOut } from '../../auth/use-sign-out';
import { Alert } from '../../components/Alert';
import { AuthLayout } from '../../components/AuthLayout';
import { Button, ButtonLink } from '../../components/Button';

function useResend(email: string) {
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function resend() {
    setSending(true);
    setNotice(null);
    try {
      await unwrap(authClient.sendVerificationEmail({ email }));
      setNotice({ tone: 'success', text: copy.verifyEmail.resent });
    } catch (cause) {
      const text =
        cause instanceof ApiError && cause.code !== 'INTERNAL'
          ? describeError(cause)
          : errorMessages.SEND_VERIFICATION_FAILED;
      setNotice({ tone: 'error', text });
    } finally {
      setSending(false);
    }
  }

  return { resend, sending, notice };
}

/** Resend, then Sign Out: of the session, or of the pending sign-up of a visitor just signed up. */
function VerifyEmailActions({ email, signedIn }: { email: string; signedIn: boolean }) {
  const { resend, sending, notice } = useResend(email);
  const signOut = useSignOut();
  const navigate = useNavigate();

  return (
    <div className="flex flex-col gap-4">
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {signOut.error && <Alert>{signOut.error}</Alert>}
      <Button
        size="lg"
        fullWidth
        busy={sending}
        busyLabel={copy.verifyEmail.resending}
        onClick={() => void resend()}
      >
        {copy.verifyEmail.resend}
      </Button>
      {signedIn ? (
        <Button
          variant="secondary"
          size="lg"
          fullWidth
          busy={signOut.busy}
          onClick={() => void signOut.signOut()}
        >
          {copy.verifyEmail.signOut}
        </Button>
      ) : (
        // Just signed up, with no session (sign-up stays enumeration-safe): Sign Out forgets
        // the pending sign-up, replacing this entry so Back does not bring it back.
        <Button
          variant="secondary"
          size="lg"
          fullWidth
          onClick={() => {
            forgetPendingSignUp();
            void navigate('/', { replace: true });
          }}
        >
          {copy.verifyEmail.signOut}
        </Button>
      )}
    </div>
  );
}

/** What sign-up hands to this screen. */
export interface VerifyEmailState {
  email?: string;
}

/** Asks a signed-in user to open the emailed link; a verified user has nothing to do here. */
export function VerifyEmailScreen() {
  const { currentUser, emailVerified } = useAuth();
  const location = useLocation();
  const justSignedUp = (location.state as VerifyEmailState | null)?.email;
  const email = currentUser?.email ?? justSignedUp;

  // Verified in another tab: back to the invitation that brought them, if any (issue 41).
  if (currentUser && emailVerified) return <Navigate to={pendingTeamJoin() ?? '/app'} replace />;

  if (!email) {
    return (
      <AuthLayout title={copy.verifyEmail.title}>
        <div className="flex flex-col gap-5">
          <p className="text-[15px] text-slate-700">{copy.verifyEmail.notSignedIn}</p>
          <ButtonLink to="/signin" size="lg" className="w-full">
            {copy.verifyEmail.signInLink}
          </ButtonLink>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={copy.verifyEmail.title}
      subtitle={
        <>
          {copy.verifyEmail.sentTo}{' '}
          <strong
            className="font-semibold break-all text-slate-900"
            data-testid="verify-email-address"
          >
            {email}
          </strong>
          . {copy.verifyEmail.instructions}
        </>
      }
    >
      <div className="mb-6 grid place-items-center">
        <span className="grid size-14 place-items-center rounded-full bg-brand-50 text-brand-600 ring-8 ring-brand-50/50">
          <MailCheck aria-hidden="true" className="size-7" />
        </span>
      </div>
      <VerifyEmailActions email={email} signedIn={currentUser !== null} />
    </AuthLayout>
  );
}
