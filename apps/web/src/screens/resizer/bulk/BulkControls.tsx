import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { copy, formatMessage, type SelectionSummary } from '@reframe/shared';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { selectionItemName } from '../SelectionSummary';

const r = copy.resizer;

/**
 * Process, then confirm: the run's cost against the balance ("This run uses 12 credits; you have
 * 30.") before anything is sent. The server checks the same again and refuses a run it cannot
 * pay for whole.
 */
export function BulkControls({
  photos,
  summary,
  remainingCredits,
  disabled,
  running,
  error,
  onStart,
}: {
  photos: number;
  summary: SelectionSummary;
  remainingCredits: number | null;
  disabled: boolean;
  running: boolean;
  error: string | null;
  onStart: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const needed = summary.credits;
  const outputs = summary.outputs.length;
  const short = remainingCredits !== null && needed > remainingCredits;
  return (
    <div className="flex flex-col gap-3">
      {confirming ? (
        <div className="flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4">
          <div className="text-sm text-brand-950">
            <p className="font-medium">{r.bulkChargeTitle}</p>
            <ul className="mt-1 list-disc pl-5" data-testid="run-charges">
              {summary.items.map((item) => (
                <li key={selectionItemName(item)}>{selectionItemName(item)}</li>
              ))}
            </ul>
            <p className="mt-1">{r.selectionPerPhoto(outputs, photos)}</p>
          </div>
          <p className="text-sm font-medium text-brand-950" data-testid="run-cost">
            {formatMessage.runCredits(needed, remainingCredits ?? 0)}
          </p>
          <div className="grid grid-cols-2 gap-2">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {r.bulkCancel}
            </Button>
            <Button
              disabled={short}
              data-testid="confirm-run"
              onClick={() => {
                setConfirming(false);
                onStart();
              }}
            >
              {r.bulkConfirm}
            </Button>
          </div>
        </div>
      ) : (
        <Button
          size="lg"
          fullWidth
          busy={running}
          disabled={disabled || running || needed === 0}
          onClick={() => setConfirming(true)}
          data-testid="process-button"
        >
          <Sparkles aria-hidden="true" className="size-5" />
          {r.bulkProcessButton(photos, outputs)}
        </Button>
      )}
      {error && <Alert>{error}</Alert>}
    </div>
  );
}
