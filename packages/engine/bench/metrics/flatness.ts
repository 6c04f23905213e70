import { median } from '../frame';
import type { Candidate, CaseGeometry } from './context';

/** Block side (px, full resolution) local detail is measured over. */
const FLAT_BLOCK = 8;
/** A block is flat when its luma std is under this share of the real photo's median block std... */
const FLAT_SHARE_OF_REAL = 0.25;
/** ...or under this many grey levels (JPEG noise alone exceeds it on real surfaces)... */
const FLAT_FLOOR = 1;
/** ...or when it holds at most this many distinct colours of 64 (posterised). */
const POSTERISED_COLOURS = 4;

interface Block {
  std: number;
  colours: number;
}

/** The 8x8 blocks that lie wholly in the new area. */
function blocks(c: Candidate, g: CaseGeometry): Block[] {
  const out: Block[] = [];
  const { width: w } = g;
  const k = g.known;
  const ch = c.frame.channels;
  for (let by = 0; by + FLAT_BLOCK <= g.height; by += FLAT_BLOCK) {
    for (let bx = 0; bx + FLAT_BLOCK <= g.width; bx += FLAT_BLOCK) {
      const overlaps =
        bx + FLAT_BLOCK > k.x && bx < k.x + k.width && by + FLAT_BLOCK > k.y && by < k.y + k.height;
      if (overlaps) continue;
      let s = 0;
      let s2 = 0;
      const colours = new Set<number>();
      for (let y = by; y < by + FLAT_BLOCK; y++) {
        for (let x = bx; x < bx + FLAT_BLOCK; x++) {
          const v = c.luma.data[y * w + x]!;
          s += v;
          s2 += v * v;
          const i = (y * w + x) * ch;
          colours.add(
            (c.frame.data[i]! << 16) | (c.frame.data[i + 1]! << 8) | c.frame.data[i + 2]!,
          );
        }
      }
      const n = FLAT_BLOCK * FLAT_BLOCK;
      out.push({ std: Math.sqrt(Math.max(0, s2 / n - (s / n) ** 2)), colours: colours.size });
    }
  }
  return out;
}

/** The flatness threshold of a case, set by the real photo's own new area. */
export function flatThreshold(real: Candidate, g: CaseGeometry): number {
  return Math.max(FLAT_FLOOR, FLAT_SHARE_OF_REAL * median(blocks(real, g).map((b) => b.std)));
}

/** Share (0-1) of the new area's blocks that are flat or posterised. */
export function flatShare(c: Candidate, g: CaseGeometry, threshold: number): number {
  const list = blocks(c, g);
  if (list.length === 0) return 0;
  const flat = list.filter((b) => b.std < threshold || b.colours <= POSTERISED_COLOURS).length;
  return flat / list.length;
}
