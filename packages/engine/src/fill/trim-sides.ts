import type { JudgedRarity } from './colour-rarity';
import { colourRarity, rarityAt } from './colour-rarity';
import type { EdgeLine, Side } from './edge-lines';
import { edgeLines } from './edge-lines';
import type { FocusedSubject, FocusOptions } from './focus-subject';
import { DEFAULT_FOCUS_OPTIONS, focusedSubject } from './focus-subject';
import type { PhotoPreview } from './photo-preview';
import { photoPreview } from './photo-preview';
import type { Raster } from './raster';
import { meanChannel, resizeArea } from './raster';
import type { RegionRarity } from './region-rarity';
import type { ShiftMapOptions } from './shift-map-fill';

/** The axis a framing trims: 'x' takes columns off the left and right, 'y' rows off the top and bottom. */
export type TrimAxis = 'x' | 'y';

export interface TrimSideOptions {
  /** A strip holding a region at least this distinctive (region-rarity.ts, 0..1) is never trimmed. */
  rareRegion: number;
  /** A line tilted at least this many degrees from straight across its side leads somewhere... */
  leadingTilt: number;
  /**
   * ...and one that, continued, passes within this share of the kept part's length of its centre
   * leads into it: the strip it starts from is never trimmed (a pier, a road, a cable to a subject).
   * Flatter lines (a horizon, a shoreline) only run on, and cutting their end loses nothing.
   */
  centreBand: number;
  /** Weight of a strip's edge density (relative to the photo's) beside its region and colour rarity. */
  edgeWeight: number;
  /**
   * A strip within this share of the axis of a distinctive region costs as much as that region's
   * rarity: the space around a subject is kept, so it does not end up against the frame.
   */
  near: number;
  /** Splits of a trim between the two sides tried, from all at the start to all at the end. */
  splits: number;
  /**
   * When set, the sharp part of a photo focused on a part is a subject too, never trimmed, and a
   * rare region counts only as far as it is in focus (fill/focus-subject.ts).
   */
  focus?: FocusOptions;
}

export const DEFAULT_TRIM_SIDE_OPTIONS: TrimSideOptions = {
  rareRegion: 0.5, // the defect predictor's own "distinctive" level (DEFAULT_SEARCH_OPTIONS)
  leadingTilt: 12, // a tilted horizon stays under ~10 degrees
  centreBand: 1 / 6, // the middle third of the kept part
  edgeWeight: 0.5, // edges alone (foliage, gravel) are texture, not a subject: half weight
  near: 0.1, // a tenth of the photo's side: room around a subject, as a photographer leaves
  splits: 8, // eighths of the trim
};

/** The rules with the subject found by focus: for trims deeper than a quarter (framing.ts). */
export const FOCUS_TRIM_SIDE_OPTIONS: TrimSideOptions = {
  ...DEFAULT_TRIM_SIDE_OPTIONS,
  focus: DEFAULT_FOCUS_OPTIONS,
};

/** How costly each depth of trim is from each end of the trimmed axis, and how deep it may go. */
export interface TrimSides {
  axis: TrimAxis;
  /** Cells along the trimmed axis (the analysis's resolution). */
  cells: number;
  /** Cost of trimming the first d cells from the start (left/top) and from the end: cost[d]. */
  startCost: Float64Array;
  endCost: Float64Array;
  /** Cells that may be trimmed at most from each end before a rare region is cut. */
  startLimit: number;
  endLimit: number;
  /** Lines crossing the two trimmed sides, on the preview (`preview` px). */
  lines: EdgeLine[];
  preview: { width: number; height: number };
}

/**
 * Judges, once per photo, which strips along the trimmed axis can go: a strip's cost is how
 * distinctive its content is, the region rarity (a subject stands out in the whole photo), the
 * colour rarity against its own edge (something unlike the edge sits just inside it) and its
 * edge density; a strip holding a rare region may never be trimmed.
 */
export function analyseTrimSides(
  image: Raster,
  axis: TrimAxis,
  fill: ShiftMapOptions,
  options: TrimSideOptions = DEFAULT_TRIM_SIDE_OPTIONS,
  photo: PhotoPreview = photoPreview(image, fill),
): TrimSides {
  const { preview, regions } = photo;
  const sides: Side[] = axis === 'x' ? ['left', 'right'] : ['top', 'bottom'];
  const colour = colourRarity(preview, sides, fill.rarity);
  const lines = edgeLines(preview, sides, fill.lines).filter(
    (line) => Math.abs(Math.atan(line.slope)) >= (options.leadingTilt * Math.PI) / 180,
  );
  const profile = cellProfiles(preview, regions, colour, axis, options);
  const rare = options.rareRegion;
  return {
    axis,
    cells: profile.cells,
    startCost: cumulative(profile.startCost),
    endCost: cumulative(profile.endCost.reverse()),
    startLimit: firstAtLeast(profile.rarest, rare),
    endLimit: firstAtLeast(profile.rarest.reverse(), rare),
    lines,
    preview: { width: preview.width, height: preview.height },
  };
}

/**
 * How to split `trim` px of the image's side along the axis between its two ends, cheapest
 * first-found: returns the px trimmed from the start and from the end, or undefined when no
 * split keeps clear of rare regions and leading lines.
 */
