/**
 * A pixel's lineage names its chain of copies: the copy it shows, then the lineage of the pixel
 * that copy took it from, down to the original (-1). Two pixels share one only when they show one
 * copy of one source, so a seam an earlier growth step made and a later copy carried on parts
 * them, where the copy alone would not.
 */
export interface LineageChains {
  /** Each chain's id, by `copy * workingPixels + source's lineage + 1`. */
  ids: Map<number, number>;
  /** Per lineage id, the copy it shows. */
  copyOf: number[];
  /** The working canvas's pixel count (keys the chains). */
  workingPixels: number;
}

/** A canvas pixel showing a mix of copies (where they meet): no one lineage. */
export const MIXED_LINEAGE = -2;

/**
 * The lineage of a pixel showing `copy` of a pixel of lineage `source`: a new id when `add`
 * (the labelling names them), otherwise MIXED_LINEAGE for a chain the labelling never made (a
 * canvas pixel whose source is a mix, or lies where the working canvas saw another lineage).
 */
export function chainOf(chains: LineageChains, copy: number, source: number, add = false): number {
  if (source === MIXED_LINEAGE) return MIXED_LINEAGE;
  const key = copy * chains.workingPixels + source + 1;
  const id = chains.ids.get(key);
  if (id !== undefined) return id;
  if (!add) return MIXED_LINEAGE;
  chains.ids.set(key, chains.copyOf.length);
  chains.copyOf.push(copy);
  return chains.copyOf.length - 1;
}
