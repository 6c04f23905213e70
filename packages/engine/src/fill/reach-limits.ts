import type { Rect } from './growth';
import type { Shift } from './shift-candidates';

/** What `ReachLimits` reads of the cost options (shift-costs.ts says what each is). */
export interface ReachOptions {
  reachWobble: number;
  reachWavelength: number;
}

/**
 * Which shifts may serve a new pixel beyond the area they can reach. A straight copy from
 * distance d across a side reaches new pixels up to d out; were every copy used to its reach, all
 * rows would change copy at the same few distances from the edge, in straight bands parallel to
 * it (a sharp band, then another copy). Each copy's reach is cut short by up to `reachWobble` of
 * it, varying smoothly along the edge (value noise with knots every `reachWavelength` working px,
 * drawn from the seed), so copies change along wavy lines that differ from copy to copy. A copy
 * that reaches across the whole step keeps its full reach (cutting it would force a change of
 * copy that nothing else does: teeth along a dark corner's edge), as do corners and copies along
 * lines. Usage: `moveTo(x, y)` once per pixel, then `allows(l)` per shift.
 */
export class ReachLimits {
  private readonly wobble: number;
  private readonly wave: number;
  private readonly known: Rect;
  /** Per shift, its noise knots along the edge. */
  private readonly knots: Float32Array[];
  /** Per shift, 1 when it keeps its full reach everywhere (copies along lines). */
  private readonly exempt: Uint8Array;
  /**
   * Per shift and side (left, right, top, bottom), how far across that side it copies from, or
   * Infinity where that reaches past the step's growth there (the copy need never give way).
   */
  private readonly limited: Float64Array;
  /** The current pixel: whether any shift can be cut short there, and which side it lies past. */
  private cut = false;
  private side = 0;
  private out = 0;
  private knot = 0;
  /** Weights of the two knots around the current pixel. */
  private before = 0;
  private after = 0;

  constructor(
    shifts: readonly Shift[],
    known: Rect,
    next: Rect,
    span: number,
    rng: () => number,
    options: ReachOptions,
  ) {
    this.wobble = options.reachWobble;
    this.wave = options.reachWavelength;
    this.known = known;
    this.knots = shifts.map(() =>
      Float32Array.from({ length: Math.ceil(span / this.wave) + 2 }, () => rng()),
    );
    this.exempt = Uint8Array.from(shifts, (s) => (s.alongLine ? 1 : 0));
    /** How far the step grows past each side. */
    const grows = [known.x0 - next.x0, next.x1 - known.x1, known.y0 - next.y0, next.y1 - known.y1];
    this.limited = new Float64Array(4 * shifts.length);
    shifts.forEach((shift, l) => {
      const across = [shift.dx, -shift.dx, shift.dy, -shift.dy];
      for (let side = 0; side < 4; side++) {
        const d = across[side]!;
        this.limited[4 * l + side] = d >= grows[side]! ? Infinity : d;
      }
    });
  }

  /** Prepares new pixel (x, y) for `allows`. */
  moveTo(x: number, y: number): void {
    const { known } = this;
    const left = x < known.x0;
    const right = x >= known.x1;
    const top = y < known.y0;
    const bottom = y >= known.y1;
    this.cut = this.wobble !== 0 && (left || right) !== (top || bottom);
    if (!this.cut) return;
    this.side = left ? 0 : right ? 1 : top ? 2 : 3;
    this.out = left
      ? known.x0 - x
      : right
        ? x - known.x1 + 1
        : top
          ? known.y0 - y
          : y - known.y1 + 1;
    const f = (left || right ? y : x) / this.wave;
    const i = Math.floor(f);
    const s = (1 - Math.cos(Math.PI * (f - i))) / 2;
    this.knot = i;
    this.before = 1 - s;
    this.after = s;
  }

  /** Whether shift l may serve the pixel of the last `moveTo`. */
  allows(l: number): boolean {
    if (!this.cut || this.exempt[l] === 1) return true;
    const d = this.limited[4 * l + this.side]!;
    if (d === Infinity) return true;
    const k = this.knots[l]!;
    const i = this.knot;
    return this.out <= d * (1 - this.wobble * (k[i]! * this.before + k[i + 1]! * this.after));
  }
}
