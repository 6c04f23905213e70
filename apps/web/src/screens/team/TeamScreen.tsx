import { copy, teamWebCopy, type TeamView } from '@reframe/shared';
import { describeError } from '../../api/api-error';
import { useAuth } from '../../auth/use-auth';
import { Alert } from '../../components/Alert';
import { AppPage } from '../../components/AppPage';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Spinner } from '../../components/Spinner';
import { InviteForm } from './InviteForm';
import { LeaveTeamSection } from './LeaveTeamSection';
import { MembersTable } from './MembersTable';
import { NotInPlan } from './NotInPlan';
import { PendingInvites } from './PendingInvites';
import { TeamOverview } from './TeamOverview';
import { canLeave, canManageInvites } from './team-permissions';
import { useTeam, useTeamActions } from './use-team';

const t = copy.team;

/** /app/team: the Expert owner's team, its members, its invitations (issue 26). */
export function TeamScreen() {
  const team = useTeam();
  return (
    <AppPage title={t.title} lead={t.lead}>
      {team.isPending ? (
        <div role="status" className="grid min-h-60 place-items-center text-brand-600">
          <Spinner size="lg" />
          <span className="sr-only">{t.title}</span>
        </div>
      ) : team.isError ? (
        <Alert>
          <p className="font-semibold">{teamWebCopy.loadFailed}</p>
          <p className="mt-1">{describeError(team.error)}</p>
        </Alert>
      ) : team.data.team === null ? (
        <NotInPlan />
      ) : (
        <TeamDetails view={team.data} />
      )}
    </AppPage>
  );
}

function TeamDetails({ view }: { view: TeamView }) {
  const { currentUser } = useAuth();
  const actions = useTeamActions();
  const viewer = { role: view.role, userId: currentUser?.uid ?? '' };
  const manages = canManageInvites(view.role);
  return (
    <div className="flex flex-col gap-6">
      {view.team.suspended && <Alert tone="warning">{t.suspended}</Alert>}
      <TeamOverview view={view} />
      {actions.error && <Alert>{describeError(actions.error)}</Alert>}
      {manages && !view.team.suspended && <InviteForm />}
      <MembersTable
        members={view.members}
        viewer={viewer}
        busyId={actions.busyId}
        onRemove={(member) => void actions.remove(member.userId, member.name)}
      />
      {manages && (
        <PendingInvites
          invites={view.invites}
          busyId={actions.busyId}
          onRevoke={(invite) => void actions.revoke(invite.id, invite.email)}
        />
      )}
      {canLeave(view.role) && (
        <LeaveTeamSection
          busy={actions.busyId === viewer.userId}
          onLeave={() => void actions.leave(viewer.userId)}
        />
      )}
      <ConfirmDialog {...actions.dialogProps} />
    </div>
  );
}
