import type { Raster } from './raster';
import { FillScratch } from './scratch';

export interface BlendOptions {
  /**
   * Pull towards the copies as they are (screened Poisson): the correction fades over about
   * 1 / sqrt(screen) px from the seam that needs it instead of drifting across a whole area
   * stacked from copies of one gradient.
   */
  screen: number;
  iterations: number;
  /** Stop once the residual is this share of the starting one. */
  tolerance: number;
  /**
   * A colour step (RGB distance) between two textured copies from which the blend leaves the step
   * more than half standing: a step between smooth copies (sky copied from two heights) is light
   * and is blended away, but one between textured copies (a dark tree beside grass) is structure,
   * and smoothing it away washes a haze of the tree's colour over the grass...
   */
  keepStep: number;
  /** ...counted fully from about this texture (mean squared step between neighbours in a copy). */
  textureLevel: number;
}

/**
 * Gradient-domain blending of a composite of copies (Pérez et al. 2003): inside `solve`, finds
 * the image whose differences between neighbours are the composite's own wherever both show the
 * same copy, and near zero where two copies (or a copy and the fixed pixels) meet, unless the
 * step there is structure (`keepStep`); pixels outside `solve` stay as they are and bound the
 * solution. Colour steps at the seams spread out smoothly over the copies; the detail inside
 * each copy is kept. Returns the correction to add. `copyOf` is each pixel's copy.
 *
 * The correction c solves, at each solved pixel p, (degree + screen) c_p - sum of solved
 * neighbours' c_q = sum over seams (p, q) of removed(p, q) (I_q - I_p): conjugate gradients on all channels at
 * once (a few tens of thousands of pixels here, so no preconditioner is needed).
 */
export function blendCorrection(
  composite: Raster<Float32Array>,
  solve: Uint8Array,
  copyOf: Int32Array,
  options: BlendOptions,
  scratch = new FillScratch(),
): Float32Array {
  const { data: image, width, height, channels: c } = composite;
  const n = width * height;
  const index = new Int32Array(n).fill(-1);
  let m = 0;
  for (let p = 0; p < n; p++) if (solve[p]) index[p] = m++;
  const correction = new Float32Array(n * c);
  if (m === 0) return correction;
  const pixel = new Int32Array(m);
  const texture = textureWithinCopies(image, width, height, c, copyOf);
  const keep = options.keepStep ** 2;
  /** Solved neighbours of each solved pixel, by solved index (-1 where none). */
  const { links, rhs, x, r, d, q } = solveScratch(m, c, scratch);
  links.fill(-1);
  rhs.fill(0);
  const diagonal = new Float32Array(m);
  for (let p = 0; p < n; p++) {
    const k = index[p]!;
    if (k < 0) continue;
    pixel[k] = p;
    const x = p % width;
    let degree = 0;
    for (let j = 0; j < 4; j++) {
      const q = neighbour(p, x, width, j);
      if (q < 0 || q >= n) continue;
      degree++;
      if (solve[q]) links[k * 4 + j] = index[q]!;
      if (solve[q] && copyOf[q] === copyOf[p]) continue;
      let step = 0;
      for (let ch = 0; ch < c; ch++) step += (image[q * c + ch]! - image[p * c + ch]!) ** 2;
      const busy = (texture[p]! + texture[q]!) / 2;
      const removed = 1 / (1 + (step * busy) / (keep * (busy + options.textureLevel)));
      for (let ch = 0; ch < c; ch++) {
        rhs[k * c + ch]! += removed * (image[q * c + ch]! - image[p * c + ch]!);
      }
    }
    diagonal[k] = degree + options.screen;
  }
  x.fill(0);
  r.set(rhs);
  d.set(rhs);
  let rr = dot(r, r);
  const stop = options.tolerance ** 2 * rr;
  for (let it = 0; it < options.iterations && rr > stop; it++) {
    const alpha = rr / applyMatrix(links, diagonal, d, q, c);
    const next = stepTowards(x, r, d, q, alpha);
    const beta = next / rr;
    rr = next;
    for (let i = 0; i < m * c; i++) d[i] = r[i]! + beta * d[i]!;
  }
  for (let k = 0; k < m; k++) {
    for (let ch = 0; ch < c; ch++) correction[pixel[k]! * c + ch] = x[k * c + ch]!;
  }
  return correction;
}

