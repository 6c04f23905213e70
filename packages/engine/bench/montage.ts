import sharp from 'sharp';
import type { Frame, Rect } from './frame';

const HEIGHT = 300;
const GAP = 8;
const LABEL = 26;
const TITLE = 28;

/**
 * Saves one row of labelled panels (the real photo, then each fill), each full frame with the
 * original's outline drawn on it, so the eye can judge where the new area starts.
 */
export async function saveMontage(
  file: string,
  title: string,
  known: Rect,
  panels: { label: string; frame: Frame }[],
): Promise<void> {
  const first = panels[0]!.frame;
  const scale = HEIGHT / first.height;
  const width = Math.round(first.width * scale);
  const outline = Buffer.from(
    `<svg width="${width}" height="${HEIGHT}" xmlns="http://www.w3.org/2000/svg">` +
      `<rect x="${known.x * scale + 0.5}" y="${known.y * scale + 0.5}" width="${known.width * scale - 1}" height="${known.height * scale - 1}" fill="none" stroke="#ff2d55" stroke-width="1" stroke-dasharray="6 4"/></svg>`,
  );
  const tiles = await Promise.all(
    panels.map(async ({ frame }) =>
      sharp(frame.data, {
        raw: { width: frame.width, height: frame.height, channels: frame.channels as 3 | 4 },
      })
        .resize(width, HEIGHT)
        .composite([{ input: outline, left: 0, top: 0 }])
        .png()
        .toBuffer(),
    ),
  );
  const composite = panels.flatMap(({ label }, i) => {
    const left = i * (width + GAP);
    const text = Buffer.from(
      `<svg width="${width}" height="${LABEL}" xmlns="http://www.w3.org/2000/svg">` +
        `<text x="4" y="19" font-family="sans-serif" font-size="16" fill="#111">${label}</text></svg>`,
    );
    return [
      { input: text, left, top: TITLE },
      { input: tiles[i]!, left, top: TITLE + LABEL },
    ];
  });
  const total = panels.length * (width + GAP) - GAP;
  const heading = Buffer.from(
    `<svg width="${total}" height="${TITLE}" xmlns="http://www.w3.org/2000/svg">` +
      `<text x="4" y="20" font-family="sans-serif" font-size="17" font-weight="bold" fill="#111">${title}</text></svg>`,
  );
  await sharp({
    create: {
      width: total,
      height: TITLE + HEIGHT + LABEL,
      channels: 3,
      background: '#ffffff',
    },
  })
    .composite([{ input: heading, left: 0, top: 0 }, ...composite])
    .png()
    .toFile(file);
}

/** Saves each panel at full size (`<file>-<label>.png`), for looking at what the montage shrinks. */
export async function saveFullSize(
  file: string,
  panels: { label: string; frame: Frame }[],
): Promise<void> {
  await Promise.all(
    panels.map(({ label, frame }) =>
      sharp(frame.data, {
        raw: { width: frame.width, height: frame.height, channels: frame.channels as 3 | 4 },
      })
        .png()
        .toFile(`${file}-${label}.png`),
    ),
  );
}
