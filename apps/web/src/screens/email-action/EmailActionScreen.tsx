import { CircleCheck, CircleX } from 'lucide-react';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { copy, errorMessages, teamWebCopy } from '@reframe/shared';
import { pendingTeamJoin } from '../../auth/pending-team-join';
import { Alert } from '../../components/Alert';
import { ButtonLink } from '../../components/Button';
import { Card } from '../../components/Card';
import { Logo } from '../../components/Logo';
import { Spinner } from '../../components/Spinner';
import { DebugInfo } from './DebugInfo';
import { useCountdown } from './use-countdown';
import { isEmailChangeLink, useEmailVerification } from './use-email-verification';

/** Brief section 9: the verification redirect countdown. */
const REDIRECT_SECONDS = 10;

function StatusIcon({ ok }: { ok: boolean }) {
  const Icon = ok ? CircleCheck : CircleX;
  return (
    <span
      className={`mx-auto mb-5 grid size-14 place-items-center rounded-full ring-8 ${
        ok
          ? 'bg-emerald-50 text-emerald-600 ring-emerald-50/50'
          : 'bg-red-50 text-red-600 ring-red-50/50'
      }`}
    >
      <Icon aria-hidden="true" className="size-7" />
    </span>
  );
}

/** /__/auth/action and /verify-success: Loading, Verification Failed, or Email Verified!. */
export function EmailActionScreen() {
  const navigate = useNavigate();
  const { link, state } = useEmailVerification();
  // A newcomer who came from a team invitation goes back to it (issue 26).
  const invitation = pendingTeamJoin();
  const next = invitation ?? '/app';
  const goToApp = useCallback(() => void navigate(next, { replace: true }), [navigate, next]);
  const remaining = useCountdown(REDIRECT_SECONDS, state.status === 'success', goToApp);

  return (
    <div className="flex min-h-dvh flex-col items-center bg-gradient-to-b from-brand-50/70 via-slate-50 to-slate-50 px-4 py-10 sm:justify-center sm:py-16">
      <Logo className="mb-8" />
      <main className="w-full max-w-[440px]">
        <Card className="px-6 py-9 text-center sm:px-9">
          {state.status === 'loading' && (
            <div role="status" className="flex flex-col items-center gap-4 py-6 text-brand-600">
              <Spinner size="lg" />
              <p className="text-[15px] text-slate-700">{copy.emailAction.loading}</p>
            </div>
          )}
          {state.status === 'already-verified' && (
            <>
              <StatusIcon ok />
              <h1 className="text-2xl font-semibold tracking-tight">
                {copy.emailAction.alreadyVerifiedTitle}
              </h1>
              <p className="mt-3 text-slate-600">{errorMessages.EMAIL_ALREADY_VERIFIED}</p>
              <div className="mt-7 flex flex-col gap-3">
                <ButtonLink to="/signin" size="lg">
                  {copy.emailAction.goToSignIn}
                </ButtonLink>
                <ButtonLink to="/" variant="secondary" size="lg">
                  {copy.emailAction.goToHome}
                </ButtonLink>
              </div>
            </>
          )}
          {state.status === 'error' && (
            <>
              <StatusIcon ok={false} />
              <h1 className="text-2xl font-semibold tracking-tight">
                {copy.emailAction.failedTitle}
              </h1>
              <Alert className="mt-5 text-left">{state.message}</Alert>
              <div className="mt-7 flex flex-col gap-3">
                <ButtonLink to="/signin" size="lg">
                  {copy.emailAction.goToSignIn}
                </ButtonLink>
                <ButtonLink to="/" variant="secondary" size="lg">
                  {copy.emailAction.goToHome}
                </ButtonLink>
              </div>
            </>
          )}
          {state.status === 'success' && (
            <>
              <StatusIcon ok />
              <h1 className="text-2xl font-semibold tracking-tight">
                {copy.emailAction.successTitle}
              </h1>
              <p className="mt-2 text-[15px] text-slate-600">
                {isEmailChangeLink(link.code)
                  ? copy.settings.emailUpdated
                  : copy.emailAction.successBody}
              </p>
              <p
                className="mt-5 rounded-lg bg-slate-50 px-4 py-2.5 text-sm font-medium text-slate-700 tabular-nums"
                aria-live="polite"
                data-testid="countdown"
              >
                {invitation
                  ? teamWebCopy.join.redirectingIn(remaining)
                  : copy.emailAction.redirectingIn(remaining)}
              </p>
              <div className="mt-7 flex flex-col gap-3">
                <ButtonLink to={next} replace size="lg">
                  {invitation ? teamWebCopy.join.backToInvitation : copy.emailAction.goToAppNow}
                </ButtonLink>
                <ButtonLink to="/" variant="secondary" size="lg">
                  {copy.emailAction.returnHome}
                </ButtonLink>
              </div>
            </>
          )}
          <DebugInfo link={link} state={state} />
        </Card>
      </main>
    </div>
  );
}