/**
 * q = A d for the blend's matrix (`diagonal` minus the solved neighbours in `links`), returning
 * d . q, summed in the same order as `dot` would.
 */
function applyMatrix(
  links: Int32Array,
  diagonal: Float32Array,
  d: Float64Array,
  q: Float64Array,
  c: number,
): number {
  if (c === 3) return applyMatrixRgb(links, diagonal, d, q);
  let dq = 0;
  for (let k = 0; k < diagonal.length; k++) {
    const l0 = links[k * 4]!;
    const l1 = links[k * 4 + 1]!;
    const l2 = links[k * 4 + 2]!;
    const l3 = links[k * 4 + 3]!;
    for (let ch = 0; ch < c; ch++) {
      let sum = diagonal[k]! * d[k * c + ch]!;
      if (l0 >= 0) sum -= d[l0 * c + ch]!;
      if (l1 >= 0) sum -= d[l1 * c + ch]!;
      if (l2 >= 0) sum -= d[l2 * c + ch]!;
      if (l3 >= 0) sum -= d[l3 * c + ch]!;
      q[k * c + ch] = sum;
      dq += d[k * c + ch]! * sum;
    }
  }
  return dq;
}

/** `applyMatrix` for three channels, unrolled. */
function applyMatrixRgb(
  links: Int32Array,
  diagonal: Float32Array,
  d: Float64Array,
  q: Float64Array,
): number {
  let dq = 0;
  for (let k = 0; k < diagonal.length; k++) {
    const i = k * 3;
    const dk = diagonal[k]!;
    let s0 = dk * d[i]!;
    let s1 = dk * d[i + 1]!;
    let s2 = dk * d[i + 2]!;
    for (let j = k * 4; j < k * 4 + 4; j++) {
      const l = links[j]! * 3;
      if (l < 0) continue;
      s0 -= d[l]!;
      s1 -= d[l + 1]!;
      s2 -= d[l + 2]!;
    }
    q[i] = s0;
    q[i + 1] = s1;
    q[i + 2] = s2;
    dq += d[i]! * s0;
    dq += d[i + 1]! * s1;
    dq += d[i + 2]! * s2;
  }
  return dq;
}

/** x += alpha d and r -= alpha q, returning the new r . r. */
function stepTowards(
  x: Float64Array,
  r: Float64Array,
  d: Float64Array,
  q: Float64Array,
  alpha: number,
): number {
  let rr = 0;
  for (let i = 0; i < r.length; i++) {
    x[i]! += alpha * d[i]!;
    r[i]! -= alpha * q[i]!;
    rr += r[i]! * r[i]!;
  }
  return rr;
}

/** The solve's links and vectors for m pixels of c channels (contents left by the last call). */
function solveScratch(m: number, c: number, scratch: FillScratch) {
  const size = m * c;
  return {
    links: scratch.array('blend.links', m * 4, Int32Array),
    rhs: scratch.array('blend.rhs', size, Float64Array),
    x: scratch.array('blend.x', size, Float64Array),
    r: scratch.array('blend.r', size, Float64Array),
    d: scratch.array('blend.d', size, Float64Array),
    q: scratch.array('blend.q', size, Float64Array),
  };
}

/** Mean squared colour step from each pixel to its 4-neighbours showing the same copy. */
function textureWithinCopies(
  image: Float32Array,
  width: number,
  height: number,
  c: number,
  copyOf: Int32Array,
): Float32Array {
  const n = width * height;
  const texture = new Float32Array(n);
  for (let p = 0; p < n; p++) {
    const x = p % width;
    let sum = 0;
    let count = 0;
    for (let j = 0; j < 4; j++) {
      const q = neighbour(p, x, width, j);
      if (q < 0 || q >= n || copyOf[q] !== copyOf[p]) continue;
      for (let ch = 0; ch < c; ch++) sum += (image[q * c + ch]! - image[p * c + ch]!) ** 2;
      count++;
    }
    texture[p] = count > 0 ? sum / count : 0;
  }
  return texture;
}

/** Pixel p's 4-neighbour j (left, right, up, down), -1 past the left or right side. */
function neighbour(p: number, x: number, width: number, j: number): number {
  if (j === 0) return x > 0 ? p - 1 : -1;
  if (j === 1) return x < width - 1 ? p + 1 : -1;
  return j === 2 ? p - width : p + width;
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}
