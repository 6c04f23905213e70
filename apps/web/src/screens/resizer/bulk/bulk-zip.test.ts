import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../download';
import { zipBulkRun } from './bulk-zip';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function png(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
}

/** Answers a result as PNG only when asked for PNG (`?format=png`). */
const serving: FetchLike = (url) => {
  const [, w, h] = /(\d+)x(\d+)\?format=png$/.exec(url) ?? [];
  return Promise.resolve({
    ok: w !== undefined,
    arrayBuffer: () => Promise.resolve(png(Number(w), Number(h)).slice().buffer),
  });
};

const outputs = [
  { key: 'meta-feed-1080x1080', width: 1080, height: 1080, crop: null },
  { key: '16:9', width: 853, height: 480, crop: { x: 40, y: 0, width: 640, height: 480 } },
];

describe('zipBulkRun', () => {
  it('holds one folder per photo, each result named for its placement at its size', async () => {
    const photos = ['shoe.jpg', 'bag.png', 'shoe.webp'].map((name) => ({
      name,
      results: outputs.map((out) => ({
        ...out,
        url: `http://x/${name}/${out.width}x${out.height}`,
      })),
    }));
    const zip = await JSZip.loadAsync(
      await (await zipBulkRun(photos, serving)).generateAsync({ type: 'uint8array' }),
    );
    const files = Object.values(zip.files)
      .filter((entry) => !entry.dir)
      .map((entry) => entry.name)
      .sort();
    expect(files).toEqual([
      'bag/expanded-853x480.png',
      'bag/meta-feed-1080x1080.png',
      'shoe-2/expanded-853x480.png',
      'shoe-2/meta-feed-1080x1080.png',
      'shoe/expanded-853x480.png',
      'shoe/meta-feed-1080x1080.png',
    ]);
    const feed = await zip.file('bag/meta-feed-1080x1080.png')!.async('uint8array');
    expect(pngSize(feed)).toEqual({ width: 1080, height: 1080 });
    expect(zip.files['bag/expanded-853x480.png']?.comment).toBe(
      'Keeps 640 × 480 px of the original, from x 40, y 0',
    );
  });

  it('fails whole when one result cannot be fetched', async () => {
    const photos = [
      {
        name: 'a.jpg',
        results: [{ key: '1:1', url: 'http://x/broken', width: 1, height: 1, crop: null }],
      },
    ];
    await expect(zipBulkRun(photos, serving)).rejects.toThrow('Failed to fetch image');
  });

  it('makes safe folder names', async () => {
    const result = { key: '1:1', url: 'http://x/1x1', width: 1, height: 1, crop: null };
    const photos = [
      { name: 'summer/sale:1.jpg', results: [result] },
      { name: '.png', results: [result] },
    ];
    const zip = await zipBulkRun(photos, serving);
    expect(
      Object.values(zip.files)
        .filter((entry) => !entry.dir)
        .map((entry) => entry.name.split('/')[0]),
    ).toEqual(['summer-sale-1', 'photo']);
  });
});
