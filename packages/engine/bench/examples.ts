import { readdir, readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { computeCanvas, parseRatio } from '@reframe/shared/geometry/index';
import { decodeImage } from '../src/codecs/decode';
import { shiftMapFill } from '../src/fill/shift-map-fill';

const RATIOS = ['1:1', '16:9', '9:16', '4:5', '21:9'];
const HEIGHT = 420;
const GAP = 8;

/**
 * What a customer sees: every fixture photo extended to each ratio, one montage per ratio
 * (`examples-16x9.png`...), at the photo's own resolution.
 */
export async function saveExamples(fixtures: URL, output: URL, seed: number): Promise<void> {
  const files = (await readdir(fixtures)).filter((f) => /\.(png|jpe?g)$/i.test(f)).sort();
  const originals = await Promise.all(
    files.map(async (f) => decodeImage(new Uint8Array(await readFile(new URL(f, fixtures))))),
  );
  for (const ratio of RATIOS) {
    const tiles: { data: Buffer; width: number }[] = [];
    for (const original of originals) {
      const canvas = computeCanvas(original.width, original.height, parseRatio(ratio));
      const pixels = shiftMapFill(original, canvas, seed);
      const raw = { width: canvas.width, height: canvas.height, channels: original.channels };
      const { data, info } = await sharp(pixels, { raw })
        .resize({ height: HEIGHT })
        .png()
        .toBuffer({ resolveWithObject: true });
      tiles.push({ data, width: info.width });
    }
    let left = 0;
    const composite = tiles.map((t) => {
      const entry = { input: t.data, left, top: 0 };
      left += t.width + GAP;
      return entry;
    });
    const name = `examples-${ratio.replace(':', 'x')}${seed === 1 ? '' : `-seed${seed}`}.png`;
    await sharp({
      create: { width: left - GAP, height: HEIGHT, channels: 3, background: '#ffffff' },
    })
      .composite(composite)
      .png()
      .toFile(new URL(name, output).pathname);
  }
}
