import clsx from 'clsx';
import { alignments, copy, type Alignment } from '@reframe/shared';
import { Card } from '../../components/Card';

const r = copy.resizer;

/** The 3x3 grid of alignments, in reading order: corners, sides and the centre. */
const GRID: readonly Alignment[] = [
  'top-left',
  'top',
  'top-right',
  'left',
  'center',
  'right',
  'bottom-left',
  'bottom',
  'bottom-right',
];

/** Where the original sits on every canvas of the run: centred (the brief) or against a side. */
export function AlignmentPicker({
  value,
  disabled,
  onChange,
}: {
  value: Alignment;
  disabled: boolean;
  onChange: (alignment: Alignment) => void;
}) {
  return (
    <Card className="p-5 sm:p-6">
      <fieldset disabled={disabled}>
        <legend className="text-sm font-semibold text-slate-900">{r.alignmentTitle}</legend>
        <div className="mt-3 flex items-center gap-4">
          <div className="grid grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1">
            {GRID.map((alignment) => (
              <label
                key={alignment}
                title={r.alignments[alignment]}
                className={clsx(
                  'grid size-8 place-items-center rounded-md',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
                  value === alignment ? 'bg-brand-600' : 'bg-white hover:bg-brand-50',
                  disabled ? 'cursor-not-allowed opacity-55' : 'cursor-pointer',
                )}
              >
                <input
                  type="radio"
                  name="alignment"
                  className="sr-only"
                  value={alignment}
                  checked={value === alignment}
                  onChange={() => onChange(alignment)}
                  aria-label={r.alignments[alignment]}
                />
                <span
                  aria-hidden="true"
                  className={clsx(
                    'block size-2.5 rounded-sm',
                    value === alignment ? 'bg-white' : 'bg-slate-400',
                  )}
                />
              </label>
            ))}
          </div>
          <p className="text-sm text-slate-700" data-testid="alignment-value">
            {r.alignments[value]}
          </p>
        </div>
      </fieldset>
    </Card>
  );
}

export const DEFAULT_ALIGNMENT: Alignment = alignments[0];
