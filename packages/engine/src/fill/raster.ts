/** Interleaved pixels, `channels` per pixel, row-major. */
export interface Raster<T extends Uint8Array | Float32Array = Uint8Array> {
  width: number;
  height: number;
  channels: number;
  data: T;
}

/** The mean of each pixel's colour channels (its first three; a grey image's one). */
export function meanChannel(image: Raster<Float32Array>): Float32Array {
  const { width, height, channels: c, data } = image;
  const colours = Math.min(3, c);
  const grey = new Float32Array(width * height);
  for (let p = 0; p < grey.length; p++) {
    let sum = 0;
    for (let k = 0; k < colours; k++) sum += data[p * c + k]!;
    grey[p] = sum / colours;
  }
  return grey;
}

/** Where the original sits on the canvas, all in pixels. */
export interface CanvasPlacement {
  width: number;
  height: number;
  offsetX: number;
  offsetY: number;
}

/**
 * Area-average resize (each output pixel is the mean of the input area it covers), separable.
 * Used to build the pyramid: it never invents detail, so coarse levels see true colours.
 */
export function resizeArea(
  src: Raster<Uint8Array> | Raster<Float32Array>,
  width: number,
  height: number,
): Raster<Float32Array> {
  const { channels: c } = src;
  const horizontal = resizeRows(src.data, src.width, src.height, c, width);
  const data = resizeColumns(horizontal, width, src.height, c, height);
  return { width, height, channels: c, data };
}

/**
 * The input cells each output cell covers along one axis (`inSize` cells to `size`): output o
 * averages inputs `first[o]` to `first[o] + count[o] - 1`, weighted by `weight[o * span + j]`.
 */
interface AxisCover {
  first: Int32Array;
  count: Int32Array;
  span: number;
  weight: Float64Array;
}

function axisCover(inSize: number, size: number): AxisCover {
  const ratio = inSize / size;
  const span = Math.ceil(ratio) + 1;
  const first = new Int32Array(size);
  const count = new Int32Array(size);
  const weight = new Float64Array(size * span);
  for (let o = 0; o < size; o++) {
    const start = o * ratio;
    const end = start + ratio;
    const last = Math.min(inSize - 1, Math.ceil(end) - 1);
    first[o] = Math.floor(start);
    count[o] = last - first[o]! + 1;
    for (let i = first[o]!; i <= last; i++) {
      weight[o * span + i - first[o]!] = (Math.min(end, i + 1) - Math.max(start, i)) / ratio;
    }
  }
  return { first, count, span, weight };
}

/** Each row resized to `size` px. Sums round to Float32 at every term, as the output holds them. */
function resizeRows(
  data: Uint8Array | Float32Array,
  width: number,
  height: number,
  c: number,
  size: number,
): Float32Array {
  const out = new Float32Array(size * height * c);
  const { first, count, span, weight } = axisCover(width, size);
  if (c !== 3) {
    for (let line = 0; line < height; line++) {
      for (let o = 0; o < size; o++) {
        const si = (line * width + first[o]!) * c;
        for (let ch = 0; ch < c; ch++) {
          let sum = 0;
          for (let j = 0; j < count[o]!; j++) {
            sum = Math.fround(sum + data[si + j * c + ch]! * weight[o * span + j]!);
          }
          out[(line * size + o) * c + ch] = sum;
        }
      }
    }
    return out;
  }
  // Two lines' three channels at once: six independent chains of rounding adds. A last odd
  // line is its own pair (computed twice, written once).
  for (let line = 0; line < height; line += 2) {
    const next = line + 1 < height ? width * 3 : 0;
    const outNext = line + 1 < height ? size * 3 : 0;
    for (let o = 0; o < size; o++) {
      const si = (line * width + first[o]!) * 3;
      const wi = o * span;
      let r0 = 0;
      let g0 = 0;
      let b0 = 0;
      let r1 = 0;
      let g1 = 0;
      let b1 = 0;
      for (let j = 0; j < count[o]!; j++) {
        const w = weight[wi + j]!;
        const p = si + j * 3;
        r0 = Math.fround(r0 + data[p]! * w);
        g0 = Math.fround(g0 + data[p + 1]! * w);
        b0 = Math.fround(b0 + data[p + 2]! * w);
        r1 = Math.fround(r1 + data[p + next]! * w);
        g1 = Math.fround(g1 + data[p + next + 1]! * w);
        b1 = Math.fround(b1 + data[p + next + 2]! * w);
      }
      const oi = (line * size + o) * 3;
      out[oi + outNext] = r1;
      out[oi + outNext + 1] = g1;
      out[oi + outNext + 2] = b1;
      out[oi] = r0;
      out[oi + 1] = g0;
      out[oi + 2] = b0;
    }
  }
  return out;
}

/** Each column resized to `size` px, whole rows at a time: contiguous reads and writes. */
function resizeColumns(
  data: Float32Array,
  width: number,
  height: number,
  c: number,
  size: number,
): Float32Array {
  const rowLength = width * c;
  const out = new Float32Array(rowLength * size);
  const { first, count, span, weight } = axisCover(height, size);
  for (let o = 0; o < size; o++) {
    const oi = o * rowLength;
    const s0 = first[o]! * rowLength;
    const w0 = weight[o * span]!;
    // The first two rows in one pass (as adding each onto the zeroed output row, rounding each).
    if (count[o] === 1) {
      for (let t = 0; t < rowLength; t++) out[oi + t] = 0 + data[s0 + t]! * w0;
    } else {
      const w1 = weight[o * span + 1]!;
      for (let t = 0; t < rowLength; t++) {
        out[oi + t] = Math.fround(0 + data[s0 + t]! * w0) + data[s0 + rowLength + t]! * w1;
      }
    }
    for (let j = 2; j < count[o]!; j++) {
      const si = (first[o]! + j) * rowLength;
      const w = weight[o * span + j]!;
      for (let t = 0; t < rowLength; t++) out[oi + t]! += data[si + t]! * w;
    }
  }
  return out;
}
