import { Coins, Sparkles } from 'lucide-react';
import { copy } from '@reframe/shared';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';

const r = copy.resizer;

export function ProcessControls({
  count,
  running,
  runningRatio,
  disabled,
  remainingCredits,
  error,
  onProcess,
}: {
  count: number;
  running: boolean;
  runningRatio: string | null;
  disabled: boolean;
  remainingCredits: number | null;
  error: string | null;
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
        <p className="flex items-center justify-center gap-1.5 text-xs text-slate-500">
          <Coins aria-hidden="true" className="size-3.5" />
          <span data-testid="credits-left" className="font-medium text-slate-700">
            {r.creditsLeft(remainingCredits)}
          </span>
          <span aria-hidden="true">·</span>
          {r.creditPerRatio}
        </p>
      )}
      {error && <Alert>{error}</Alert>}
    </div>
  );
}
