import { UserMinus } from 'lucide-react';
import {
  copy,
  inviteRoles,
  teamWebCopy,
  type InviteRole,
  type TeamMember,
  type TeamRole,
} from '@reframe/shared';
import { describeError } from '../../api/api-error';
import { Alert } from '../../components/Alert';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Select } from '../../components/Select';
import { canChangeRole, canRemove, isInviteRole } from './team-permissions';
import { useChangeRole } from './use-team';

const t = copy.team;

interface Viewer {
  role: TeamRole;
  userId: string;
}

function Avatar({ name }: { name: string }) {
  return (
    <span
      aria-hidden="true"
      className="grid size-9 shrink-0 place-items-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700"
    >
      {name.charAt(0).toUpperCase() || '?'}
    </span>
  );
}

function MemberName({ member, viewer }: { member: TeamMember; viewer: Viewer }) {
  return (
    <span className="flex min-w-0 items-center gap-3">
      <Avatar name={member.name} />
      <span className="min-w-0 truncate font-medium text-slate-900">
        {member.name}
        {member.userId === viewer.userId && (
          <span className="ml-1.5 font-normal text-slate-500">{t.you}</span>
        )}
      </span>
    </span>
  );
}

function RoleCell({
  member,
  viewer,
  busy,
  onChange,
}: {
  member: TeamMember;
  viewer: Viewer;
  busy: boolean;
  onChange: (role: InviteRole) => void;
}) {
  if (!canChangeRole(viewer, member)) {
    return <Badge>{t.roles[member.role]}</Badge>;
  }
  return (
    <Select
      size="sm"
      className="w-32"
      aria-label={t.changeRoleLabel(member.name)}
      value={member.role}
      disabled={busy}
      onChange={(event) => {
        if (isInviteRole(event.target.value)) onChange(event.target.value);
      }}
    >
      {inviteRoles.map((role) => (
        <option key={role} value={role}>
          {t.roles[role]}
        </option>
      ))}
    </Select>
  );
}

function RemoveButton({
  member,
  busy,
  onRemove,
}: {
  member: TeamMember;
  busy: boolean;
  onRemove: () => void;
}) {
  return (
    <Button
      variant="ghost"
      className="text-red-700! hover:bg-red-50!"
      aria-label={t.removeLabel(member.name)}
      busy={busy}
      onClick={onRemove}
    >
      <UserMinus aria-hidden="true" className="size-4" />
      {t.remove}
    </Button>
  );
}

/** Everyone in the team: a table on wide screens, a list of rows on phones. */
export function MembersTable({
  members,
  viewer,
  busyId,
  onRemove,
}: {
  members: TeamMember[];
  viewer: Viewer;
  busyId: string | null;
  onRemove: (member: TeamMember) => void;
}) {
  const roleChange = useChangeRole();
  const changingId = roleChange.isPending ? roleChange.variables.userId : null;
  const roleCell = (member: TeamMember) => (
    <RoleCell
      member={member}
      viewer={viewer}
      busy={changingId === member.userId}
      onChange={(role) => roleChange.mutate({ userId: member.userId, role })}
    />
  );
  const removeButton = (member: TeamMember) =>
    canRemove(viewer, member) ? (
      <RemoveButton
        member={member}
        busy={busyId === member.userId}
        onRemove={() => onRemove(member)}
      />
    ) : null;

  return (
    <section aria-labelledby="team-members-title">
      <Card className="overflow-hidden">
        <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-5 py-4 sm:px-6">
          <h2 id="team-members-title" className="text-base font-semibold text-slate-900">
            {t.membersTitle}
          </h2>
          <span className="text-sm text-slate-500 tabular-nums">{members.length}</span>
        </div>
        {roleChange.isError && (
          <Alert className="m-5 sm:mx-6">{describeError(roleChange.error)}</Alert>
        )}

        <table className="hidden w-full table-fixed text-left text-sm md:table">
          <thead className="bg-slate-50 text-xs font-medium tracking-wide text-slate-500 uppercase">
            <tr>
              <th scope="col" className="px-6 py-3">
                {t.columns.name}
              </th>
              <th scope="col" className="px-3 py-3">
                {t.columns.email}
              </th>
              <th scope="col" className="w-40 px-3 py-3">
                {t.columns.role}
              </th>
              <th scope="col" className="w-32 px-3 py-3 text-right">
                {t.columns.creditsUsed}
              </th>
              <th scope="col" className="w-36 px-6 py-3">
                <span className="sr-only">{teamWebCopy.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {members.map((member) => (
              <tr key={member.userId} data-testid="team-member">
                <td className="px-6 py-3.5">
                  <MemberName member={member} viewer={viewer} />
                </td>
                <td className="truncate px-3 py-3.5 text-slate-600" title={member.email}>
                  {member.email}
                </td>
                <td className="px-3 py-3.5">{roleCell(member)}</td>
                <td
                  className="px-3 py-3.5 text-right font-medium text-slate-900 tabular-nums"
                  data-testid="credits-used"
                >
                  {member.creditsUsedThisMonth}
                </td>
                <td className="px-6 py-2 text-right">{removeButton(member)}</td>
              </tr>
            ))}
          </tbody>
        </table>

        <ul className="divide-y divide-slate-100 md:hidden">
          {members.map((member) => (
            <li key={member.userId} className="px-5 py-4" data-testid="team-member">
              <div className="flex items-start gap-3">
                <Avatar name={member.name} />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-slate-900">
                    {member.name}
                    {member.userId === viewer.userId && (
                      <span className="ml-1.5 font-normal text-slate-500">{t.you}</span>
                    )}
                  </p>
                  <p className="truncate text-sm text-slate-600">{member.email}</p>
                  <p className="mt-1 text-sm text-slate-600">
                    {t.columns.creditsUsed}:{' '}
                    <span
                      className="font-semibold text-slate-900 tabular-nums"
                      data-testid="credits-used"
                    >
                      {member.creditsUsedThisMonth}
                    </span>
                  </p>
                </div>
              </div>
              <div className="mt-3 flex items-center justify-between gap-3 pl-12">
                {roleCell(member)}
                {removeButton(member)}
              </div>
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}
