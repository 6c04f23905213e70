import type { RawImage } from '../codecs/bmp';
import { ENGINE_MAX_CANVAS_SIDE } from '../codecs/limits';
import type { Frame } from '../fill/framing-search';
import type { PhotoPreview } from '../fill/photo-preview';
import { photoPreview } from '../fill/photo-preview';
import type { CanvasPlacement } from '../fill/raster';
import type { ShiftMapOptions } from '../fill/shift-map-fill';
import type { TrimAxis, TrimSides } from '../fill/trim-sides';
import {
  analyseTrimSides,
  FOCUS_TRIM_SIDE_OPTIONS,
  largestTrim,
  splitTrim,
} from '../fill/trim-sides';
import type { CanvasRequest, Crop } from './canvas';
import { outputSizeOf } from './canvas';

/** A frame with the crop that made it, in the decoded image's pixels (the canvas's scale). */
export interface CroppedFrame extends Frame {
  original: RawImage;
  crop: Crop;
}

/** The most a framing may trim: half the photo across the axis that does not grow. */
export const MAX_TRIM = 0.5;

/** Trims Auto framing and the trim framings try besides the largest allowed (shares of the side). */
const TRIM_STEPS = [0.1, 0.25];

/**
 * A trim leaves at least this share of the canvas's growing side to extend: a frame that is
 * nearly a plain crop fills a sliver of a few px, which the labelling works at full scale (slow)
 * and which shows as a seam, not as a wider view.
 */
const MIN_GROWTH = 0.05;

/**
 * A search that may trim more than this share (Trim more) also keeps the sharp part of a photo
 * focused on a part: deeper trims reach subjects the rarity rules miss (a brown bird on a brown
 * trunk). On the bench, searching up to half, it trims the subject in 10 results of 59 instead of
 * 13 and publishes 20 instead of 18; up to a quarter it saved no subject and cost one result
 * (bench/framing-experiments.md, A, D and E').
 */
const FOCUS_RULE_BEYOND = 0.25;

/** Trims nearer than this share of the side to one already compared are not compared again. */
const MIN_TRIM_STEP = 0.03;

/**
 * The axis a canvas does not grow, which a framing may trim: rows ('y') when the canvas is
 * relatively wider than the image (its width grows), columns ('x') when it is taller; none when
 * the image already has the canvas's ratio.
 */
export function trimAxisOf(ratio: number, width: number, height: number): TrimAxis | undefined {
  const own = width / height;
  if (Math.abs(own - ratio) < 1e-9) return undefined;
  return ratio > own ? 'y' : 'x';
}

/** The ratio a result keeps: its exact output size's when it has one, else the canvas's. */
export function ratioOf(canvas: CanvasRequest): number {
  const output = outputSizeOf(canvas);
  return output.width / output.height;
}

/**
 * The smallest canvas of `ratio` that holds a kept part of `width` x `height` (no margin), at
 * most ENGINE_MAX_CANVAS_SIDE a side (the kept part is at the request canvas's scale, whose
 * canvas already met the cap, so the cap only absorbs a rounding).
 */
export function smallestCanvas(
  width: number,
  height: number,
  ratio: number,
): { width: number; height: number } {
  const canvas =
    width / height >= ratio
      ? { width, height: Math.max(height, Math.round(width / ratio)) }
      : { width: Math.max(width, Math.round(height * ratio)), height };
  return {
    width: Math.max(width, Math.min(ENGINE_MAX_CANVAS_SIDE, canvas.width)),
    height: Math.max(height, Math.min(ENGINE_MAX_CANVAS_SIDE, canvas.height)),
  };
}

/** The trims a search compares besides the whole photo: the steps up to `maxTrim`, and it. */
export function trimShares(maxTrim: number): number[] {
  return [...TRIM_STEPS.filter((t) => t < maxTrim), maxTrim];
}

/**
 * The frames a framed job compares: for each trim share, the image cropped away from its least
 * distinctive strips (fill/trim-sides.ts) on the smallest canvas of the request's ratio that
 * holds it. A trim is cut short where it would reach a rare region, or where the kept part would
 * leave less than MIN_GROWTH to extend; a share that can trim nothing gives no frame (share 0
 * gives the whole photo), and trims within MIN_TRIM_STEP of one another are kept once. The offset
 * keeps the request canvas's alignment, as a share of the room. Crops are in the image's pixels.
 */
