import { Coins, Sparkles, Users } from 'lucide-react';
import { Link } from 'react-router';
import { copy, teamWebCopy, type SpendingTeam } from '@reframe/shared';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';

const r = copy.resizer;

export function ProcessControls({
  count,
  selectedCount,
  running,
  runningRatio,
  disabled,
  remainingCredits,
  team,
  error,
  ranAlready,
  onProcess,
}: {
  /** The ratios the run will process: those selected, or as many as the credits pay for. */
  count: number;
  selectedCount: number;
  running: boolean;
  runningRatio: string | null;
  disabled: boolean;
  remainingCredits: number | null;
  /** Set while the user spends from a team's pool (issue 26): the balance is the team's. */
  team: SpendingTeam | null;
  error: string | null;
  /**
   * This image and selection have been run: the balance already paid for that run, so a
   * shortfall notice would read as if it had failed (issue 41). It comes back on a new choice.
   */
  ranAlready: boolean;
  onProcess: () => void;
}) {
  return (
    <div className="flex flex-col gap-3">
      <Button
        size="lg"
        fullWidth
        busy={running}
        busyLabel={runningRatio ? r.processing(runningRatio) : undefined}
        disabled={disabled}
        onClick={onProcess}
        data-testid="process-button"
      >
        <Sparkles aria-hidden="true" className="size-5" />
        {r.processButton(count)}
      </Button>
      {remainingCredits !== null && (
        <p className="flex flex-wrap items-center justify-center gap-1.5 text-xs text-slate-500">
          {team ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 font-semibold text-brand-700 ring-1 ring-brand-100">
              <Users aria-hidden="true" className="size-3.5" />
              {teamWebCopy.teamCredits}
            </span>
          ) : (
            <Coins aria-hidden="true" className="size-3.5" />
          )}
          <span data-testid="credits-left" className="font-medium text-slate-700">
            {team
              ? copy.team.creditsLeftInPool(remainingCredits, team.ownerName)
              : r.creditsLeft(remainingCredits)}
          </span>
          {/* A member's longer balance line takes the row: the rule goes below it. */}
          {!team && <span aria-hidden="true">·</span>}
          <span className={team ? 'basis-full text-center' : undefined}>{r.creditPerRatio}</span>
        </p>
      )}
      {!ranAlready &&
        remainingCredits !== null &&
        remainingCredits > 0 &&
        selectedCount > remainingCredits && (
          <div
            role="status"
            data-testid="credits-warning"
            className="rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-3 text-sm text-amber-900"
          >
            <p className="font-medium">{r.creditsShort(selectedCount, remainingCredits)}</p>
            <p className="mt-1">
              {r.creditsShortAction(count)}{' '}
              <Link to="/app/billing" className="font-semibold underline underline-offset-2">
                {r.upgradePlan}
              </Link>
            </p>
          </div>
        )}
      {error && <Alert>{error}</Alert>}
    </div>
  );
}
