import { X } from 'lucide-react';
import {
  copy,
  placementPacks,
  type SelectionItem,
  type SelectionSummary as Summary,
} from '@reframe/shared';
import { Card } from '../../components/Card';

const r = copy.resizer;

/** How the summary and the run's confirmation name one selected item: "16:9", "Meta, 4 sizes". */
export function selectionItemName(item: SelectionItem): string {
  if (item.kind !== 'pack') return r.outputName(item.key);
  const pack = placementPacks.find((candidate) => candidate.id === item.packId);
  return r.packName(pack?.label ?? item.packId, item.keys.length);
}

const keysOf = (item: SelectionItem) => (item.kind === 'pack' ? item.keys : [item.key]);

/**
 * Everything selected across the tabs and the custom field, each removable, with what the run
 * will be charged and a warning when two outputs would be the same image.
 */
export function SelectionSummary({
  summary,
  credits,
  photos,
  disabled,
  onRemove,
}: {
  summary: Summary;
  /** The credits the run is charged, as the Process button will start it. */
  credits: number;
  photos: number;
  disabled: boolean;
  onRemove: (keys: readonly string[]) => void;
}) {
  return (
    <Card className="p-5 sm:p-6" aria-labelledby="selection-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="selection-heading" className="text-sm font-semibold text-slate-900">
          {r.selectionTitle}
        </h2>
        <p className="text-sm font-semibold text-slate-900" data-testid="selection-credits">
          {r.selectionCredits(credits)}
        </p>
      </div>
      {photos > 1 && (
        <p className="mt-1 text-xs text-slate-500">
          {r.selectionPerPhoto(summary.outputs.length, photos)}
        </p>
      )}
      {summary.items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">{r.selectionEmpty}</p>
      ) : (
        <ul className="mt-3 flex flex-wrap gap-2" data-testid="selection-items">
          {summary.items.map((item) => {
            const name = selectionItemName(item);
            return (
              <li
                key={keysOf(item).join(' ')}
                className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm font-medium text-brand-800 ring-1 ring-brand-200"
              >
                <span data-testid="selection-item">{name}</span>
                <button
                  type="button"
                  aria-label={r.selectionRemove(name)}
                  disabled={disabled}
                  className="grid size-6 place-items-center rounded-full hover:bg-brand-100 disabled:opacity-50"
                  onClick={() => onRemove(keysOf(item))}
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {summary.sameShape.length > 0 && (
        <ul
          role="status"
          data-testid="same-shape-warning"
          className="mt-3 flex flex-col gap-1 rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-3 text-sm text-amber-900"
        >
          {summary.sameShape.map(([first, second]) => (
            <li key={`${first} ${second}`}>
              {r.sameShape(r.outputName(first), r.outputName(second))}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
