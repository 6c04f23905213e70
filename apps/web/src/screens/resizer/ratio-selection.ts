import {
  aspectRatioLabels,
  findAspectRatio,
  isWithinOriginalTolerance,
  parseRatio,
  placementIds,
} from '@reframe/shared';

/** The brief: 1:1 is selected at first. */
export const INITIAL_SELECTION: readonly string[] = ['1:1'];

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
  return PICKER_ORDER.filter((label) => set.has(label));
}

/** Selects or unselects one label; an "(Original)" ratio cannot be selected. */
export function toggleRatio(selected: readonly string[], label: string, original: number | null) {
  if (selected.includes(label)) return selected.filter((existing) => existing !== label);
  if (isOriginalRatio(label, original)) return [...selected];
  return inCatalogueOrder([...selected, label]);
}

/** Once the original ratio is known, drops every selected ratio within 5% of it. */
export function pruneSelection(selected: readonly string[], original: number): string[] {
  return selected.filter((label) => !isOriginalRatio(label, original));
}
