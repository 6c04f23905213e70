import type { Level } from './level';
import type { Nnf } from './nnf';

/**
 * Voting (Wexler et al. 2007): every unknown pixel becomes the weighted average of what the
 * overlapping patches copied there, a patch counting `confidence` ^ -(its distance from the
 * original, capped), so what was decided next to the original outweighs guesses further out.
 * Known pixels are never written, so the original stays bit-exact.
 */
export function vote(level: Level, nnf: Nnf, confidence: number): void {
  const { W, H, ox, oy, target, unknown, depth, radius: r } = level;
  const { width: w, height: h, channels: c, data: source } = level.source;
  const acc = new Float32Array(W * H * c);
  const weight = new Float32Array(W * H);
  const lnConfidence = Math.log(confidence);
  for (const i of unknown) {
    const tx = i % W;
    const ty = (i - tx) / W;
    const sx = nnf.sx[i]!;
    const sy = nnf.sy[i]!;
    const wt = Math.exp(-Math.min(depth[i]!, DEPTH_CAP) * lnConfidence);
    for (let dy = -r; dy <= r; dy++) {
      const y = ty + dy;
      if (y < 0 || y >= H) continue;
      const inRows = y >= oy && y < oy + h;
      for (let dx = -r; dx <= r; dx++) {
        const x = tx + dx;
        if (x < 0 || x >= W || (inRows && x >= ox && x < ox + w)) continue;
        const p = y * W + x;
        const si = ((sy + dy) * w + sx + dx) * c;
        weight[p]! += wt;
        for (let ch = 0; ch < c; ch++) acc[p * c + ch]! += source[si + ch]! * wt;
      }
    }
  }
  for (const p of unknown) {
    const wt = weight[p]!;
    if (wt > 0) for (let ch = 0; ch < c; ch++) target[p * c + ch] = acc[p * c + ch]! / wt;
  }
}

/**
 * Only neighbouring patches are ever compared, so weights need only be right relative to one
 * another; capping the depth keeps far weights (1.3^-60 ~ 1e-7) inside float range.
 */
const DEPTH_CAP = 60;
