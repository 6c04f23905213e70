import sharp from 'sharp';

/**
 * Files that are cheap to send and expensive to take in: each is under the 10 MB upload limit
 * and within the 50 MP pixel cap, so it is accepted, but decoding it means 50 million pixels.
 */
const WIDTH = 8000;
const HEIGHT = 6250;

/** A 50 MP 1-bit BMP (6.25 MB): a black and white pattern our own BMP reader has to expand. */
export function hostileBmp(): Uint8Array {
  const stride = Math.ceil(WIDTH / 32) * 4;
  const bytes = new Uint8Array(62 + stride * HEIGHT);
  const view = new DataView(bytes.buffer);
  bytes.set([0x42, 0x4d]);
  view.setUint32(2, bytes.length, true);
  view.setUint32(10, 62, true);
  view.setUint32(14, 40, true);
  view.setInt32(18, WIDTH, true);
  view.setInt32(22, HEIGHT, true);
  view.setUint16(26, 1, true);
  view.setUint16(28, 1, true);
  bytes.set([255, 255, 255, 0], 58);
  for (let row = 0; row < HEIGHT; row++) {
    const line = 62 + row * stride;
    for (let at = 0; at < stride; at++) bytes[line + at] = (row >> 4) ^ at;
  }
  return bytes;
}

/** A 50 MP greyscale PNG of a repeating gradient, a few megabytes once compressed. */
export async function hostilePng(): Promise<Uint8Array> {
  const pixels = Buffer.alloc(WIDTH * HEIGHT);
  for (let y = 0; y < HEIGHT; y++) {
    const row = y * WIDTH;
    for (let x = 0; x < WIDTH; x++) pixels[row + x] = (x + y) & 0xff;
  }
  const png = await sharp(pixels, {
    raw: { width: WIDTH, height: HEIGHT, channels: 1 },
    limitInputPixels: false,
  })
    .png({ compressionLevel: 9 })
    .toBuffer();
  return new Uint8Array(png);
}
