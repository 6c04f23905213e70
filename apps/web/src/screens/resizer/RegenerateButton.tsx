import { RefreshCw } from 'lucide-react';
import { copy, errorMessages } from '@reframe/shared';
import { Button } from '../../components/Button';
import { Tooltip } from '../../components/Tooltip';

const sizes = {
  /** A single result's card. */
  regular: { button: 'h-9 px-3', icon: 'size-4' },
  /** A bulk tile. */
  compact: { button: 'h-8 px-2 text-xs', icon: 'size-3.5' },
} as const;

/**
 * Regenerate for one result, single or bulk: disabled and spinning while its output is busy, and
 * without credits disabled with the out-of-credits tooltip, which the button describes.
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
    <Tooltip className="w-full" text={hasCredits ? null : errorMessages.OUT_OF_CREDITS_TOOLTIP}>
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
          {copy.resizer.regenerate}
        </Button>
      )}
    </Tooltip>
  );
}