export function splitTrim(
  sides: TrimSides,
  size: number,
  trim: number,
  options: TrimSideOptions = DEFAULT_TRIM_SIDE_OPTIONS,
): { start: number; end: number } | undefined {
  const perCell = sides.cells / size;
  let best: { start: number; end: number; cost: number } | undefined;
  for (let i = 0; i <= options.splits; i++) {
    // Centred first, so that a tie keeps the crop centred.
    const k = i % 2 === 0 ? options.splits / 2 + i / 2 : options.splits / 2 - (i + 1) / 2;
    if (k < 0 || k > options.splits) continue;
    const start = Math.round((trim * k) / options.splits);
    const end = trim - start;
    const startCells = Math.ceil(start * perCell);
    const endCells = Math.ceil(end * perCell);
    if (startCells > sides.startLimit || endCells > sides.endLimit) continue;
    if (leadsIntoCentre(sides, start * perCell, end * perCell, size * perCell, options)) continue;
    const cost = sides.startCost[startCells]! + sides.endCost[endCells]!;
    if (!best || cost < best.cost - 1e-9) best = { start, end, cost };
  }
  return best && { start: best.start, end: best.end };
}

/** The largest trim (px of `size`) that some split allows, at most `limit`. */
export function largestTrim(sides: TrimSides, size: number, limit: number): number {
  const room = Math.floor(((sides.startLimit + sides.endLimit) * size) / sides.cells);
  return Math.max(0, Math.min(limit, room));
}

/** Per cell along the axis: its cost from each end's point of view, and its rarest region. */
function cellProfiles(
  preview: Raster<Float32Array>,
  regions: RegionRarity,
  colour: JudgedRarity,
  axis: TrimAxis,
  options: TrimSideOptions,
) {
  const { edgeWeight } = options;
  const { width: cw, height: ch } = regions;
  const focus: FocusedSubject | undefined =
    options.focus && focusedSubject(preview, cw, ch, options.focus);
  const colourMaps = rarityAt(colour, cw, ch);
  const [startMap, endMap] =
    axis === 'x' ? [colourMaps[0]!, colourMaps[1]!] : [colourMaps[2]!, colourMaps[3]!];
  const edges = edgeDensity(resizeArea(preview, cw, ch));
  const cells = axis === 'x' ? cw : ch;
  const across = axis === 'x' ? ch : cw;
  const at = (cell: number, j: number): number => (axis === 'x' ? j * cw + cell : cell * cw + j);
  let edgeMean = 0;
  for (const e of edges) edgeMean += e;
  edgeMean = edgeMean / edges.length || 1;
  const startCost = new Float64Array(cells);
  const endCost = new Float64Array(cells);
  const rarest = new Float64Array(cells);
  for (let cell = 0; cell < cells; cell++) {
    let region = 0;
    let edge = 0;
    let fromStart = 0;
    let fromEnd = 0;
    let peak = 0;
    for (let j = 0; j < across; j++) {
      const p = at(cell, j);
      const rarity = focus ? regions.map[p]! * focus.weight[p]! : regions.map[p]!;
      region += rarity;
      peak = Math.max(peak, rarity, focus?.subject[p] ?? 0);
      edge += Math.min(1, edges[p]! / (2 * edgeMean));
      fromStart += startMap[p]!;
      fromEnd += endMap[p]!;
    }
    const shared = (region + edgeWeight * edge) / across;
    startCost[cell] = shared + fromStart / across;
    endCost[cell] = shared + fromEnd / across;
    rarest[cell] = peak;
  }
  const reach = Math.round(options.near * cells);
  for (let cell = 0; cell < cells; cell++) {
    let nearby = 0;
    for (let c = Math.max(0, cell - reach); c <= Math.min(cells - 1, cell + reach); c++) {
      nearby = Math.max(nearby, rarest[c]!);
    }
    startCost[cell]! += nearby;
    endCost[cell]! += nearby;
  }
  return { cells, startCost, endCost, rarest };
}

/** Gradient magnitude of the image's mean channel, per pixel (0 on the border). */
function edgeDensity(image: Raster<Float32Array>): Float32Array {
  const { width: w, height: h } = image;
  const grey = meanChannel(image);
  const out = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const p = y * w + x;
      out[p] = Math.hypot(grey[p + 1]! - grey[p - 1]!, grey[p + w]! - grey[p - w]!);
    }
  }
  return out;
}

function cumulative(values: Float64Array): Float64Array {
  const out = new Float64Array(values.length + 1);
  for (let i = 0; i < values.length; i++) out[i + 1] = out[i]! + values[i]!;
  return out;
}

/** Index of the first value at least `level` (the length when there is none). */
function firstAtLeast(values: Float64Array, level: number): number {
  const i = values.findIndex((v) => v >= level);
  return i === -1 ? values.length : i;
}

/**
 * Whether a leading line starting in a strip to be trimmed runs into the kept part's centre.
 * Depths and sizes are in analysis cells; the lines are on the preview.
 */
function leadsIntoCentre(
  sides: TrimSides,
  start: number,
  end: number,
  cells: number,
  options: TrimSideOptions,
): boolean {
  const { axis, preview } = sides;
  const toPreview = (axis === 'x' ? preview.width : preview.height) / cells;
  const along = axis === 'x' ? preview.height : preview.width;
  const keptCentre = ((start + cells - end) / 2) * toPreview;
  const [startSide, endSide] = axis === 'x' ? ['left', 'right'] : ['top', 'bottom'];
  return sides.lines.some((line) => {
    const trimmed = line.side === startSide ? start : line.side === endSide ? end : 0;
    if (trimmed <= 0) return false;
    const inward = line.side === startSide ? keptCentre : cells * toPreview - keptCentre;
    const crossing = line.at * along + line.slope * inward;
    return Math.abs(crossing - along / 2) <= options.centreBand * along;
  });
}
