import {
  aspectRatioLabels,
  customSizeKey,
  findAspectRatio,
  isWithinOriginalTolerance,
  parseCustomOutput,
  parseRatio,
  placementIds,
  type ErrorCode,
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
  const custom = [...set].filter((label) => !PICKER_ORDER.includes(label));
  return [...PICKER_ORDER.filter((label) => set.has(label)), ...custom];
}

/** The custom outputs of a selection (neither a catalogue ratio nor a placement), in order. */
export const customOutputs = (selected: readonly string[]) =>
  selected.filter((label) => !PICKER_ORDER.includes(label));

/**
 * Adds what the user typed as "Custom" ("1500x500" exact pixels, or "5:2" a ratio) to the
 * selection, after the catalogue's; or says why it cannot be made.
 */
export function addCustomOutput(
  selected: readonly string[],
  text: string,
): { selected: string[] } | { error: ErrorCode } {
  const parsed = parseCustomOutput(text);
  if ('error' in parsed) return parsed;
  const key = parsed.kind === 'size' ? customSizeKey(parsed.width, parsed.height) : parsed.value;
  return { selected: inCatalogueOrder([...selected, key]) };
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
