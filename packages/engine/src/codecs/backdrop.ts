import sharp from 'sharp';
import type { RawImage } from './bmp';

export interface BackdropOptions {
  /** Blur radius (Gaussian sigma times two), as a share of the canvas's longer side. */
  blur: number;
  /** Factor the backdrop's colour is multiplied by (the original stands out above it). */
  brightness: number;
  /**
   * The blur is made on a copy this many times smaller than its sigma (at least 1 px a side),
   * then enlarged: a wide Gaussian at full size costs its width per pixel, this one a few taps.
   */
  sigmaPerPixel: number;
}

export const DEFAULT_BACKDROP_OPTIONS: BackdropOptions = {
  blur: 0.04, // the issue: "blurred by about 4 % of the canvas's side", what story tools use
  brightness: 0.8, // slightly darker: the photo reads as the subject, the backdrop as a ground
  sigmaPerPixel: 3, // a 3 px sigma on the small copy: smooth once enlarged, a few taps a pixel
};

/**
 * The blurred backdrop: the canvas filled with `image` scaled to cover it (centred), blurred and
 * darkened, as raw pixels of the image's channel count. The caller puts the original on top.
 */
export async function blurredBackdrop(
  image: RawImage,
  canvas: { width: number; height: number },
  options: BackdropOptions = DEFAULT_BACKDROP_OPTIONS,
): Promise<Uint8Array> {
  const { width: W, height: H } = canvas;
  const sigma = (options.blur * Math.max(W, H)) / 2;
  const shrink = Math.max(1, sigma / options.sigmaPerPixel);
  const small = {
    width: Math.max(1, Math.round(W / shrink)),
    height: Math.max(1, Math.round(H / shrink)),
  };
  const raw = { width: image.width, height: image.height, channels: image.channels };
  const blurred = await sharp(image.data, { raw })
    // cover: scaled to fill the whole canvas, centred, the overflow cut off.
    .resize(small.width, small.height, { fit: 'cover', kernel: 'linear' })
    .blur(Math.max(0.3, sigma / shrink))
    // Darkened on the small copy: the colour channels scaled, alpha kept.
    .linear(
      darkening(image.channels, options.brightness),
      new Array<number>(image.channels).fill(0),
    )
    .raw()
    .toBuffer();
  const enlarged = await sharp(blurred, { raw: { ...small, channels: image.channels } })
    // A smooth image enlarged: linear interpolation adds no ringing.
    .resize(W, H, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer();
  return new Uint8Array(enlarged.buffer, enlarged.byteOffset, enlarged.length);
}

/** Per channel: `brightness` for the colours, 1 for alpha. */
function darkening(channels: 3 | 4, brightness: number): number[] {
  return channels === 4
    ? [brightness, brightness, brightness, 1]
    : [brightness, brightness, brightness];
}
