import type { Rect } from '../frame';
import type { Candidate } from './context';

/** Mean |luma step| between each border pixel of the original and its outside neighbour. */
export function borderStep(c: Candidate, k: Rect): number {
  const { width: w, height: h, data } = c.luma;
  let sum = 0;
  let n = 0;
  const add = (ax: number, ay: number, bx: number, by: number): void => {
    if (bx < 0 || by < 0 || bx >= w || by >= h) return;
    sum += Math.abs(data[ay * w + ax]! - data[by * w + bx]!);
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
