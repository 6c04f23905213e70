import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fixture } from '../test-images';
import { decodeImage } from './decode';
import { inspectImage, normalizeUpload } from './inspect';

function bmp24(
  width: number,
  height: number,
  pixel: (x: number, y: number) => [number, number, number],
): Uint8Array {
  const stride = Math.ceil((width * 3) / 4) * 4;
  const bytes = new Uint8Array(54 + stride * height);
  const view = new DataView(bytes.buffer);
  bytes.set([0x42, 0x4d]);
  view.setUint32(2, bytes.length, true);
  view.setUint32(10, 54, true);
  view.setUint32(14, 40, true);
  view.setInt32(18, width, true);
  view.setInt32(22, height, true);
  view.setUint16(26, 1, true);
  view.setUint16(28, 24, true);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, height - 1 - y);
      bytes.set([b, g, r], 54 + y * stride + x * 3);
    }
  }
  return bytes;
}

function bmp8(width: number, height: number): Uint8Array {
  const stride = Math.ceil(width / 4) * 4;
  const bytes = new Uint8Array(54 + 1024 + stride * height);
  const view = new DataView(bytes.buffer);
  bytes.set([0x42, 0x4d]);
  view.setUint32(10, 54 + 1024, true);
  view.setUint32(14, 40, true);
  view.setInt32(18, width, true);
  view.setInt32(22, -height, true); // top-down
  view.setUint16(28, 8, true);
  bytes.set([255, 0, 0, 0], 54 + 4); // palette[1] = blue (BGRA)
  bytes[54 + 1024 + 1] = 1; // pixel (1, 0) uses palette[1]
  return bytes;
}

function webpBombHeader(): Uint8Array {
  const bytes = new Uint8Array(40);
  bytes.set(new TextEncoder().encode('RIFF'), 0);
  bytes.set(new TextEncoder().encode('WEBPVP8X'), 8);
  const side = 16383 - 1; // VP8X stores size - 1 in 24 bits
  bytes.set([side & 0xff, (side >> 8) & 0xff, side >> 16], 24);
  bytes.set([side & 0xff, (side >> 8) & 0xff, side >> 16], 27);
  return bytes;
}

describe('decodeImage', () => {
  it('reads 24-bit and 8-bit palette BMP files with our own reader', async () => {
    const rgb = await decodeImage(bmp24(3, 2, (x, y) => [x * 100, y * 100, 7]));
    expect([rgb.width, rgb.height, rgb.channels]).toEqual([3, 2, 3]);
    expect([...rgb.data.subarray(3 * 3 + 3, 3 * 3 + 6)]).toEqual([100, 100, 7]);
    const palette = await decodeImage(bmp8(2, 1));
    expect([...palette.data]).toEqual([0, 0, 0, 0, 0, 255]);
  });

  it('turns grey, 16-bit and CMYK inputs into 8-bit sRGB, and keeps alpha', async () => {
    const grey = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#777' } })
      .greyscale()
      .png()
      .toBuffer();
    const deep = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#123456' },
    })
      .png()
      .toColourspace('rgb16')
      .toBuffer();
    const cmyk = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#3366cc' },
    })
      .toColourspace('cmyk')
      .jpeg()
      .toBuffer();
    const alpha = await sharp({
      create: { width: 8, height: 8, channels: 4, background: { r: 1, g: 2, b: 3, alpha: 0.5 } },
    })
      .webp({ lossless: true })
      .toBuffer();
    for (const input of [grey, deep, cmyk])
      expect((await decodeImage(new Uint8Array(input))).channels).toBe(3);
    const deepPixel = (await decodeImage(new Uint8Array(deep))).data;
    expect([...deepPixel.subarray(0, 3)]).toEqual([0x12, 0x34, 0x56]);
    expect((await decodeImage(new Uint8Array(alpha))).channels).toBe(4);
  });

  it('accepts a slightly non-conforming JPEG (extraneous bytes before a marker)', async () => {
    const jpeg = await fixture('rocket.jpg', 64, 'jpeg');
    const eoi = jpeg.length - 2;
    const bent = new Uint8Array([
      ...jpeg.subarray(0, eoi),
      0x00,
      0x13,
      0x37,
      ...jpeg.subarray(eoi),
    ]);
    expect((await decodeImage(bent)).width).toBe(64);
  });

  it('applies the EXIF orientation', async () => {
    const rotated = await sharp({
      create: { width: 40, height: 20, channels: 3, background: '#abc' },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const info = await inspectImage(new Uint8Array(rotated));
    expect([info.width, info.height]).toEqual([20, 40]);
  });
});

describe('inspectImage', () => {
  it('describes a good upload', async () => {
    expect(await inspectImage(await fixture('coffee.png', 60, 'webp'))).toEqual({
      format: 'webp',
      width: 60,
      height: 40,
      hasAlpha: false,
      animated: false,
    });
  });

  it('refuses decompression bombs from the header, before decoding', async () => {
    await expect(inspectImage(webpBombHeader())).rejects.toMatchObject({ code: 'TOO_MANY_PIXELS' });
    const png = await fixture('coffee.png', 60);
    const bomb = new Uint8Array(png);
    new DataView(bomb.buffer).setUint32(16, 20000);
    new DataView(bomb.buffer).setUint32(20, 20000);
    await expect(inspectImage(bomb)).rejects.toMatchObject({ code: 'TOO_MANY_PIXELS' });
    const bmp = bmp24(1, 1, () => [0, 0, 0]);
    new DataView(bmp.buffer).setInt32(18, 29000, true);
    new DataView(bmp.buffer).setInt32(22, 29000, true);
    await expect(decodeImage(bmp)).rejects.toMatchObject({ code: 'TOO_MANY_PIXELS' });
  });

  it('refuses truncated files', async () => {
    const jpeg = await fixture('rocket.jpg', 200, 'jpeg');
    await expect(inspectImage(jpeg.subarray(0, jpeg.length >> 1))).rejects.toMatchObject({
      code: 'TRUNCATED',
    });
    const bmp = bmp24(20, 20, () => [1, 2, 3]);
    await expect(inspectImage(bmp.subarray(0, 300))).rejects.toMatchObject({ code: 'TRUNCATED' });
  });

  it('refuses files that are not images, and GIF', async () => {
    await expect(
      inspectImage(new TextEncoder().encode('hello, not an image')),
    ).rejects.toMatchObject({ code: 'UNSUPPORTED_FORMAT' });
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    await expect(inspectImage(new Uint8Array(gif))).rejects.toMatchObject({
      code: 'UNSUPPORTED_FORMAT',
    });
  });

  it('refuses animated images', async () => {
    const frame = (background: string): Promise<Buffer> =>
      sharp({ create: { width: 8, height: 8, channels: 3, background } })
        .png()
        .toBuffer();
    const frames = [await frame('#f00'), await frame('#00f')];
    const animated = await sharp(frames, { join: { animated: true } })
      .webp()
      .toBuffer();
    await expect(inspectImage(new Uint8Array(animated))).rejects.toMatchObject({
      code: 'ANIMATED',
    });
  });
});

describe('normalizeUpload', () => {
  it('re-encodes as PNG with the orientation applied and the metadata dropped', async () => {
    const photo = await sharp({
      create: { width: 40, height: 20, channels: 3, background: '#abc' },
    })
      .jpeg()
      .withExif({ IFD0: { Make: 'Phone', Copyright: 'someone' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const png = await normalizeUpload(new Uint8Array(photo));
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif, meta.orientation]).toEqual([
      'png',
      20,
      40,
      undefined,
      undefined,
    ]);
  });
});