export function framesFor(
  image: RawImage,
  request: CanvasRequest,
  shares: readonly number[],
  fill: ShiftMapOptions,
  photo: PhotoPreview = photoPreview(image, fill),
): CroppedFrame[] {
  const ratio = ratioOf(request);
  const { width: w, height: h } = image;
  const axis = trimAxisOf(ratio, w, h);
  const size = axis === 'x' ? w : h;
  // The kept part's own side along the growing axis, grown by MIN_GROWTH, must fit the canvas.
  const grown = 1 + MIN_GROWTH;
  const useful =
    axis === 'x'
      ? w - Math.ceil(h * ratio * grown)
      : axis === 'y'
        ? h - Math.ceil((w / ratio) * grown)
        : 0;
  const rules = Math.max(...shares) > FOCUS_RULE_BEYOND ? FOCUS_TRIM_SIDE_OPTIONS : undefined;
  let sides: TrimSides | undefined;
  const trimmedOf = (crop: Crop): number => size - (axis === 'x' ? crop.width : crop.height);
  const frames: CroppedFrame[] = [];
  for (const share of shares) {
    let crop: Crop = { x: 0, y: 0, width: w, height: h };
    if (share > 0 && axis && useful > 0) {
      sides ??= analyseTrimSides(image, axis, fill, rules, photo);
      const trim = largestTrim(sides, size, Math.min(useful, Math.round(share * size)));
      const split = trim > 0 ? splitTrim(sides, size, trim) : undefined;
      if (split) {
        crop =
          axis === 'x'
            ? { x: split.start, y: 0, width: w - trim, height: h }
            : { x: 0, y: split.start, width: w, height: h - trim };
      }
    }
    const trimmed = trimmedOf(crop);
    if (share > 0 && trimmed === 0) continue;
    if (frames.some((f) => Math.abs(trimmedOf(f.crop) - trimmed) < MIN_TRIM_STEP * size)) continue;
    frames.push({
      crop,
      trim: 1 - (crop.width * crop.height) / (w * h),
      ...framed(image, crop, request, ratio),
      ...(trimmed === 0 ? { photo } : {}),
    });
  }
  return frames;
}

function framed(image: RawImage, crop: Crop, request: CanvasRequest, ratio: number) {
  const size = smallestCanvas(crop.width, crop.height, ratio);
  const share = (offset: number, room: number): number => (room > 0 ? offset / room : 0.5);
  const along = (requestOffset: number, requestRoom: number, room: number): number =>
    Math.round(share(requestOffset, requestRoom) * room);
  const canvas: CanvasPlacement = {
    ...size,
    offsetX: along(request.offsetX, request.width - image.width, size.width - crop.width),
    offsetY: along(request.offsetY, request.height - image.height, size.height - crop.height),
  };
  return { original: cropRaster(image, crop), canvas };
}

/** The crop's pixels, copied row by row. */
export function cropRaster(image: RawImage, crop: Crop): RawImage {
  const { width: w, channels: c } = image;
  if (crop.x === 0 && crop.y === 0 && crop.width === w && crop.height === image.height)
    return image;
  const data = new Uint8Array(crop.width * crop.height * c);
  for (let y = 0; y < crop.height; y++) {
    const from = ((crop.y + y) * w + crop.x) * c;
    data.set(image.data.subarray(from, from + crop.width * c), y * crop.width * c);
  }
  return { width: crop.width, height: crop.height, channels: c, data };
}

/** A crop of the image on the canvas, in the original's own pixels (it may be larger). */
export function cropInOriginal(
  crop: Crop,
  image: { width: number; height: number },
  original: { width: number; height: number },
): Crop {
  const sx = original.width / image.width;
  const sy = original.height / image.height;
  const x = Math.round(crop.x * sx);
  const y = Math.round(crop.y * sy);
  return {
    x,
    y,
    width: Math.round((crop.x + crop.width) * sx) - x,
    height: Math.round((crop.y + crop.height) * sy) - y,
  };
}
