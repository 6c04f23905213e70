import sharp from 'sharp';
import type { Frame, Rect } from './metrics';

const HEIGHT = 300;
const GAP = 8;

/** Saves one row: the crop (placed on grey where the frame would be), then each full frame. */
export async function saveMontage(
  file: URL,
  [crop, known, ...frames]: [Frame, Rect, ...Frame[]],
): Promise<void> {
  const first = frames[0]!;
  const toPng = (f: Frame): Promise<Buffer> =>
    sharp(f.data, { raw: { width: f.width, height: f.height, channels: f.channels as 3 | 4 } })
      .png()
      .toBuffer();
  const placed = await sharp({
    create: { width: first.width, height: first.height, channels: 3, background: '#808080' },
  })
    .composite([{ input: await toPng(crop), left: known.x, top: known.y }])
    .png()
    .toBuffer();
  const tiles = await Promise.all(
    [placed, ...(await Promise.all(frames.map(toPng)))].map((png) =>
      sharp(png).resize({ height: HEIGHT }).png().toBuffer({ resolveWithObject: true }),
    ),
  );
  let left = 0;
  const composite = tiles.map((t) => {
    const entry = { input: t.data, left, top: 0 };
    left += t.info.width + GAP;
    return entry;
  });
  await sharp({ create: { width: left - GAP, height: HEIGHT, channels: 3, background: '#ffffff' } })
    .composite(composite)
    .png()
    .toFile(file.pathname);
}
