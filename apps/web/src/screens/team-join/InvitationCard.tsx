import { useMutation, useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useNavigate } from 'react-router';
import { copy, errorMessages, teamWebCopy, type Invitation } from '@reframe/shared';
import { ApiError, describeError } from '../../api/api-error';
import { fetchInvitation, joinTeam } from '../../api/team';
import { teamJoinQuery } from '../../auth/pending-team-join';
import { useAuth } from '../../auth/use-auth';
import { useSignOut } from '../../auth/use-sign-out';
import { Alert } from '../../components/Alert';
import { AuthLayout } from '../../components/AuthLayout';
import { Button, ButtonLink } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { useRefreshTeamState } from '../team/use-team';

const j = copy.team.join;

const isWrongAccount = (error: unknown) =>
  error instanceof ApiError && error.code === 'TEAM_INVITE_WRONG_ACCOUNT';

/** Signed out of this account, and back to this invitation to sign in with the invited one. */
function SwitchAccount({ token }: { token: string }) {
  const { currentUser } = useAuth();
  const signOut = useSignOut(`/team/join?${teamJoinQuery(token)}`);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-600">
        {teamWebCopy.join.wrongAccountHint(currentUser?.email ?? '')}
      </p>
      {signOut.error && <Alert>{signOut.error}</Alert>}
      <Button size="lg" fullWidth busy={signOut.busy} onClick={() => void signOut.signOut()}>
        {teamWebCopy.join.switchAccount}
      </Button>
    </div>
  );
}

function InvitationDetails({ token, invitation }: { token: string; invitation: Invitation }) {
  const navigate = useNavigate();
  const { currentUser } = useAuth();
  const refreshTeam = useRefreshTeamState();
  const join = useMutation({
    mutationFn: () => joinTeam(token),
    onSuccess: async () => {
      await refreshTeam();
      await navigate('/app/team', { replace: true });
    },
  });
  const joinError = join.isError ? describeError(join.error) : null;
  const otherAccount = (currentUser?.email ?? '').toLowerCase() !== invitation.email.toLowerCase();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex items-center gap-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200/70">
        <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-brand-600 text-white">
          <Users aria-hidden="true" className="size-6" />
        </span>
        <div className="min-w-0">
          <h2 className="truncate text-lg font-semibold text-slate-900" data-testid="invited-team">
            {teamWebCopy.teamName(invitation.ownerName)}
          </h2>
          <p className="text-sm text-slate-600" data-testid="invited-role">
            {j.invitedAs(copy.team.roles[invitation.role])}
          </p>
        </div>
      </div>
      <p className="text-sm leading-6 text-slate-600">{j.poolNote}</p>
      <p className="text-xs break-all text-slate-500">{j.sentTo(invitation.email)}</p>
      {otherAccount ? (
        <>
          <Alert>{errorMessages.TEAM_INVITE_WRONG_ACCOUNT}</Alert>
          <SwitchAccount token={token} />
        </>
      ) : (
        <>
          {joinError && <Alert>{joinError}</Alert>}
          {isWrongAccount(join.error) && <SwitchAccount token={token} />}
          <Button
            size="lg"
            fullWidth
            busy={join.isPending || join.isSuccess}
            busyLabel={j.joining}
            onClick={() => join.mutate()}
          >
            {j.joinButton}
          </Button>
        </>
      )}
    </div>
  );
}

/** A signed-in, verified user: whose team, which role, and "Join Team". */
export function InvitationCard({ token }: { token: string }) {
  const invitation = useQuery({
    queryKey: ['team-invitation', token],
    queryFn: () => fetchInvitation(token),
    retry: false,
    refetchOnWindowFocus: false,
  });
  return (
    <AuthLayout
      title={j.title}
      subtitle={invitation.data ? j.invitedBy(invitation.data.ownerName) : undefined}
    >
      {invitation.isPending ? (
        <div role="status" className="flex flex-col items-center gap-4 py-6 text-brand-600">
          <Spinner size="lg" />
          <p className="text-[15px] text-slate-700">{j.loading}</p>
        </div>
      ) : invitation.isError ? (
        <div className="flex flex-col gap-5">
          <Alert>{describeError(invitation.error)}</Alert>
          {isWrongAccount(invitation.error) ? (
            <SwitchAccount token={token} />
          ) : (
            <ButtonLink to="/app" size="lg">
              {teamWebCopy.join.goToApp}
            </ButtonLink>
          )}
        </div>
      ) : (
        <InvitationDetails token={token} invitation={invitation.data} />
      )}
    </AuthLayout>
  );
}
