import type { Level } from './level';
import type { Nnf } from './nnf';
import { clamp, displacement } from './nnf';
import type { CanvasPlacement, Raster } from './raster';

/**
 * Builds the full-resolution canvas from the finest searched level without searching again:
 * each new pixel copies the original at the displacement its coarse neighbours found, mixing
 * the four bilinear neighbours where they disagree. Inside a coherent copy this is an exact
 * copy of real pixels, so texture keeps the original's sharpness.
 */
export function composeFullResolution(
  original: Raster,
  placement: CanvasPlacement,
  level: Level,
  nnf: Nnf,
): Uint8Array {
  const { width: W, height: H, offsetX: ox, offsetY: oy } = placement;
  const { width: w, height: h, channels: c, data: src } = original;
  const out = new Uint8Array(W * H * c);
  const scaleX = w / level.source.width;
  const scaleY = h / level.source.height;
  // Displacements of every coarse pixel, in full-resolution pixels.
  const dispX = new Int32Array(level.W * level.H);
  const dispY = new Int32Array(level.W * level.H);
  for (let y = 0; y < level.H; y++) {
    for (let x = 0; x < level.W; x++) {
      const [dx, dy] = displacement(level, nnf, x, y);
      dispX[y * level.W + x] = Math.round(dx * scaleX);
      dispY[y * level.W + x] = Math.round(dy * scaleY);
    }
  }
  const col = axisSamples(W, ox, scaleX, level.ox, level.W);
  const row = axisSamples(H, oy, scaleY, level.oy, level.H);
  const corner = new Int32Array(4);
  const base = new Int32Array(4);
  // Where the four coarse neighbours disagree: a bilinear mix of the four copies.
  const blendRun = (from: number, to: number, y: number): void => {
    let inside = true;
    for (let k = 0; k < 4; k++) {
      const ck = corner[k]!;
      const sx = from - ox + dispX[ck]!;
      const sy = y - oy + dispY[ck]!;
      if (sx < 0 || sx + (to - from) > w || sy < 0 || sy >= h) inside = false;
      base[k] = (sy * w + sx) * c;
    }
    const ay = row.a[y]!;
    for (let x = from; x < to; x++) {
      const ax = col.a[x]!;
      const w0 = (1 - ax) * (1 - ay);
      const w1 = ax * (1 - ay);
      const w2 = (1 - ax) * ay;
      const w3 = ax * ay;
      const o = (y * W + x) * c;
      const step = (x - from) * c;
      for (let ch = 0; ch < c; ch++) {
        if (inside && w0 === 1) {
          out[o + ch] = src[base[0]! + step + ch]!;
          continue;
        }
        if (inside) {
          out[o + ch] = Math.round(
            src[base[0]! + step + ch]! * w0 +
              src[base[1]! + step + ch]! * w1 +
              src[base[2]! + step + ch]! * w2 +
              src[base[3]! + step + ch]! * w3,
          );
          continue;
        }
        let acc = 0;
        for (let k = 0; k < 4; k++) {
          const ck = corner[k]!;
          const weight = k === 0 ? w0 : k === 1 ? w1 : k === 2 ? w2 : w3;
          acc += src[sourceIndex(x - ox + dispX[ck]!, y - oy + dispY[ck]!, w, h, c) + ch]! * weight;
        }
        out[o + ch] = Math.round(acc);
      }
    }
  };
  for (let y = 0; y < H; y++) {
    const inRows = y >= oy && y < oy + h;
    if (inRows) out.set(src.subarray((y - oy) * w * c, (y - oy + 1) * w * c), (y * W + ox) * c);
    const y0 = row.i0[y]!;
    const y1 = row.i1[y]!;
    let x = 0;
    while (x < W) {
      if (inRows && x === ox) {
        x = ox + w;
        continue;
      }
      // A run of pixels between the same coarse neighbours; stops at the original's left edge.
      const x0 = col.i0[x]!;
      const x1 = col.i1[x]!;
      let end = x + 1;
      while (end < W && col.i0[end] === x0 && !(inRows && end === ox)) end++;
      corner[0] = y0 * level.W + x0;
      corner[1] = y0 * level.W + x1;
      corner[2] = y1 * level.W + x0;
      corner[3] = y1 * level.W + x1;
      const first = corner[0];
      let coherent = true;
      for (let k = 1; k < 4; k++) {
        const ck = corner[k]!;
        if (dispX[ck] !== dispX[first] || dispY[ck] !== dispY[first]) coherent = false;
      }
      const sx = x - ox + dispX[first]!;
      const sy = y - oy + dispY[first]!;
      if (coherent && sx >= 0 && sx + (end - x) <= w && sy >= 0 && sy < h) {
        // The common case: one exact copy of real pixels for the whole run.
        const si = (sy * w + sx) * c;
        out.set(src.subarray(si, si + (end - x) * c), (y * W + x) * c);
        x = end;
        continue;
      }
      blendRun(x, end, y);
      x = end;
    }
  }
  return out;
}

function sourceIndex(x: number, y: number, w: number, h: number, c: number): number {
  return (clamp(y, 0, h - 1) * w + clamp(x, 0, w - 1)) * c;
}

/** For each full-resolution coordinate: the two coarse neighbours and the blend between them. */
function axisSamples(
  size: number,
  offset: number,
  scale: number,
  levelOffset: number,
  levelSize: number,
) {
  const i0 = new Int32Array(size);
  const i1 = new Int32Array(size);
  const a = new Float32Array(size);
  // Blend over about TRANSITION_PX around each cell boundary instead of across the whole cell:
  // neighbouring copies then meet in a short cross-fade and each keeps its own sharp texture.
  const steepness = Math.max(1, scale / TRANSITION_PX);
  for (let v = 0; v < size; v++) {
    const f = clamp(levelOffset + (v - offset + 0.5) / scale - 0.5, 0, levelSize - 1);
    i0[v] = Math.floor(f);
    i1[v] = Math.min(levelSize - 1, i0[v]! + 1);
    a[v] = clamp((f - i0[v]! - 0.5) * steepness + 0.5, 0, 1);
  }
  return { i0, i1, a };
}

/** Width of the cross-fade between two neighbouring copies, in full-resolution px. */
const TRANSITION_PX = 6;
