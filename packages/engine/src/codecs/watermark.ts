/**
 * A visible watermark for results made with a test API key: the text drawn diagonally, in white
 * with a dark outline so it shows on light and dark backgrounds alike, repeated across the whole
 * image. It is drawn on the result's pixels before they are encoded (renditions.ts
 * `storedFromPixels`), so every file made from it carries it.
 */

/** Text height as a share of the image's shorter side: readable at a thumbnail's size. */
const TEXT_SHARE = 0.09;
/** The overlay's opacity: the picture shows through, the mark cannot be missed. */
const OPACITY = 0.55;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The mark for a `width` x `height` image, as an SVG of that size to lay over it. */
export function watermarkSvg(width: number, height: number, text: string): string {
  const size = Math.max(12, Math.round(Math.min(width, height) * TEXT_SHARE));
  const step = size * 4;
  const rows: string[] = [];
  const diagonal = Math.ceil(Math.hypot(width, height));
  for (let y = -diagonal; y <= diagonal; y += step) {
    rows.push(
      `<text x="${-diagonal}" y="${y}">${`${escapeXml(text)}   `.repeat(
        Math.ceil((diagonal * 2) / (size * text.length * 0.7)),
      )}</text>`,
    );
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<g transform="translate(${width / 2} ${height / 2}) rotate(-30)" opacity="${OPACITY}" ` +
    `font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="bold" font-size="${size}" ` +
    `fill="#ffffff" stroke="#1f2937" stroke-width="${Math.max(1, size / 16)}">` +
    `${rows.join('')}</g></svg>`
  );
}
