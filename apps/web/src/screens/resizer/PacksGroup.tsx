import clsx from 'clsx';
import { Check } from 'lucide-react';
import { copy, placementPacks, type PlacementPack } from '@reframe/shared';

const r = copy.resizer;

/**
 * The picker's "Packs" group: ticking a pack selects every one of its placements, each made at
 * its exact pixel size; a single placement can be ticked on its own too.
 */
export function PacksGroup({
  selected,
  disabled,
  onAdd,
  onRemove,
}: {
  selected: readonly string[];
  disabled: boolean;
  onAdd: (ids: string[]) => void;
  onRemove: (ids: string[]) => void;
}) {
  return (
    <div className="flex flex-col gap-2">
      <ul className="flex flex-col gap-2">
        {placementPacks.map((pack) => (
          <li key={pack.id}>
            <PackOption
              pack={pack}
              selected={selected}
              disabled={disabled}
              onAdd={onAdd}
              onRemove={onRemove}
            />
          </li>
        ))}
      </ul>
      <p className="text-xs text-slate-500">{r.packNote}</p>
    </div>
  );
}

function PackOption({
  pack,
  selected,
  disabled,
  onAdd,
  onRemove,
}: {
  pack: PlacementPack;
  selected: readonly string[];
  disabled: boolean;
  onAdd: (ids: string[]) => void;
  onRemove: (ids: string[]) => void;
}) {
  const ids = pack.outputs.map((out) => out.id);
  const all = ids.every((id) => selected.includes(id));
  const togglePack = () =>
    all ? onRemove(ids) : onAdd(ids.filter((id) => !selected.includes(id)));
  return (
    <div
      className={clsx(
        'rounded-xl border p-2.5',
        all ? 'border-brand-500 bg-brand-50/70 ring-1 ring-brand-500' : 'border-slate-200',
      )}
    >
      <label
        className={clsx(
          'flex items-center justify-between gap-3',
          disabled ? 'cursor-not-allowed opacity-55' : 'cursor-pointer',
        )}
      >
        <span className="text-sm font-semibold text-slate-900">
          {pack.label}
          <span className="ml-2 text-xs font-normal text-slate-500">
            {r.packSizes(pack.outputs.length)}
          </span>
        </span>
        <input
          type="checkbox"
          className="peer sr-only"
          checked={all}
          aria-label={r.packName(pack.label, pack.outputs.length)}
          disabled={disabled}
          onChange={togglePack}
          data-testid={`pack-${pack.id}`}
        />
        <Tick checked={all} />
      </label>
      <ul className="mt-2 flex flex-wrap gap-1.5">
        {pack.outputs.map((out) => {
          const checked = selected.includes(out.id);
          return (
            <li key={out.id}>
              <label
                className={clsx(
                  'flex items-center gap-1.5 rounded-lg border px-2 py-1 text-xs',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
                  checked
                    ? 'border-brand-400 bg-white text-brand-800'
                    : 'border-slate-200 bg-white text-slate-600',
                  disabled ? 'cursor-not-allowed opacity-55' : 'cursor-pointer',
                )}
              >
                <input
                  type="checkbox"
                  className="sr-only"
                  checked={checked}
                  aria-label={r.outputName(out.id)}
                  disabled={disabled}
                  onChange={() => (checked ? onRemove([out.id]) : onAdd([out.id]))}
                />
                <span className="font-medium">{out.label}</span>
                <span className="tabular-nums text-slate-500">
                  {out.width}×{out.height}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Tick({ checked }: { checked: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={clsx(
        'grid size-[18px] shrink-0 place-items-center rounded-[5px] border transition-colors',
        checked ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white',
      )}
    >
      {checked && <Check className="size-3" strokeWidth={3} />}
    </span>
  );
}
