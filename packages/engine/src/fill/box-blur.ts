/** Separable box blur (radius `r`, clamped borders) of interleaved pixels, as floats. */
export function boxBlur(
  data: Uint8Array | Float32Array,
  W: number,
  H: number,
  c: number,
  r: number,
): Float32Array {
  const rows = new Float32Array(W * H * c);
  const norm = 1 / (2 * r + 1);
  for (let y = 0; y < H; y++) {
    const line = y * W * c;
    for (let ch = 0; ch < c; ch++) {
      let sum = 0;
      for (let k = -r; k <= r; k++) sum += data[line + Math.min(W - 1, Math.max(0, k)) * c + ch]!;
      for (let x = 0; x < W; x++) {
        rows[line + x * c + ch] = sum * norm;
        const add = Math.min(W - 1, x + r + 1);
        const drop = Math.max(0, x - r);
        sum += data[line + add * c + ch]! - data[line + drop * c + ch]!;
      }
    }
  }
  const out = new Float32Array(W * H * c);
  const stride = W * c;
  const acc = new Float32Array(stride);
  for (let k = -r; k <= r; k++) {
    const from = Math.min(H - 1, Math.max(0, k)) * stride;
    for (let t = 0; t < stride; t++) acc[t]! += rows[from + t]!;
  }
  for (let y = 0; y < H; y++) {
    const o = y * stride;
    for (let t = 0; t < stride; t++) out[o + t] = acc[t]! * norm;
    const add = Math.min(H - 1, y + r + 1) * stride;
    const drop = Math.max(0, y - r) * stride;
    for (let t = 0; t < stride; t++) acc[t]! += rows[add + t]! - rows[drop + t]!;
  }
  return out;
}
