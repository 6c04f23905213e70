import { readFile } from 'node:fs/promises';
import { fixtureImage } from '@reframe/fixtures';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeImage } from './decode';
import { sniffHeader } from './sniff';
import { checkUpload, prepareUpload } from './upload';

const heic = async () => new Uint8Array(await readFile(fixtureImage('coffee.heic')));

/** Mean absolute difference per channel between two RGB images of one size. */
function meanDifference(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

describe('HEIC photos (issue 41)', () => {
  it('reads the size from the header, without decoding', async () => {
    expect(sniffHeader(await heic())).toEqual({ format: 'heic', width: 600, height: 400 });
  });

  it('decodes to the photo it was saved from', async () => {
    const decoded = await decodeImage(await heic());
    const source = await sharp(fixtureImage('coffee.png')).removeAlpha().raw().toBuffer();
    expect([decoded.width, decoded.height, decoded.channels]).toEqual([600, 400, 3]);
    expect(meanDifference(decoded.data, source)).toBeLessThan(4);
  });

  it('is stored as a JPEG of its pixels on upload', async () => {
    const bytes = await heic();
    const prepared = await prepareUpload(bytes, checkUpload(bytes));
    expect(prepared).toMatchObject({ format: 'heic', width: 600, height: 400, hasAlpha: false });
    expect(prepared.storedFormat).toBe('jpeg');
    expect((await sharp(prepared.stored).metadata()).format).toBe('jpeg');
  });

  it('refuses a HEIC file cut short, from its structure', async () => {
    const bytes = await heic();
    expect(() => checkUpload(bytes.subarray(0, bytes.length - 1000))).toThrow(
      expect.objectContaining({ code: 'TRUNCATED' }),
    );
  });

  it('names HEIC when the coded data cannot be decoded', async () => {
    const bytes = (await heic()).slice();
    const mdat = Buffer.from(bytes).indexOf('mdat');
    bytes.fill(0, mdat + 4, bytes.length);
    await expect(prepareUpload(bytes)).rejects.toMatchObject({ code: 'HEIC_UNREADABLE' });
  });
});
