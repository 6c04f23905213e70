/**
 * The bench's ways beyond keeping the whole photo (issue 38): trim and extend with Auto framing,
 * and the blurred backdrop. Neither has a ground truth (the canvas changes with the trim), so
 * each is saved at full size to be judged by eye, with its confidence, trim and invented share.
 */
import { blurredBackdrop } from '../src/codecs/backdrop';
import type { RawImage } from '../src/codecs/bmp';
import { chooseFramedFill } from '../src/fill/framing-search';
import type { CanvasPlacement } from '../src/fill/raster';
import { DEFAULT_SHIFT_MAP_OPTIONS } from '../src/fill/shift-map-fill';
import { pasteOriginalRows } from '../src/pipelines/canvas';
import { framesFor, trimShares } from '../src/pipelines/framing';
import type { Frame } from './frame';

export const WAYS = ['keep', 'framed', 'backdrop'] as const;
export type Way = (typeof WAYS)[number];

/** Auto framing's share: shared's trimLimitsOf('auto'). */
const AUTO_MAX_TRIM = 0.25;

/** A framed or backdrop result: its canvas and what it kept. */
export interface WayResult {
  frame: Frame;
  confidence: number;
  /** Sides trimmed ('none', or e.g. 'left 6 % right 4 %'), the share trimmed and invented. */
  trimmed: string;
  trimShare: number;
  invented: number;
  ms: number;
}

/** Auto framing: trims 0, 10 and 25 % searched with placements and seeds, the whole preferred. */
export function framedWay(crop: RawImage, canvas: CanvasPlacement, seed: number): WayResult {
  const started = performance.now();
  const framesOf = (shares: number[]) => framesFor(crop, canvas, shares, DEFAULT_SHIFT_MAP_OPTIONS);
  const fill = chooseFramedFill(
    { whole: framesOf([0])[0], trims: () => framesOf(trimShares(AUTO_MAX_TRIM)) },
    'auto',
    seed,
  );
  const chosen = fill.frame;
  const ms = performance.now() - started;
  const frame = {
    width: chosen.canvas.width,
    height: chosen.canvas.height,
    channels: crop.channels,
    data: fill.pixels,
  };
  return { frame, confidence: fill.confidence, ms, ...trimOf(crop, chosen.crop, chosen.canvas) };
}

/** The blurred backdrop on the case's canvas, the photo centred. */
export async function backdropWay(crop: RawImage, canvas: CanvasPlacement): Promise<WayResult> {
  const started = performance.now();
  const centred = {
    ...canvas,
    offsetX: Math.floor((canvas.width - crop.width) / 2),
    offsetY: Math.floor((canvas.height - crop.height) / 2),
  };
  const data = await blurredBackdrop(crop, canvas);
  pasteOriginalRows(data, centred, crop);
  const whole = { x: 0, y: 0, width: crop.width, height: crop.height };
  return {
    frame: { width: canvas.width, height: canvas.height, channels: crop.channels, data },
    confidence: 1,
    ms: performance.now() - started,
    ...trimOf(crop, whole, canvas),
  };
}

function trimOf(
  image: { width: number; height: number },
  kept: { x: number; y: number; width: number; height: number },
  canvas: { width: number; height: number },
): Pick<WayResult, 'trimmed' | 'trimShare' | 'invented'> {
  const pct = (px: number, of: number): string => `${Math.round((100 * px) / of)} %`;
  const sides = [
    ['left', kept.x, image.width],
    ['right', image.width - kept.x - kept.width, image.width],
    ['top', kept.y, image.height],
    ['bottom', image.height - kept.y - kept.height, image.height],
  ] as const;
  const trimmed = sides
    .filter(([, px]) => px > 0)
    .map(([side, px, of]) => `${side} ${pct(px, of)}`);
  return {
    trimmed: trimmed.join(' ') || 'none',
    trimShare: 1 - (kept.width * kept.height) / (image.width * image.height),
    invented: 1 - (kept.width * kept.height) / (canvas.width * canvas.height),
  };
}
