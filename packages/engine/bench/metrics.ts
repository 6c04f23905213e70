/** Quality proxies comparing a filled canvas with the real photo over the new area only. */
export interface Frame {
  width: number;
  height: number;
  channels: number;
  data: Uint8Array;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Quality {
  /** |ln(seam gradient / real gradient)| across the original's border: 0 is a seam as strong as the photo's own. */
  seam: number;
  /** Mean absolute error (0-255) of 16x16 block means over the new area. */
  colour: number;
  /** |ln(texture energy / real texture energy)| in the new area: 0 is the photo's own sharpness. */
  texture: number;
}

const luma = (f: Frame, x: number, y: number): number => {
  const i = (y * f.width + x) * f.channels;
  return 0.299 * f.data[i]! + 0.587 * f.data[i + 1]! + 0.114 * f.data[i + 2]!;
};

const inside = (r: Rect, x: number, y: number): boolean =>
  x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height;

export function measureQuality(result: Frame, real: Frame, known: Rect): Quality {
  return {
    seam: Math.abs(Math.log((seamGradient(result, known) + 1) / (seamGradient(real, known) + 1))),
    colour: blockColourError(result, real, known, 16),
    texture: Math.abs(
      Math.log((textureEnergy(result, known) + 1) / (textureEnergy(real, known) + 1)),
    ),
  };
}

/** Mean |luma step| between each border pixel of the original and its outside neighbour. */
function seamGradient(f: Frame, k: Rect): number {
  let sum = 0;
  let n = 0;
  const add = (ax: number, ay: number, bx: number, by: number): void => {
    if (bx < 0 || by < 0 || bx >= f.width || by >= f.height) return;
    sum += Math.abs(luma(f, ax, ay) - luma(f, bx, by));
    n++;
  };
  for (let y = k.y; y < k.y + k.height; y++) {
    add(k.x, y, k.x - 1, y);
    add(k.x + k.width - 1, y, k.x + k.width, y);
  }
  for (let x = k.x; x < k.x + k.width; x++) {
    add(x, k.y, x, k.y - 1);
    add(x, k.y + k.height - 1, x, k.y + k.height);
  }
  return n ? sum / n : 0;
}

function blockColourError(a: Frame, b: Frame, k: Rect, block: number): number {
  let sum = 0;
  let n = 0;
  for (let by = 0; by + block <= a.height; by += block) {
    for (let bx = 0; bx + block <= a.width; bx += block) {
      if (inside(k, bx, by) && inside(k, bx + block - 1, by + block - 1)) continue;
      for (let ch = 0; ch < 3; ch++) {
        let sa = 0;
        let sb = 0;
        for (let y = by; y < by + block; y++) {
          for (let x = bx; x < bx + block; x++) {
            const i = (y * a.width + x) * a.channels + ch;
            sa += a.data[i]!;
            sb += b.data[i]!;
          }
        }
        sum += Math.abs(sa - sb) / (block * block);
        n++;
      }
    }
  }
  return n ? sum / n / 3 : 0;
}

/** Mean |Laplacian| of luma over new-area pixels at least 2 px away from the original. */
function textureEnergy(f: Frame, k: Rect): number {
  const grown: Rect = { x: k.x - 2, y: k.y - 2, width: k.width + 4, height: k.height + 4 };
  let sum = 0;
  let n = 0;
  for (let y = 1; y < f.height - 1; y++) {
    for (let x = 1; x < f.width - 1; x++) {
      if (inside(grown, x, y)) continue;
      const lap =
        4 * luma(f, x, y) -
        luma(f, x - 1, y) -
        luma(f, x + 1, y) -
        luma(f, x, y - 1) -
        luma(f, x, y + 1);
      sum += Math.abs(lap);
      n++;
    }
  }
  return n ? sum / n : 0;
}
