/**
 * How visible the border between the original and the new area is: the mean step across it,
 * against the photo's own step between neighbouring pixels at the same place (the first two
 * columns or rows inside it), and the colour drift left across it. Used by the seam tests and
 * the provider bench.
 */
export interface BorderSteps {
  /** Mean absolute difference across the border (new pixel next to original pixel). */
  across: number;
  /** Mean absolute difference between the original's first two pixels at the same place. */
  own: number;
  /** Mean signed difference across the border (new minus original): the drift left at the seam. */
  drift: number;
}

export function borderSteps(
  image: { data: Uint8Array; width: number; height: number; channels: number },
  rect: { x: number; y: number; width: number; height: number },
): BorderSteps {
  const { data, width, channels } = image;
  const at = (x: number, y: number, c: number) => data[(y * width + x) * channels + c]!;
  let across = 0;
  let own = 0;
  let drift = 0;
  let count = 0;
  const add = (outside: [number, number], edge: [number, number], inner: [number, number]) => {
    for (let c = 0; c < 3; c++) {
      across += Math.abs(at(...outside, c) - at(...edge, c));
      drift += at(...outside, c) - at(...edge, c);
      own += Math.abs(at(...edge, c) - at(...inner, c));
    }
    count += 3;
  };
  const right = rect.x + rect.width - 1;
  const bottom = rect.y + rect.height - 1;
  for (let y = rect.y; y <= bottom; y++) {
    if (rect.x > 0) add([rect.x - 1, y], [rect.x, y], [rect.x + 1, y]);
    if (right < width - 1) add([right + 1, y], [right, y], [right - 1, y]);
  }
  for (let x = rect.x; x <= right; x++) {
    if (rect.y > 0) add([x, rect.y - 1], [x, rect.y], [x, rect.y + 1]);
    if (bottom < image.height - 1) add([x, bottom + 1], [x, bottom], [x, bottom - 1]);
  }
  return { across: across / count, own: own / count, drift: drift / count };
}
