import clsx from 'clsx';
import { TriangleAlert } from 'lucide-react';
import { copy, isLowConfidence } from '@reframe/shared';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { alternativesFor, type Alternative, type Deployment } from './alternatives';
import type { ExpandedImage } from './run/run-prediction';

const r = copy.resizer;

/**
 * A result's way out (issue 38), single or bulk: a weak result warns and offers its cleaner
 * versions as buttons (as links on a bulk run's small tile); a result the engine is sure of offers
 * the same, quietly, as links. Each is one click: one regeneration, one credit.
 */
export function ResultAlternatives({
  result,
  original,
  deployment,
  compact = false,
  disabled,
  onChoose,
  onChangePlacement,
}: {
  result: Pick<ExpandedImage, 'confidence' | 'framing' | 'style' | 'crop'>;
  /** The uploaded original's size, to tell whether the result trimmed it. */
  original: { width: number; height: number } | null;
  /** What this deployment makes. Until it and the original are known, only the warning shows. */
  deployment: Deployment | null;
  /** On a bulk run's small tile: a one-line warning, and links rather than buttons. */
  compact?: boolean;
  disabled: boolean;
  onChoose: (alternative: Alternative) => void;
  /** Takes the user to the placement picker, where the warning can offer it. */
  onChangePlacement?: () => void;
}) {
  const weak = isLowConfidence(result.confidence);
  const alternatives = original && deployment ? alternativesFor(result, original, deployment) : [];
  const links = (title: string, testId: string) =>
    alternatives.length > 0 && (
      <AlternativeLinks
        title={title}
        testId={testId}
        className={compact ? undefined : '-mt-1'}
        alternatives={alternatives}
        disabled={disabled}
        onChoose={onChoose}
      />
    );
  if (!weak) return links(r.otherVersionsTitle, 'other-versions');
  if (compact) {
    return (
      <div className="flex flex-col gap-1">
        <p className="flex gap-1 font-medium text-amber-800" role="status">
          <TriangleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" />
          <span data-testid="low-confidence">{r.lowConfidenceBrief}</span>
        </p>
        {links(r.alternativesTitle, 'alternatives')}
      </div>
    );
  }
  return (
    <Alert tone="warning" className="px-3 py-2.5 text-xs">
      <p data-testid="low-confidence">{r.lowConfidence}</p>
      {onChangePlacement && (
        <button
          type="button"
          onClick={onChangePlacement}
          className="mt-1 font-semibold underline underline-offset-2 hover:text-amber-700 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-amber-600"
        >
          {r.lowConfidenceAction}
        </button>
      )}
      {alternatives.length > 0 && (
        <AlternativeButtons alternatives={alternatives} disabled={disabled} onChoose={onChoose} />
      )}
    </Alert>
  );
}

interface AlternativesProps {
  alternatives: readonly Alternative[];
  disabled: boolean;
  onChoose: (alternative: Alternative) => void;
}

/** A weak result's cleaner versions, as buttons in its warning. */
function AlternativeButtons({ alternatives, disabled, onChoose }: AlternativesProps) {
  return (
    <div className="mt-2.5" data-testid="alternatives">
      <p className="font-medium">{r.alternativesTitle}</p>
      <div className="mt-1.5 flex flex-col gap-1.5">
        {alternatives.map((alternative) => (
          <Button
            key={alternative.id}
            variant="secondary"
            // One per row, the label wrapping and the cost kept whole, however narrow the card.
            className="h-auto! min-h-8 w-full justify-between! gap-2 px-2.5 py-1 text-xs whitespace-normal!"
            disabled={disabled}
            onClick={() => onChoose(alternative)}
          >
            <span className="min-w-0 text-left">{alternative.label}</span>
            <span className="shrink-0 font-normal whitespace-nowrap text-slate-500">
              {' '}
              · {r.alternativeCost}
            </span>
          </Button>
        ))}
      </div>
    </div>
  );
}

/** The alternatives as links, under a title that says what they cost. */
function AlternativeLinks({
  title,
  testId,
  className,
  alternatives,
  disabled,
  onChoose,
}: AlternativesProps & { title: string; testId: string; className?: string }) {
  return (
    <p
      className={clsx(
        'flex flex-wrap items-baseline gap-x-3 gap-y-1 text-xs text-slate-600',
        className,
      )}
      data-testid={testId}
    >
      <span>{title}</span>
      {alternatives.map((alternative) => (
        <button
          key={alternative.id}
          type="button"
          disabled={disabled}
          onClick={() => onChoose(alternative)}
          className="text-left font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:text-slate-400 disabled:no-underline"
        >
          {alternative.label}
        </button>
      ))}
    </p>
  );
}
