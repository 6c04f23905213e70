import {
  aspectRatioLabels,
  customSizeKey,
  findAspectRatio,
  isSameCatalogueRatio,
  isWithinOriginalTolerance,
  parseCustomOutput,
  parseRatio,
  placementIds,
  type ErrorCode,
} from '@reframe/shared';

/** What the user has picked across the tabs and the custom field. */
export interface Selection {
  keys: readonly string[];
  /** Still the brief's initial 1:1, which the user has not touched. */
  initial: boolean;
}

/** The brief: 1:1 is selected at first. */
export const INITIAL_SELECTION: Selection = { keys: ['1:1'], initial: true };

/** True when the option's ratio is within 5% of the original: disabled and "(Original)". */
export function isOriginalRatio(label: string, original: number | null): boolean {
  if (original === null) return false;
  const option = findAspectRatio(label);
  return option !== undefined && isWithinOriginalTolerance(parseRatio(option.value), original);
}

/** Ratios, then placements: the order the picker lists them in. */
const PICKER_ORDER: readonly string[] = [...aspectRatioLabels, ...placementIds];

/** Keeps the selection in catalogue order, so ratios run in the order the picker lists them. */
function inCatalogueOrder(labels: Iterable<string>): string[] {
  const set = new Set(labels);
  const custom = [...set].filter((label) => !PICKER_ORDER.includes(label));
  return [...PICKER_ORDER.filter((label) => set.has(label)), ...custom];
}

/** The custom outputs of a selection (neither a catalogue ratio nor a placement), in order. */
export const customOutputs = (selected: readonly string[]) =>
  selected.filter((label) => !PICKER_ORDER.includes(label));

/** What the user typed as "Custom" ("1500x500" exact pixels, or "5:2" a ratio) as an output key, or why it cannot be made. */
export function customOutputKey(text: string): { key: string } | { error: ErrorCode } {
  const parsed = parseCustomOutput(text);
  if ('error' in parsed) return parsed;
  return {
    key: parsed.kind === 'size' ? customSizeKey(parsed.width, parsed.height) : parsed.value,
  };
}

/**
 * The picker tab a selected output counts on: the tab it was ticked on, else the first tab that
 * lists it (a placement's is the Packs tab). A custom output counts on none.
 */
function tabOfOutput(
  key: string,
  tickedOn: Readonly<Record<string, string>>,
  packsTab: string,
): string | null {
  if (tickedOn[key]) return tickedOn[key];
  if (placementIds.includes(key)) return packsTab;
  return findAspectRatio(key)?.category ?? null;
}

/** A tab's badge: the outputs selected on that tab, each output on one tab only (issue 41). */
export function selectedOnTab(
  selected: readonly string[],
  tab: string,
  tickedOn: Readonly<Record<string, string>>,
  packsTab: string,
): number {
  return selected.filter((key) => tabOfOutput(key, tickedOn, packsTab) === tab).length;
}

/** Ticked on a ratio tab: "16:9" also ticks "16:9 (Facebook video)", the same image. */
export function isRatioSelected(selected: readonly string[], label: string): boolean {
  return selected.some((key) => isSameCatalogueRatio(key, label));
}

/**
 * A ratio ticked or unticked on a ratio tab, where the initial 1:1 is in sight, so it stays. An
 * "(Original)" ratio cannot be selected.
 */
export function toggleRatio(
  selection: Selection,
  label: string,
  original: number | null,
): Selection {
  const { keys } = selection;
  if (isRatioSelected(keys, label)) {
    return { keys: keys.filter((key) => !isSameCatalogueRatio(key, label)), initial: false };
  }
  if (isOriginalRatio(label, original)) return selection;
  return { keys: inCatalogueOrder([...keys, label]), initial: false };
}

/**
 * Outputs added on the Packs tab or in the custom field. The initial 1:1 is out of sight there:
 * it was only a default, and the user's first pick replaces it.
 */
export function addOutputs(selection: Selection, added: readonly string[]): Selection {
  const base = selection.initial ? [] : selection.keys;
  return { keys: inCatalogueOrder([...base, ...added]), initial: false };
}

/** Takes outputs out, each ratio on every tab that lists it. */
export function removeOutputs(selection: Selection, removed: readonly string[]): Selection {
  return {
    keys: selection.keys.filter((key) => !removed.some((gone) => isSameCatalogueRatio(gone, key))),
    initial: false,
  };
}

/** Once the original ratio is known, drops every selected ratio within 5% of it. */
export function pruneSelection(selection: Selection, original: number): Selection {
  return {
    ...selection,
    keys: selection.keys.filter((label) => !isOriginalRatio(label, original)),
  };
}
