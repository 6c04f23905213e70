import { Coins, Users } from 'lucide-react';
import { copy, teamWebCopy, type TeamView } from '@reframe/shared';
import { Badge } from '../../components/Badge';
import { Card } from '../../components/Card';
import { useUsageStats } from '../../components/use-usage-stats';

const t = copy.team;

/** The team at a glance: whose it is, the viewer's role, seats taken, and the shared balance. */
export function TeamOverview({ view }: { view: TeamView }) {
  const { team, role } = view;
  const usage = useUsageStats();
  const usedShare = team.seatLimit > 0 ? Math.min(1, team.seatsUsed / team.seatLimit) : 1;
  // The pool is the owner's balance: the owner's own, or a member's while the team is active.
  const pool =
    !team.suspended && (role === 'owner' || usage.data?.team) ? usage.remainingCredits : null;
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex items-start gap-4">
        <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
          <Users aria-hidden="true" className="size-6" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-lg font-semibold text-slate-900" data-testid="team-name">
              {teamWebCopy.teamName(team.ownerName)}
            </h2>
            <Badge tone={team.suspended ? 'warning' : 'neutral'}>{t.roles[role]}</Badge>
          </div>
          <p className="mt-1 text-sm leading-6 text-slate-600">
            {role === 'owner' ? teamWebCopy.youAreOwner : t.memberOf(team.ownerName)}
          </p>
        </div>
      </div>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2">
        <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200/70">
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
            {teamWebCopy.seatsLabel}
          </dt>
          <dd className="mt-1.5">
            <span className="text-base font-semibold text-slate-900" data-testid="team-seats">
              {t.seats(team.seatsUsed, team.seatLimit)}
            </span>
            <span
              aria-hidden="true"
              className="mt-3 block h-2 overflow-hidden rounded-full bg-slate-200"
            >
              <span
                className="block h-full rounded-full bg-brand-600"
                style={{ width: `${usedShare * 100}%` }}
              />
            </span>
          </dd>
        </div>
        {pool !== null && (
          <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200/70">
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
              {teamWebCopy.teamCredits}
            </dt>
            <dd className="mt-1.5 flex items-center gap-2 text-base font-semibold text-slate-900">
              <Coins aria-hidden="true" className="size-4 text-brand-600" />
              <span data-testid="team-pool">{t.poolBalance(pool)}</span>
            </dd>
          </div>
        )}
      </dl>
    </Card>
  );
}
