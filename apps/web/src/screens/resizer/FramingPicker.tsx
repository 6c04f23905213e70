import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import {
  copy,
  defaultFraming,
  fillStyles,
  framingsFor,
  hostedModelMakes,
  type FillStyle,
  type FramingMode,
} from '@reframe/shared';
import { siteConfigQuery } from '../../api/site-config';
import { Card } from '../../components/Card';

const r = copy.resizer;

/** The run's framing and fill style; no framing chosen yet means the deployment's default. */
export interface FramingChoice {
  framing: FramingMode | undefined;
  style: FillStyle;
}

export const DEFAULT_FRAMING_CHOICE: FramingChoice = { framing: undefined, style: 'natural' };

/**
 * Framing (how much of the photo may be trimmed) and style (how the new area is filled), for
 * every output of the run (issue 38). The framings offered and the default follow the provider:
 * a hosted model keeps the whole photo.
 */
export function FramingPicker({
  value,
  disabled,
  onChange,
}: {
  value: FramingChoice;
  disabled: boolean;
  onChange: (choice: FramingChoice) => void;
}) {
  const provider = useQuery(siteConfigQuery).data?.aiProvider ?? 'engine';
  const offered = framingsFor(provider, value.style);
  const framing =
    value.framing && offered.includes(value.framing)
      ? value.framing
      : defaultFraming(provider, value.style);
  return (
    <Card className="p-5 sm:p-6">
      <fieldset disabled={disabled} data-testid="framing-picker">
        <legend className="text-sm font-semibold text-slate-900">{r.framingTitle}</legend>
        <Choices
          name="framing"
          options={offered.map((mode) => ({ value: mode, label: r.framings[mode] }))}
          value={framing}
          disabled={disabled}
          onChange={(mode) => onChange({ ...value, framing: mode })}
        />
        <p className="mt-2 text-xs text-slate-500" data-testid="framing-hint">
          {hostedModelMakes(provider, value.style) ? r.framingNeedsEngine : r.framingHint[framing]}
        </p>
      </fieldset>
      <fieldset disabled={disabled} className="mt-4" data-testid="style-picker">
        <legend className="text-sm font-semibold text-slate-900">{r.styleTitle}</legend>
        <Choices
          name="style"
          options={fillStyles.map((style) => ({ value: style, label: r.styles[style] }))}
          value={value.style}
          disabled={disabled}
          onChange={(style) => onChange({ ...value, style })}
        />
      </fieldset>
    </Card>
  );
}

function Choices<T extends string>({
  name,
  options,
  value,
  disabled,
  onChange,
}: {
  name: string;
  options: readonly { value: T; label: string }[];
  value: T;
  disabled: boolean;
  onChange: (value: T) => void;
}) {
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      {options.map((option) => (
        <label
          key={option.value}
          className={clsx(
            'inline-flex h-9 items-center rounded-lg px-3 text-sm font-semibold',
            'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
            value === option.value
              ? 'bg-brand-600 text-white'
              : 'bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-brand-50',
            disabled ? 'cursor-not-allowed opacity-55' : 'cursor-pointer',
          )}
        >
          <input
            type="radio"
            name={name}
            className="sr-only"
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </div>
  );
}
