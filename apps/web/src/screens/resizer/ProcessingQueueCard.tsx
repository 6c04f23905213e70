import { RotateCcw } from 'lucide-react';
import { copy, errorMessages } from '@reframe/shared';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Spinner } from '../../components/Spinner';
import type { QueueItem } from './run/run-queue';
import { StatusBadge } from './StatusBadge';

const r = copy.resizer;

/** The queue; a failed ratio gets its own Retry, which runs (and charges) that ratio alone. */
export function ProcessingQueueCard({
  queue,
  hasCredits,
  onRetry,
}: {
  queue: QueueItem[];
  hasCredits: boolean;
  onRetry: (ratio: string) => void;
}) {
  return (
    <Card className="p-5 sm:p-6" aria-labelledby="queue-heading">
      <h2 id="queue-heading" className="text-base font-semibold text-slate-900">
        {r.processingQueue}
      </h2>
      <ul className="mt-4 divide-y divide-slate-100" aria-live="polite">
        {queue.map((item) => (
          <li key={item.ratio} className="py-3 first:pt-0 last:pb-0" data-testid="queue-item">
            <div className="flex items-center justify-between gap-3">
              <span className="text-sm font-semibold text-slate-900">{item.ratio}</span>
              <StatusBadge status={item.status} />
            </div>
            <QueueDetail item={item} />
            {item.status === 'error' && (
              <Button
                variant="secondary"
                className="mt-2 h-8 px-3"
                aria-label={r.retryLabel(item.ratio)}
                title={hasCredits ? undefined : errorMessages.OUT_OF_CREDITS_TOOLTIP}
                disabled={!hasCredits}
                onClick={() => onRetry(item.ratio)}
              >
                <RotateCcw aria-hidden="true" className="size-3.5" />
                {r.retry}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}

function QueueDetail({ item }: { item: QueueItem }) {
  if (item.status === 'error') {
    return <p className="mt-1.5 text-sm text-red-700">{item.statusText}</p>;
  }
  if (item.status !== 'processing' && item.status !== 'retrying') return null;
  return (
    <div className="mt-2 flex gap-2.5 rounded-lg bg-slate-50 px-3 py-2.5">
      <Spinner size="sm" className="mt-0.5 text-brand-600" />
      <div className="min-w-0 text-sm">
        <p className="font-medium text-slate-800">{item.statusText}</p>
        <p className="mt-0.5 text-slate-500">{r.helper[item.helper]}</p>
      </div>
    </div>
  );
}
