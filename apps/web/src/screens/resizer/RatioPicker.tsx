import clsx from 'clsx';
import { Check } from 'lucide-react';
import { useState } from 'react';
import {
  aspectRatioCategories,
  aspectRatiosIn,
  copy,
  PREVIEW_BOX_PX,
  type AspectRatioCategory,
  type AspectRatioOption,
} from '@reframe/shared';
import { Card } from '../../components/Card';
import { Tabs } from '../../components/Tabs';
import { PacksGroup } from './PacksGroup';
import { isOriginalRatio, isRatioSelected, selectedOnTab } from './ratio-selection';

const r = copy.resizer;

/** The brief's three categories, then the placement packs (issue 15). */
type PickerTab = AspectRatioCategory | typeof r.packsTab;
const pickerTabs: readonly PickerTab[] = [...aspectRatioCategories, r.packsTab];

export function RatioPicker({
  selected,
  original,
  disabled,
  onToggle,
  onAddPlacements,
  onRemovePlacements,
}: {
  selected: readonly string[];
  original: number | null;
  disabled: boolean;
  onToggle: (label: string) => void;
  onAddPlacements: (ids: string[]) => void;
  onRemovePlacements: (ids: string[]) => void;
}) {
  const [category, setCategory] = useState<PickerTab>('Common');
  // The tab each ratio was ticked on: 1:1 is listed on three tabs, and counts on one.
  const [tickedOn, setTickedOn] = useState<Readonly<Record<string, PickerTab>>>({});
  const selectedIn = (tab: PickerTab) => selectedOnTab(selected, tab, tickedOn, r.packsTab);
  const toggle = (label: string) => {
    setTickedOn((current) => ({ ...current, [label]: category }));
    onToggle(label);
  };

  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-sm font-semibold text-slate-900">{r.ratioPickerTitle}</h2>
      <div className="mt-4">
        <Tabs
          label={r.categoryTabs}
          tabs={pickerTabs}
          value={category}
          onChange={setCategory}
          tabName={(tab) => r.tabSelected(tab, selectedIn(tab))}
          aside={(tab) =>
            selectedIn(tab) > 0 && (
              <span
                aria-hidden="true"
                className="grid min-w-5 place-items-center rounded-full bg-brand-600 px-1.5 text-[11px] leading-5 font-semibold text-white"
              >
                {selectedIn(tab)}
              </span>
            )
          }
        >
          {category === r.packsTab ? (
            <PacksGroup
              selected={selected}
              disabled={disabled}
              onAdd={onAddPlacements}
              onRemove={onRemovePlacements}
            />
          ) : (
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-2">
              {aspectRatiosIn(category).map((option) => (
                <li key={option.label}>
                  <RatioOption
                    option={option}
                    checked={isRatioSelected(selected, option.label)}
                    isOriginal={isOriginalRatio(option.label, original)}
                    disabled={disabled}
                    onToggle={toggle}
                  />
                </li>
              ))}
            </ul>
          )}
        </Tabs>
      </div>
      <p className="mt-3 text-xs text-slate-500">{r.ratioNote}</p>
    </Card>
  );
}

function RatioOption({
  option,
  checked,
  isOriginal,
  disabled,
  onToggle,
}: {
  option: AspectRatioOption;
  checked: boolean;
  isOriginal: boolean;
  disabled: boolean;
  onToggle: (label: string) => void;
}) {
  const off = disabled || isOriginal;
  // "9:16 (Reels)" shows its ratio large and the placement below it.
  const [ratio, qualifier] = splitLabel(option.label);
  return (
    <label
      className={clsx(
        'relative flex h-full items-center gap-3 rounded-xl border p-2.5 transition-colors',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
        checked
          ? 'border-brand-500 bg-brand-50/70 ring-1 ring-brand-500'
          : 'border-slate-200 bg-white',
        off ? 'cursor-not-allowed opacity-55' : 'cursor-pointer hover:border-brand-300',
      )}
    >
      <input
        type="checkbox"
        className="peer sr-only"
        checked={checked}
        aria-label={r.ratioName(ratio, qualifier, isOriginal)}
        disabled={off}
        onChange={() => onToggle(option.label)}
      />
      <span
        aria-hidden="true"
        className="grid shrink-0 place-items-center"
        style={{ width: PREVIEW_BOX_PX * 0.75, height: PREVIEW_BOX_PX * 0.75 }}
      >
        <span
          className={clsx(
            'block rounded-[3px] border-[1.5px]',
            checked ? 'border-brand-600 bg-brand-100' : 'border-slate-400 bg-slate-100',
          )}
          style={{ width: option.previewWidth * 0.75, height: option.previewHeight * 0.75 }}
        />
      </span>
      <span className="min-w-0 flex-1 text-sm leading-tight font-medium text-slate-800">
        {ratio}
        {qualifier && <span className="block text-xs font-normal text-slate-500">{qualifier}</span>}
        {isOriginal && ' '}
        {isOriginal && (
          <span className="block text-xs font-normal text-slate-500">{r.originalSuffix}</span>
        )}
      </span>
      <span
        aria-hidden="true"
        className={clsx(
          'grid size-[18px] shrink-0 place-items-center rounded-[5px] border transition-colors',
          checked ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white',
        )}
      >
        {checked && <Check className="size-3" strokeWidth={3} />}
      </span>
    </label>
  );
}

function splitLabel(label: string): [string, string | null] {
  const open = label.indexOf(' (');
  return open === -1 ? [label, null] : [label.slice(0, open), label.slice(open + 1)];
}
