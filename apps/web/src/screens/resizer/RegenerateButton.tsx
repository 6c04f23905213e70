import { RefreshCw } from 'lucide-react';
import { copy, errorMessages } from '@reframe/shared';
import { Button } from '../../components/Button';
import { Tooltip } from '../../components/Tooltip';

const r = copy.resizer;

const sizes = {
  /** A single result's card. */
  regular: { button: 'h-9 px-3', icon: 'size-4' },
  /** A bulk tile: the cost wraps under the word in a narrow tile. */
  compact: {
    button: 'h-auto! min-h-8 flex-wrap px-2 py-1 text-xs whitespace-normal!',
    icon: 'size-3.5',
  },
} as const;

/**
 * Regenerate for one result, single or bulk: its cost on the button and in its tooltip (one
 * credit), disabled and spinning while its output is busy, and without credits disabled with the
 * out-of-credits tooltip instead. The tooltip is the button's description.
 */
export function RegenerateButton({
  hasCredits,
  busy,
  onClick,
  size = 'regular',
}: {
  hasCredits: boolean;
  busy: boolean;
  onClick: () => void;
  size?: keyof typeof sizes;
}) {
  return (
    <Tooltip
      // Takes the row it is in, and no less than its words (a tooltip's span wraps the button).
      className="min-w-fit flex-1"
      width={size === 'compact' ? 'control' : 'text'}
      text={hasCredits ? r.regenerateTooltip : errorMessages.OUT_OF_CREDITS_TOOLTIP}
    >
      {(describedBy) => (
        <Button
          variant="secondary"
          fullWidth
          className={sizes[size].button}
          aria-describedby={describedBy}
          disabled={busy || !hasCredits}
          onClick={onClick}
        >
          <RefreshCw
            aria-hidden="true"
            className={`${sizes[size].icon} ${busy ? 'animate-spin' : ''}`}
          />
          {r.regenerate}
          <span className="font-normal text-slate-500" data-testid="regenerate-cost">
            · {r.regenerateCost}
          </span>
        </Button>
      )}
    </Tooltip>
  );
}
