/**
 * A diffusion model re-encodes the whole canvas, so its copy of the original drifts in colour and
 * sharpness; pasting the exact original back over it would leave a visible frame. This corrects
 * the new area first: the drift is measured on a thin band inside the original's rectangle, then
 * carried outwards and faded with distance. The band lies beyond the reach of the kernel that
 * scaled the model's output to the canvas, so the model's own new content, smeared across the
 * border by that kernel, never counts as drift. Like a membrane (the harmonic extension of the
 * border's drift), the farther a pixel is from the border, the wider the stretch of border whose
 * drift it takes, so the model's noise on the band does not streak outwards. The original's own
 * pixels are not touched here; the caller pastes them back afterwards.
 */

export interface SeamRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Canvas pixels per pixel of the model's output, across the canvas (x) and down it (y). */
interface SeamScale {
  x: number;
  y: number;
}

/** Columns or rows inside the original over which the drift is averaged, at the least. */
const BAND = 2;

/** Lanczos3, which scales the model's output (model-images.ts), spans 3 pixels each way. */
const KERNEL_LOBES = 3;

/**
 * How deep into the original the model's outer pixels can reach once its output is scaled by
 * `scale` (canvas pixels per output pixel): the kernel reaches 3 output pixels each way when it
 * enlarges, 3 canvas pixels when it shrinks; plus half an output pixel, as the original's edge on
 * the model's canvas was rounded to a whole pixel. Nothing reaches in when the output already had
 * the canvas's size.
 */
function kernelReach(scale: number): number {
  if (scale === 1) return 0;
  return Math.ceil(KERNEL_LOBES * Math.max(1, scale) + scale / 2);
}

/**
 * Within the kernel's reach, what is left of the step at the very edge once the drift is taken
 * off (the model's softer copy of the photo's texture) is taken off too, up to this many levels:
 * a larger step there is the model's own new content, kept as it painted it.
 */
const SEAM_STEP_CAP = 16;

/** 1 at 0, 0 at 1, smooth at both ends. */
function smoothFade(t: number): number {
  return (1 - t) * (1 - t) * (1 + 2 * t);
}

/** The mean of one channel of a side's drift over positions `from`..`to` (`count` of them). */
function windowMean(
  sums: Float64Array,
  from: number,
  to: number,
  count: number,
  channels: number,
  c: number,
): number {
  return (sums[(to + 1) * channels + c]! - sums[from * channels + c]!) / count;
}

/** How far from the original the correction reaches before it has faded to nothing. */
export function seamFadeDistance(rect: SeamRect): number {
  return Math.max(16, Math.min(256, Math.round(Math.min(rect.width, rect.height) / 2)));
}

/**
 * The drift along one side, per position and channel, as prefix sums (for window means):
 * `sums[(i + 1) * channels + c]` is the sum of the drift over positions 0..i.
 */
function sideDrift(
  filled: Uint8Array,
  original: Uint8Array,
  canvasWidth: number,
  rect: SeamRect,
  channels: number,
  side: 'left' | 'right' | 'top' | 'bottom',
  inset: number,
): Float64Array {
  const vertical = side === 'left' || side === 'right';
  const length = vertical ? rect.height : rect.width;
  const across = vertical ? rect.width : rect.height;
  // As deep as the kernel reaches, so a scaled output's softer copy of an edge inside the band
  // (blurring moves no mean across a band that wide) does not count as drift either.
  const depth = Math.min(Math.max(BAND, inset), across);
  // A photo too thin for the whole inset keeps its band clear of the far side's reach instead.
  const start = Math.max(0, Math.min(inset, Math.floor(across / 2) - depth));
  const sums = new Float64Array((length + 1) * channels);
  for (let i = 0; i < length; i++) {
    for (let c = 0; c < channels; c++) {
      let total = 0;
      for (let k = start; k < start + depth; k++) {
        const ox = side === 'left' ? k : side === 'right' ? rect.width - 1 - k : vertical ? 0 : i;
        const oy = side === 'top' ? k : side === 'bottom' ? rect.height - 1 - k : vertical ? i : 0;
        const o = (oy * rect.width + ox) * channels + c;
        const f = ((rect.y + oy) * canvasWidth + rect.x + ox) * channels + c;
        total += filled[f]! - original[o]!;
      }
      sums[(i + 1) * channels + c] = sums[i * channels + c]! + total / depth;
    }
  }
  return sums;
}

/**
 * Subtracts the model's drift from the new area of `filled` (the model's output scaled to the
 * canvas by `scale`, `channels` per pixel), in place. `original` holds the original's decoded
 * pixels.
 */
export function correctSeam(
  filled: Uint8Array,
  original: Uint8Array,
  canvas: { width: number; height: number },
  rect: SeamRect,
  channels: number,
  scale: SeamScale,
): void {
  const reach = seamFadeDistance(rect);
  const measure = (side: 'left' | 'right' | 'top' | 'bottom', inset: number) =>
    sideDrift(filled, original, canvas.width, rect, channels, side, inset);
  const insetX = kernelReach(scale.x);
  const insetY = kernelReach(scale.y);
  const drift = {
    left: measure('left', insetX),
    right: measure('right', insetX),
    top: measure('top', insetY),
    bottom: measure('bottom', insetY),
  };
  // At the very edge, where a scaled output's softer pixels meet the sharp original.
  const edge = {
    left: measure('left', 0),
    right: measure('right', 0),
    top: measure('top', 0),
    bottom: measure('bottom', 0),
  };
  const right = rect.x + rect.width - 1;
  const bottom = rect.y + rect.height - 1;
  const y0 = Math.max(0, rect.y - reach);
  const y1 = Math.min(canvas.height - 1, bottom + reach);
  const x0 = Math.max(0, rect.x - reach);
  const x1 = Math.min(canvas.width - 1, right + reach);
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const dx = x < rect.x ? rect.x - x : x > right ? x - right : 0;
      const dy = y < rect.y ? rect.y - y : y > bottom ? y - bottom : 0;
      if (dx === 0 && dy === 0) continue;
      const distance = Math.hypot(dx, dy);
      if (distance >= reach) continue;
      // The nearest side's drift, averaged over a window as wide as the distance.
      const horizontalSide = dx >= dy;
      const side = horizontalSide ? (x < rect.x ? 'left' : 'right') : y < rect.y ? 'top' : 'bottom';
      const sums = drift[side];
      const near = horizontalSide ? insetX : insetY;
      const nearFade = distance < near + 1 ? smoothFade((distance - 1) / near) : 0;
      const length = horizontalSide ? rect.height : rect.width;
      const at = horizontalSide ? y - rect.y : x - rect.x;
      const radius = Math.round(distance / 2);
      const from = Math.max(0, Math.min(length - 1, at - radius));
      const to = Math.min(length - 1, Math.max(0, at + radius));
      const count = to - from + 1;
      const fade = smoothFade(distance / reach);
      const p = (y * canvas.width + x) * channels;
      for (let c = 0; c < channels; c++) {
        const mean = windowMean(sums, from, to, count, channels, c);
        let value = filled[p + c]! - mean * fade;
        if (nearFade > 0) {
          const step = windowMean(edge[side], from, to, count, channels, c) - mean;
          value -= Math.max(-SEAM_STEP_CAP, Math.min(SEAM_STEP_CAP, step)) * nearFade;
        }
        filled[p + c] = value < 0 ? 0 : value > 255 ? 255 : Math.round(value);
      }
    }
  }
}
