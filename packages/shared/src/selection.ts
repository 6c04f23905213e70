import { findAspectRatio } from './aspect-ratios';
import { parseRatio } from './geometry/ratio';
import { resolveOutput } from './output-target';
import { placementPacks } from './placement-packs';

/** Two outputs whose width/height differ by less than this come out the same shape. */
const SAME_SHAPE_TOLERANCE = 0.01;

/**
 * True when two catalogue labels name one ratio: "16:9" on Common and "16:9 (Facebook video)" on
 * Meta Ads make the same image, so they are one selection, ticked and counted together.
 */
export function isSameCatalogueRatio(a: string, b: string): boolean {
  if (a === b) return true;
  const first = findAspectRatio(a);
  const second = findAspectRatio(b);
  return (
    first !== undefined &&
    second !== undefined &&
    parseRatio(first.value) === parseRatio(second.value)
  );
}

/** One line of the selection summary: each removable on its own. */
export type SelectionItem =
  | { kind: 'ratio'; key: string }
  | { kind: 'pack'; packId: string; keys: string[] }
  | { kind: 'placement'; key: string }
  | { kind: 'custom'; key: string };

export interface SelectionSummary {
  items: SelectionItem[];
  /** What a run makes of each photo, each once, in the picker's order: what is charged. */
  outputs: string[];
  /** The credits a run of this many photos is charged: one per output per photo. */
  credits: number;
  /** Pairs of outputs that come out as the same image, which would be paid for twice. */
  sameShape: [string, string][];
}

function isSameImage(a: string, b: string): boolean {
  const first = resolveOutput(a);
  const second = resolveOutput(b);
  if (!first || !second) return false;
  if (Math.abs(first.ratio - second.ratio) > SAME_SHAPE_TOLERANCE * second.ratio) return false;
  // Two exact sizes of one shape (1080 x 1080 and 1200 x 1200) are two different files.
  return (
    !first.exact ||
    !second.exact ||
    (first.exact.width === second.exact.width && first.exact.height === second.exact.height)
  );
}

/**
 * Everything selected across the picker's tabs, as the summary lists it, the run submits it and
 * the confirmation charges it: the one owner of "what will be charged".
 */
export function summarizeSelection(selected: readonly string[], photos = 1): SelectionSummary {
  const outputs = selected.filter(
    (key, index) => !selected.slice(0, index).some((earlier) => isSameCatalogueRatio(earlier, key)),
  );
  const items: SelectionItem[] = [];
  for (const key of outputs) {
    if (findAspectRatio(key)) items.push({ kind: 'ratio', key });
  }
  for (const pack of placementPacks) {
    const keys = pack.outputs.map((out) => out.id).filter((id) => outputs.includes(id));
    if (keys.length === pack.outputs.length) items.push({ kind: 'pack', packId: pack.id, keys });
    else for (const key of keys) items.push({ kind: 'placement', key });
  }
  const listed = new Set(items.flatMap((item) => ('keys' in item ? item.keys : [item.key])));
  for (const key of outputs) {
    if (!listed.has(key)) items.push({ kind: 'custom', key });
  }
  const sameShape: [string, string][] = [];
  outputs.forEach((key, index) => {
    for (const later of outputs.slice(index + 1)) {
      if (isSameImage(key, later)) sameShape.push([key, later]);
    }
  });
  return { items, outputs, credits: outputs.length * photos, sameShape };
}
