import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

/** Open Graph's recommended card size (1.91:1). */
const PREVIEW = { width: 1200, height: 630 } as const;
const PHOTO = { left: 560, top: 96, width: 592, height: 438 } as const;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Splits a headline into lines of at most `max` characters, on word boundaries. */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= max)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/**
 * The headline column runs from x 64 to the photo's frame at 552; DejaVu Sans Bold at 44 px
 * averages about 28 px a character, so 17 characters a line stay clear of the photo.
 */
const HEADLINE = { size: 44, lineHeight: 56, maxChars: 17 } as const;

function backgroundSvg(wordmark: string, headline: string, note: string): string {
  const lines = wrap(headline, HEADLINE.maxChars)
    .map(
      (line, index) =>
        `<tspan x="64" y="${232 + index * HEADLINE.lineHeight}">${escapeXml(line)}</tspan>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW.width}" height="${PREVIEW.height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#1e1b4b"/><stop offset="1" stop-color="#4338ca"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <rect x="64" y="72" width="56" height="56" rx="14" fill="#fff"/>
  <path d="M80 93v-6h6M98 87h6v6M104 107v6h-6M86 113h-6v-6" fill="none" stroke="#4f46e5" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>
  <rect x="87" y="95" width="10" height="10" rx="2.5" fill="#4f46e5"/>
  <text x="136" y="113" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="36" font-weight="700" fill="#fff">${escapeXml(wordmark)}</text>
  <text font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="${HEADLINE.size}" font-weight="700" fill="#fff">${lines}</text>
  <text x="64" y="560" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="26" fill="#c7d2fe">${escapeXml(note)}</text>
  <rect x="${PHOTO.left - 8}" y="${PHOTO.top - 8}" width="${PHOTO.width + 16}" height="${PHOTO.height + 16}" rx="24" fill="#ffffff" fill-opacity="0.12"/>
</svg>`;
}

/** The social-preview card: brand, headline and a real engine result, as a 1200x630 JPEG. */
export async function writeSocialPreview(
  resultPng: Uint8Array,
  outFile: string,
  text: { wordmark: string; headline: string; note: string },
): Promise<void> {
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO.width}" height="${PHOTO.height}"><rect width="100%" height="100%" rx="16"/></svg>`,
  );
  const photo = await sharp(resultPng)
    .resize(PHOTO.width, PHOTO.height, { fit: 'cover' })
    .composite([{ input: mask, blend: 'dest-in' }])
    .png()
    .toBuffer();
  const card = await sharp(Buffer.from(backgroundSvg(text.wordmark, text.headline, text.note)))
    .composite([{ input: photo, left: PHOTO.left, top: PHOTO.top }])
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
  await writeFile(outFile, card);
}

/** PNG icons rendered from the SVG favicon for platforms that ignore SVG icons. */
export async function writeIcons(publicDir: string): Promise<void> {
  const svg = await readFile(join(publicDir, 'favicon.svg'));
  await writeFile(
    join(publicDir, 'apple-touch-icon.png'),
    await sharp(svg, { density: 600 }).resize(180, 180).png().toBuffer(),
  );
  await writeFile(
    join(publicDir, 'favicon-32.png'),
    await sharp(svg, { density: 300 }).resize(32, 32).png().toBuffer(),
  );
}
