import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../test/support/test-images';
import { decodeImage } from './decode';
import { checkUpload, prepareUpload } from './upload';

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
    const prepared = await prepareUpload(new Uint8Array(rotated));
    expect([prepared.width, prepared.height]).toEqual([20, 40]);
  });

  it('reads a 1-bit BMP', async () => {
    const bytes = bmp1(10, 2);
    const image = await decodeImage(bytes);
    expect([image.width, image.height, image.channels]).toEqual([10, 2, 3]);
    // Row 0 (stored last, bottom-up) has its first pixel set: palette[1] is white.
    expect([...image.data.subarray(0, 6)]).toEqual([255, 255, 255, 0, 0, 0]);
  });
});

/** A 1-bit BMP (black and white palette) whose top row starts with one white pixel. */
function bmp1(width: number, height: number): Uint8Array {
  const stride = Math.ceil(width / 32) * 4;
  const bytes = new Uint8Array(62 + stride * height);
  const view = new DataView(bytes.buffer);
  bytes.set([0x42, 0x4d]);
  view.setUint32(10, 62, true);
  view.setUint32(14, 40, true);
  view.setInt32(18, width, true);
  view.setInt32(22, height, true);
  view.setUint16(28, 1, true);
  bytes.set([255, 255, 255, 0], 58);
  bytes[62 + stride * (height - 1)] = 0x80;
  return bytes;
}

/** A real 1000x500 JPEG whose frame header claims 7000x7000: most of its pixels have no data. */
async function hollowJpeg(): Promise<Uint8Array> {
  const small = await sharp({
    create: { width: 1000, height: 500, channels: 3, background: '#5a7' },
  })
    .jpeg()
    .toBuffer();
  const bytes = new Uint8Array(small);
  const view = new DataView(bytes.buffer);
  for (let at = 2; at < bytes.length; at += 2 + view.getUint16(at + 2)) {
    if (bytes[at + 1] === 0xc0) {
      view.setUint16(at + 5, 7000);
      view.setUint16(at + 7, 7000);
      return bytes;
    }
  }
  throw new Error('no frame header');
}

/** A 38-byte WebP whose VP8X header claims `side` x `side`, with no image data at all. */
function hollowWebp(side: number): Uint8Array {
  const bytes = new Uint8Array(38);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode('RIFF'), 0);
  view.setUint32(4, 30, true);
  bytes.set(new TextEncoder().encode('WEBPVP8X'), 8);
  view.setUint32(16, 10, true);
  bytes.set([(side - 1) & 0xff, ((side - 1) >> 8) & 0xff, (side - 1) >> 16], 24);
  bytes.set([(side - 1) & 0xff, ((side - 1) >> 8) & 0xff, (side - 1) >> 16], 27);
  return bytes;
}

