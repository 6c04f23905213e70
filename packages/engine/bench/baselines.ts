import sharp from 'sharp';
import type { Frame, Rect } from './frame';

/** Baseline 1: mirror padding (each new pixel reflects the original across its nearest edge). */
export function mirrorFill(
  original: Frame,
  canvasWidth: number,
  canvasHeight: number,
  at: Rect,
): Frame {
  const { width: w, height: h, channels: c } = original;
  const out = new Uint8Array(canvasWidth * canvasHeight * c);
  const reflect = (v: number, n: number): number => {
    const period = 2 * n;
    const m = ((v % period) + period) % period;
    return m < n ? m : period - 1 - m;
  };
  for (let y = 0; y < canvasHeight; y++) {
    const sy = reflect(y - at.y, h);
    for (let x = 0; x < canvasWidth; x++) {
      const sx = reflect(x - at.x, w);
      const si = (sy * w + sx) * c;
      out.set(original.data.subarray(si, si + c), (y * canvasWidth + x) * c);
    }
  }
  return { width: canvasWidth, height: canvasHeight, channels: c, data: out };
}

/** Baseline 2: "blur fill": the image scaled to cover the canvas, blurred, the original on top. */
export async function blurFill(
  original: Frame,
  canvasWidth: number,
  canvasHeight: number,
  at: Rect,
): Promise<Frame> {
  const raw = {
    width: original.width,
    height: original.height,
    channels: original.channels as 3 | 4,
  };
  const input = await sharp(original.data, { raw }).png().toBuffer();
  const background = await sharp(original.data, { raw })
    .resize(canvasWidth, canvasHeight, { fit: 'cover' })
    .blur(Math.max(4, Math.max(canvasWidth, canvasHeight) / 80))
    .composite([{ input, left: at.x, top: at.y }])
    .removeAlpha()
    .raw()
    .toBuffer();
  return {
    width: canvasWidth,
    height: canvasHeight,
    channels: 3,
    data: new Uint8Array(background),
  };
}
