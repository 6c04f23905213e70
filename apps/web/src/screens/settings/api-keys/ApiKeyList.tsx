import clsx from 'clsx';
import { KeyRound } from 'lucide-react';
import { apiWebCopy, type ApiKeySummary } from '@reframe/shared';
import { Button } from '../../../components/Button';
import { formatKeyDate, lastUsedLabel, shownPrefix } from './api-key-display';

const k = apiWebCopy.keys;

function ModeBadge({ mode }: { mode: ApiKeySummary['mode'] }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        mode === 'live'
          ? 'bg-emerald-50 text-emerald-700 ring-emerald-600/20'
          : 'bg-amber-50 text-amber-800 ring-amber-600/25',
      )}
    >
      {k.modes[mode]}
    </span>
  );
}

/** A key whose maker lost the rights it was made with: calls get 401 until they regain them. */
function SuspendedBadge() {
  return (
    <span className="inline-flex items-center rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-700 ring-1 ring-red-600/20 ring-inset">
      {k.suspended}
    </span>
  );
}

/**
 * The account's keys, one row each, with Revoke (which asks first). `explainSuspended`: say under
 * a suspended key why (a read-only list says it once, above).
 */
export function ApiKeyList({
  keys,
  busyId,
  onRevoke,
  explainSuspended,
}: {
  keys: readonly ApiKeySummary[];
  busyId: string | null;
  onRevoke: (key: ApiKeySummary) => void;
  explainSuspended: boolean;
}) {
  if (keys.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
        {k.empty}
      </p>
    );
  }
  return (
    <ul aria-label={k.listLabel} className="divide-y divide-slate-200">
      {keys.map((key) => (
        <li
          key={key.id}
          data-testid="api-key"
          className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="flex min-w-0 gap-3">
            <span className="mt-0.5 grid size-9 shrink-0 place-items-center rounded-lg bg-slate-100 text-slate-600">
              <KeyRound aria-hidden="true" className="size-4.5" />
            </span>
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2">
                <span className="truncate font-medium text-slate-900">{key.name}</span>
                <ModeBadge mode={key.mode} />
                {key.suspended && <SuspendedBadge />}
              </p>
              <p className="mt-1 font-mono text-[13px] break-all text-slate-700">
                {shownPrefix(key)}
              </p>
              <p className="mt-1 text-xs text-slate-500">
                {k.createdOn(formatKeyDate(key.createdAt))} · {lastUsedLabel(key)}
              </p>
              {key.suspended && explainSuspended && (
                <p className="mt-1 text-xs text-red-700">{k.suspendedHint}</p>
              )}
            </div>
          </div>
          <Button
            variant="secondary"
            className="shrink-0 self-start text-red-700 sm:self-center"
            aria-label={k.revokeLabel(key.name)}
            busy={busyId === key.id}
            busyLabel={k.revoking}
            onClick={() => onRevoke(key)}
          >
            {k.revoke}
          </Button>
        </li>
      ))}
    </ul>
  );
}