describe('checkUpload and prepareUpload', () => {
  it('describe a good upload', async () => {
    const webp = await fixture('coffee.png', 60, 'webp');
    expect(checkUpload(webp)).toEqual({ format: 'webp', width: 60, height: 40, lossless: false });
    expect(await prepareUpload(webp)).toMatchObject({
      format: 'webp',
      width: 60,
      height: 40,
      hasAlpha: false,
      storedFormat: 'jpeg',
    });
  });

  it('prepare an upload from the checks its caller ran, without running them again', async () => {
    // 30001 px wide passes sharp's pixel cap but not our side limit: only the header check refuses it.
    const wide = await sharp({
      create: { width: 30_001, height: 1, channels: 3, background: '#808080' },
    })
      .png()
      .toBuffer();
    const bytes = new Uint8Array(wide);
    expect(() => checkUpload(bytes)).toThrow(expect.objectContaining({ code: 'TOO_MANY_PIXELS' }));
    const checked = { format: 'png', width: 30_001, height: 1, lossless: true } as const;
    expect(await prepareUpload(bytes, checked)).toMatchObject({ width: 30_001, height: 1 });
  });

  it('refuse decompression bombs from the header, before decoding', async () => {
    expect(() => checkUpload(webpBombHeader())).toThrow(
      expect.objectContaining({ code: 'TOO_MANY_PIXELS' }),
    );
    const png = await fixture('coffee.png', 60);
    const bomb = new Uint8Array(png);
    new DataView(bomb.buffer).setUint32(16, 20000);
    new DataView(bomb.buffer).setUint32(20, 20000);
    expect(() => checkUpload(bomb)).toThrow(expect.objectContaining({ code: 'TOO_MANY_PIXELS' }));
    const bmp = bmp24(1, 1, () => [0, 0, 0]);
    new DataView(bmp.buffer).setInt32(18, 29000, true);
    new DataView(bmp.buffer).setInt32(22, 29000, true);
    await expect(decodeImage(bmp)).rejects.toMatchObject({ code: 'TOO_MANY_PIXELS' });
  });

  it('refuse a file whose decoding would cost more than the budget, from its header', () => {
    expect(() => checkUpload(hollowWebp(7071))).toThrow(
      expect.objectContaining({ code: 'TOO_COSTLY' }),
    );
  });

  it('refuse a header with no image data behind it, before decoding', () => {
    expect(() => checkUpload(hollowWebp(1000))).toThrow(
      expect.objectContaining({ code: 'TRUNCATED' }),
    );
  });

  it('refuse truncated files', async () => {
    const jpeg = await fixture('rocket.jpg', 200, 'jpeg');
    await expect(prepareUpload(jpeg.subarray(0, jpeg.length >> 1))).rejects.toMatchObject({
      code: 'TRUNCATED',
    });
    const png = await fixture('rocket.jpg', 200, 'png');
    expect(() => checkUpload(png.subarray(0, png.length - 100))).toThrow(
      expect.objectContaining({ code: 'TRUNCATED' }),
    );
    const bmp = bmp24(20, 20, () => [1, 2, 3]);
    expect(() => checkUpload(bmp.subarray(0, 300))).toThrow(
      expect.objectContaining({ code: 'TRUNCATED' }),
    );
  });

  it('refuse a JPEG that holds far fewer pixels than its header claims', async () => {
    await expect(prepareUpload(await hollowJpeg())).rejects.toMatchObject({ code: 'TRUNCATED' });
  });

  it('accept a JPEG with stray bytes before a header marker, as some cameras write', async () => {
    const jpeg = await fixture('rocket.jpg', 64, 'jpeg');
    const afterFirstSegment = 4 + ((jpeg[4]! << 8) | jpeg[5]!);
    const bent = new Uint8Array([
      ...jpeg.subarray(0, afterFirstSegment),
      0x00,
      0x13,
      0x37,
      ...jpeg.subarray(afterFirstSegment),
    ]);
    expect((await prepareUpload(bent)).width).toBe(64);
  });

  it('refuse files that are not images', () => {
    expect(() => checkUpload(new TextEncoder().encode('hello, not an image'))).toThrow(
      expect.objectContaining({ code: 'UNSUPPORTED_FORMAT' }),
    );
  });

  it('accept a GIF, an animated one as its first frame, and refuse one cut short (issue 16)', async () => {
    const frame = (background: string): Promise<Buffer> =>
      sharp({ create: { width: 8, height: 6, channels: 3, background } })
        .png()
        .toBuffer();
    const gif = await sharp(await frame('#0f0'))
      .gif()
      .toBuffer();
    expect(checkUpload(new Uint8Array(gif))).toMatchObject({
      format: 'gif',
      width: 8,
      height: 6,
      lossless: true,
    });
    const animated = await sharp([await frame('#f00'), await frame('#00f')], {
      join: { animated: true },
    })
      .gif()
      .toBuffer();
    const prepared = await prepareUpload(new Uint8Array(animated));
    expect(prepared).toMatchObject({ format: 'gif', width: 8, height: 6, storedFormat: 'png' });
    const { data } = await sharp(prepared.stored).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200);
    expect(data[2]).toBeLessThan(50);
    expect(() => checkUpload(new Uint8Array(gif.subarray(0, 20)))).toThrow(
      expect.objectContaining({ code: 'TRUNCATED' }),
    );
  });

  it('refuse animated images', async () => {
    const frame = (background: string): Promise<Buffer> =>
      sharp({ create: { width: 8, height: 8, channels: 3, background } })
        .png()
        .toBuffer();
    const frames = [await frame('#f00'), await frame('#00f')];
    const animated = await sharp(frames, { join: { animated: true } })
      .webp()
      .toBuffer();
    await expect(prepareUpload(new Uint8Array(animated))).rejects.toMatchObject({
      code: 'ANIMATED',
    });
  });
});

describe('prepareUpload storage', () => {
  it('stores a photo as JPEG with the orientation applied and the metadata dropped', async () => {
    const photo = await sharp({
      create: { width: 40, height: 20, channels: 3, background: '#abc' },
    })
      .jpeg()
      .withExif({ IFD0: { Make: 'Phone', Copyright: 'someone' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const { stored, storedFormat } = await prepareUpload(new Uint8Array(photo));
    const meta = await sharp(stored).metadata();
    expect([
      storedFormat,
      meta.format,
      meta.width,
      meta.height,
      meta.exif,
      meta.orientation,
    ]).toEqual(['jpeg', 'jpeg', 20, 40, undefined, undefined]);
  });

  it('keeps a small lossless image lossless, and keeps its alpha', async () => {
    const png = await sharp({
      create: { width: 30, height: 20, channels: 4, background: { r: 9, g: 8, b: 7, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const prepared = await prepareUpload(new Uint8Array(png));
    expect([prepared.storedFormat, prepared.hasAlpha]).toEqual(['png', true]);
    const { data } = await sharp(prepared.stored).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 4)]).toEqual([9, 8, 7, 128]);
  });

  it('stores a large lossless image as a JPEG far smaller than its pixels', async () => {
    const bytes = bmp24(2400, 1800, (x, y) => [x & 255, y & 255, (x + y) & 255]);
    const prepared = await prepareUpload(bytes);
    expect(prepared.storedFormat).toBe('jpeg');
    expect(prepared.stored.length).toBeLessThan(bytes.length / 4);
  });
});
