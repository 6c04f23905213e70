import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { fixtureImage } from '@reframe/fixtures';

/** A licensed fixture photo, shrunk so tests stay fast, re-encoded in the asked format. */
export async function fixture(
  name: string,
  width = 120,
  format: 'png' | 'jpeg' | 'webp' = 'png',
): Promise<Uint8Array> {
  const bytes = await readFile(fixtureImage(name));
  const buffer = await sharp(bytes).resize(width).toFormat(format).toBuffer();
  return new Uint8Array(buffer);
}

export async function rawPixels(
  png: Uint8Array,
): Promise<{ data: Uint8Array; width: number; height: number; channels: number }> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data),
    width: info.width,
    height: info.height,
    channels: info.channels,
  };
}
