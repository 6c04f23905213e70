/** Builds a ground-truth case: a region of a real photo, and a crop inside it to extend back. */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { Frame, Rect } from './frame';
import { cropFrame } from './frame';
import type { CaseSpec } from './cases';
import { JOBS } from './cases';

/** Real regions are scaled to about this many pixels (never up): the quality bench's resolution. */
const WORKING_PIXELS = 500_000;

interface GroundTruth {
  spec: CaseSpec;
  /** The real photo's region: what a perfect extension would produce. */
  real: Frame;
  /** Where the crop (the "original" handed to the fill) sits on it. */
  known: Rect;
  crop: Frame & { channels: 3 | 4 };
}

export async function groundTruth(photos: URL, spec: CaseSpec): Promise<GroundTruth> {
  const job = JOBS[spec.job];
  const bytes = await readFile(new URL(spec.photo, photos));
  const meta = await sharp(bytes).metadata();
  // The largest region of the job's canvas ratio that fits, scaled, then placed in the room left.
  const fit = Math.min(meta.width / job.canvas, meta.height);
  const scale = spec.regionScale ?? 1;
  const rw = Math.round(fit * job.canvas * scale);
  const rh = Math.round(fit * scale);
  const [cx, cy] = spec.regionAt ?? [0.5, 0.5];
  const region = {
    left: Math.round((meta.width - rw) * cx),
    top: Math.round((meta.height - rh) * cy),
    width: rw,
    height: rh,
  };
  const factor = Math.min(1, Math.sqrt(WORKING_PIXELS / (rw * rh)));
  const width = Math.round(rw * factor);
  const height = Math.round(rh * factor);
  const { data, info } = await sharp(bytes)
    .extract(region)
    .resize(width, height, { kernel: 'lanczos3' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const real: Frame = {
    width: info.width,
    height: info.height,
    channels: 3,
    data: new Uint8Array(data),
  };
  const wide = job.crop > job.canvas;
  const cw = wide ? width : Math.round(height * job.crop);
  const ch = wide ? Math.round(width / job.crop) : height;
  const known: Rect = {
    x: wide ? 0 : Math.round((width - cw) * spec.at),
    y: wide ? Math.round((height - ch) * spec.at) : 0,
    width: cw,
    height: ch,
  };
  return { spec, real, known, crop: cropFrame(real, known) };
}
