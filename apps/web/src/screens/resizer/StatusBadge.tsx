import clsx from 'clsx';
import { CircleAlert, CircleCheck, Clock, RotateCw } from 'lucide-react';
import { copy } from '@reframe/shared';
import { Spinner } from '../../components/Spinner';
import type { QueueStatus } from './run/run-queue';

const styles: Record<QueueStatus, string> = {
  pending: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  processing: 'bg-brand-50 text-brand-700 ring-brand-600/20',
  retrying: 'bg-amber-50 text-amber-800 ring-amber-600/25',
  completed: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  error: 'bg-red-50 text-red-700 ring-red-600/20',
};

function StatusIcon({ status }: { status: QueueStatus }) {
  switch (status) {
    case 'pending':
      return <Clock aria-hidden="true" className="size-3.5" />;
    case 'processing':
      return <Spinner size="sm" className="size-3 border-[1.5px]" />;
    case 'retrying':
      return <RotateCw aria-hidden="true" className="size-3.5" />;
    case 'completed':
      return <CircleCheck aria-hidden="true" className="size-3.5" />;
    case 'error':
      return <CircleAlert aria-hidden="true" className="size-3.5" />;
  }
}

/** The queue's badges: Pending, Processing, Retrying, Completed and Error. */
export function StatusBadge({ status }: { status: QueueStatus }) {
  return (
    <span
      data-testid="queue-status"
      className={clsx(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        styles[status],
      )}
    >
      <StatusIcon status={status} />
      {copy.resizer.status[status]}
    </span>
  );
}
