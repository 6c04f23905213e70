import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { copy, errorMessages, teamWebCopy } from '@reframe/shared';
import { forgetTeamJoin, rememberTeamJoin } from '../../auth/pending-team-join';
import { useAuth } from '../../auth/use-auth';
import { Alert } from '../../components/Alert';
import { AuthLayout } from '../../components/AuthLayout';
import { ButtonLink } from '../../components/Button';
import { InvitationCard } from './InvitationCard';
import { SignedOutInvitation } from './SignedOutInvitation';

/**
 * /team/join?token=…, the invitation mail's link (issue 26). Signed out: sign up or sign in with
 * the invited address and come back here. Signed in and verified: the invitation and "Join Team".
 */
export function JoinTeamScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { currentUser, emailVerified } = useAuth();
  const verified = currentUser !== null && emailVerified;

  // Until the visitor is back here signed in and verified, the invitation is remembered.
  useEffect(() => {
    if (!token) return;
    if (verified) forgetTeamJoin();
    else rememberTeamJoin(token);
  }, [token, verified]);

  if (!token) {
    return (
      <AuthLayout title={copy.team.join.title}>
        <div className="flex flex-col gap-5">
          <Alert>{errorMessages.TEAM_INVITE_UNKNOWN}</Alert>
          <ButtonLink to="/app" size="lg">
            {teamWebCopy.join.goToApp}
          </ButtonLink>
        </div>
      </AuthLayout>
    );
  }
  if (!currentUser) return <SignedOutInvitation token={token} />;
  if (!emailVerified) return <Navigate to="/verify-email" replace />;
  return <InvitationCard token={token} />;
}
