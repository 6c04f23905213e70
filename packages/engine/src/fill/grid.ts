import { boxBlur } from './box-blur';
import { clamp } from './nnf';

/** Width of the cross-fade between two neighbouring copies, in full-resolution px. */
const TRANSITION_PX = 6;

/** For each full-resolution coordinate along one axis, its place on a coarser level's grid. */
export interface GridAxis {
  /** The two level cells around the coordinate. */
  i0: Int32Array;
  i1: Int32Array;
  /** Bilinear blend between them. */
  a: Float32Array;
  /**
   * The same blend squeezed to about TRANSITION_PX around each cell boundary, so neighbouring
   * copies meet in a short cross-fade and each keeps its own sharp texture.
   */
  steep: Float32Array;
}

/**
 * `size` full-resolution px, of which px `offset` maps to level cell `levelOffset`, `scale`
 * full-resolution px per cell, `levelSize` cells.
 */
export function gridAxis(
  size: number,
  offset: number,
  scale: number,
  levelOffset: number,
  levelSize: number,
): GridAxis {
  const i0 = new Int32Array(size);
  const i1 = new Int32Array(size);
  const a = new Float32Array(size);
  const steep = new Float32Array(size);
  const steepness = Math.max(1, scale / TRANSITION_PX);
  for (let v = 0; v < size; v++) {
    const f = clamp(levelOffset + (v - offset + 0.5) / scale - 0.5, 0, levelSize - 1);
    i0[v] = Math.floor(f);
    i1[v] = Math.min(levelSize - 1, i0[v]! + 1);
    a[v] = f - i0[v]!;
    steep[v] = clamp((a[v]! - 0.5) * steepness + 0.5, 0, 1);
  }
  return { i0, i1, a, steep };
}

export function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}

/** `out` = row at `from0` + (row at `from1` - row at `from0`) * `a`, over `out.length` values. */
export function lerpRows(
  data: Float32Array,
  from0: number,
  from1: number,
  a: number,
  out: Float32Array,
): void {
  for (let k = 0; k < out.length; k++) {
    const v0 = data[from0 + k]!;
    out[k] = v0 + (data[from1 + k]! - v0) * a;
  }
}

/** Two box passes: a cheap, roughly Gaussian blur (`radius` 0 returns the data as it is). */
export function blurTwice(
  data: Float32Array,
  width: number,
  height: number,
  c: number,
  radius: number,
): Float32Array {
  if (radius < 1) return data;
  return boxBlur(boxBlur(data, width, height, c, radius), width, height, c, radius);
}
