import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { Sparkles } from 'lucide-react';
import type { Ref } from 'react';
import { copy, type Alignment } from '@reframe/shared';
import { siteConfigQuery } from '../../api/site-config';
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

const focusRing = 'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600';

/**
 * Where the original sits on every canvas of the run: chosen per output by the engine ("Auto",
 * the default), or centred or against a side for all of them.
 */
export function AlignmentPicker({
  value,
  disabled,
  onChange,
  fieldsetRef,
}: {
  value: Alignment;
  disabled: boolean;
  onChange: (alignment: Alignment) => void;
  /** The screen scrolls to it and focuses its choice when a result suggests another placement. */
  fieldsetRef?: Ref<HTMLFieldSetElement>;
}) {
  const auto = value === 'auto';
  const provider = useQuery(siteConfigQuery).data?.aiProvider;
  return (
    <Card className="p-5 sm:p-6">
      <fieldset disabled={disabled} ref={fieldsetRef} data-testid="placement-picker">
        <legend className="text-sm font-semibold text-slate-900">{r.alignmentTitle}</legend>
        <div className="mt-3 flex flex-wrap items-center gap-4">
          <label
            className={clsx(
              'inline-flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold',
              focusRing,
              auto
                ? 'bg-brand-600 text-white'
                : 'bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-brand-50',
              disabled ? 'cursor-not-allowed opacity-55' : 'cursor-pointer',
            )}
          >
            <input
              type="radio"
              name="alignment"
              className="sr-only"
              value="auto"
              checked={auto}
              onChange={() => onChange('auto')}
            />
            <Sparkles aria-hidden="true" className="size-4" />
            {r.alignments.auto}
          </label>
          <div className="grid grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1">
            {GRID.map((alignment) => (
              <label
                key={alignment}
                title={r.alignments[alignment]}
                className={clsx(
                  'grid size-8 place-items-center rounded-md',
                  focusRing,
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
        {auto && provider && <p className="mt-3 text-xs text-slate-500">{r.autoHint[provider]}</p>}
      </fieldset>
    </Card>
  );
}

export const DEFAULT_ALIGNMENT: Alignment = 'auto';
