import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import {
  resizerZipFilename,
  uniqueFilenames,
  zipDownloads,
  zipHistoryRun,
  type FetchLike,
} from './download';

/** The first bytes of a PNG: signature and IHDR with the size. */
function png(width: number, height: number): Promise<Uint8Array> {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return Promise.resolve(bytes);
}

/** A server that answers each file as PNG only when asked for PNG (`?format=png`). */
function servingFiles(files: Record<string, Uint8Array>): FetchLike {
  return (url) => {
    const [path, query] = url.split('?');
    const bytes = query === 'format=png' ? files[path ?? ''] : undefined;
    return Promise.resolve({
      ok: bytes !== undefined,
      arrayBuffer: () => Promise.resolve((bytes ?? new Uint8Array()).slice().buffer),
    });
  };
}

describe('file names', () => {
  it('follows the brief', () => {
    expect(resizerZipFilename(1700000000000)).toBe('resized-images-1700000000000.zip');
    expect(uniqueFilenames(['a.png', 'b.png', 'a.png'])).toEqual(['a.png', 'b.png', 'a-2.png']);
  });
});

describe('zipDownloads', () => {
  it('packs every file under its name, a trimmed result with its crop as the comment', async () => {
    const fetchImpl = servingFiles({ '/a': await png(4, 4), '/b': await png(8, 2) });
    const zip = await zipDownloads(
      [
        { url: '/a', filename: 'expanded-4x4.png', crop: null },
        { url: '/b', filename: 'expanded-8x2.png', crop: { x: 0, y: 3, width: 8, height: 2 } },
      ],
      fetchImpl,
    );
    const read = await JSZip.loadAsync(await zip.generateAsync({ type: 'uint8array' }));
    expect(Object.keys(read.files).sort()).toEqual(['expanded-4x4.png', 'expanded-8x2.png']);
    expect(read.files['expanded-8x2.png']?.comment).toBe(
      'Keeps 8 × 2 px of the original, from x 0, y 3',
    );
    expect(read.files['expanded-4x4.png']?.comment).toBeFalsy();
  });

  it('fails as a whole when one file cannot be fetched', async () => {
    const fetchImpl = servingFiles({ '/a': await png(4, 4) });
    await expect(
      zipDownloads(
        [
          { url: '/a', filename: 'a.png', crop: null },
          { url: '/missing', filename: 'b.png', crop: null },
        ],
        fetchImpl,
      ),
    ).rejects.toThrow('Failed to fetch image');
  });
});

describe('zipHistoryRun', () => {
  it('holds original.png, resized-{w}x{h}.png by the recorded sizes, and placements by name', async () => {
    const fetchImpl = servingFiles({
      '/original': await png(30, 20),
      '/square': await png(30, 30),
      '/wide': await png(53, 30),
    });
    const zip = await zipHistoryRun(
      '/original',
      [
        { ratio: '1:1', url: '/square', size: { width: 30, height: 30 }, crop: null },
        {
          ratio: '16:9',
          url: '/wide',
          size: { width: 53, height: 30 },
          crop: { x: 0, y: 2, width: 30, height: 17 },
        },
        { ratio: '16:9', url: '/wide', size: null, crop: null },
        {
          ratio: 'meta-stories-1080x1920',
          url: '/wide',
          size: { width: 1080, height: 1920 },
          crop: null,
        },
      ],
      fetchImpl,
    );
    expect(Object.keys(zip.files).sort()).toEqual([
      'meta-stories-1080x1920.png',
      'original.png',
      'resized-3.png',
      'resized-30x30.png',
      'resized-53x30.png',
    ]);
    expect(await zip.file('resized-53x30.png')?.async('uint8array')).toEqual(await png(53, 30));
    const read = await JSZip.loadAsync(await zip.generateAsync({ type: 'uint8array' }));
    expect(read.files['resized-53x30.png']?.comment).toBe(
      'Keeps 30 × 17 px of the original, from x 0, y 2',
    );
  });
});
