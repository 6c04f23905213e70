import { copyRegions } from './components';
import type { SeamOptions, SeamView } from './seam-view';
import { newCount, textureAt } from './seam-view';

export interface IslandOptions {
  /** A copy region counts as a fragment up to this share of the new area. */
  maxShare: number;
}

/**
 * Copied fragments: small copy regions set apart from what surrounds them. Each region up to
 * `maxShare` of the new area counts its size times how visible its outline is on average (per
 * neighbouring pair across it, the larger of the colour step against the ground's texture and
 * the change of texture), as a share of the new area: a piece of a pier in the fog, a shard of
 * horizon in the sky, a boat in the clouds.
 */
export function islands(view: SeamView, seams: SeamOptions, options: IslandOptions): number {
  const { width: W, height: H, label, luma } = view;
  const { region, sizes } = copyRegions(label, W, H);
  const outline = new Float64Array(sizes.length);
  const pairs = new Float64Array(sizes.length);
  // Read only where two copies meet, so made only there.
  const texture = new Float32Array(W * H).fill(-1);
  const textureOf = (p: number): number => {
    if (texture[p]! < 0) texture[p] = textureAt(view, p % W, Math.floor(p / W));
    return texture[p]!;
  };
  for (let turn = 0; turn < 2; turn++) {
    const dx = turn === 0 ? 1 : 0;
    for (let y = 0; y < H - (1 - dx); y++) {
      for (let x = 0; x < W - dx; x++) {
        const p = y * W + x;
        const q = p + (dx === 1 ? 1 : W);
        if (label[p] === label[q]) continue;
        const step = Math.abs(luma[p]! - luma[q]!);
        const tp = textureOf(p);
        const tq = textureOf(q);
        const ground = Math.min(tp, tq);
        const visible = Math.max(
          Math.min(1, step / (seams.stepVisible + seams.textureHides * ground)),
          Math.min(1, Math.abs(tp - tq) / seams.textureVisible),
        );
        for (const r of [region[p]!, region[q]!]) {
          if (r < 0) continue;
          outline[r] = outline[r]! + visible;
          pairs[r] = pairs[r]! + 1;
        }
      }
    }
  }
  const count = newCount(view);
  let sum = 0;
  for (let r = 0; r < sizes.length; r++) {
    if (sizes[r]! > options.maxShare * count || pairs[r] === 0) continue;
    sum += (sizes[r]! * outline[r]!) / pairs[r]!;
  }
  return sum / count;
}
