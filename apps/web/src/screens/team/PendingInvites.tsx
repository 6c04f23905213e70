import { Clock, MailPlus } from 'lucide-react';
import { copy, type TeamInvite } from '@reframe/shared';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { formatBillingDate } from '../billing/current-plan';

const t = copy.team;

/** Invitations not yet answered; each holds a seat until it is used, revoked or expires. */
export function PendingInvites({
  invites,
  busyId,
  onRevoke,
}: {
  invites: TeamInvite[];
  busyId: string | null;
  onRevoke: (invite: TeamInvite) => void;
}) {
  return (
    <section aria-labelledby="team-pending-title">
      <Card className="overflow-hidden">
        <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-5 py-4 sm:px-6">
          <h2 id="team-pending-title" className="text-base font-semibold text-slate-900">
            {t.pendingTitle}
          </h2>
          <span className="text-sm text-slate-500 tabular-nums">{invites.length}</span>
        </div>
        {invites.length === 0 ? (
          <p className="px-5 py-5 text-sm text-slate-600 sm:px-6">{t.noPending}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {invites.map((invite) => (
              <li
                key={invite.id}
                data-testid="team-invite"
                className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6"
              >
                <div className="flex min-w-0 items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="grid size-9 shrink-0 place-items-center rounded-full bg-slate-100 text-slate-500"
                  >
                    <MailPlus className="size-4" />
                  </span>
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium text-slate-900">{invite.email}</p>
                    <p className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-slate-500">
                      <Badge>{t.roles[invite.role]}</Badge>
                      <span className="inline-flex items-center gap-1">
                        <Clock aria-hidden="true" className="size-3.5" />
                        {t.expiresOn(formatBillingDate(invite.expiresAt) ?? invite.expiresAt)}
                      </span>
                    </p>
                  </div>
                </div>
                <Button
                  variant="secondary"
                  className="self-start sm:self-auto"
                  aria-label={t.revokeLabel(invite.email)}
                  busy={busyId === invite.id}
                  onClick={() => onRevoke(invite)}
                >
                  {t.revoke}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}
