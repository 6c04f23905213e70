/** A rectangle of canvas pixels: [x0, x1) x [y0, y1). */
export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export const rectWidth = (r: Rect): number => r.x1 - r.x0;
export const rectHeight = (r: Rect): number => r.y1 - r.y0;

export function inRect(r: Rect, x: number, y: number): boolean {
  return x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1;
}

/**
 * The known area after each growth step, from the original to the whole canvas. Each step adds a
 * ring at most `reach` times the known area's size across each side, so every new pixel can be a
 * shifted copy of what is already known (a copy needs a source at least as far inside as the
 * pixel is outside). Big extensions (a landscape made portrait) take two or three steps.
 */
export function growthSteps(original: Rect, canvas: Rect, reach: number): Rect[] {
  const steps = [original];
  let known = original;
  while (
    known.x0 > canvas.x0 ||
    known.y0 > canvas.y0 ||
    known.x1 < canvas.x1 ||
    known.y1 < canvas.y1
  ) {
    const gx = Math.max(1, Math.floor(rectWidth(known) * reach));
    const gy = Math.max(1, Math.floor(rectHeight(known) * reach));
    known = {
      x0: Math.max(canvas.x0, known.x0 - gx),
      y0: Math.max(canvas.y0, known.y0 - gy),
      x1: Math.min(canvas.x1, known.x1 + gx),
      y1: Math.min(canvas.y1, known.y1 + gy),
    };
    steps.push(known);
  }
  return steps;
}

/** Scales a rectangle, rounding each side to the nearest pixel. */
export function scaleRect(r: Rect, sx: number, sy: number): Rect {
  return {
    x0: Math.round(r.x0 * sx),
    y0: Math.round(r.y0 * sy),
    x1: Math.round(r.x1 * sx),
    y1: Math.round(r.y1 * sy),
  };
}
