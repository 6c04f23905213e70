import { describe, expect, it } from 'vitest';
import type { HistoryItem } from '@reframe/shared';
import { formatRunDate, historyVersions, madeWith, thumbnailSize } from './history-card';

const placed = {
  alignment: 'auto' as const,
  offsetX: 10,
  offsetY: 0,
  confidence: 0.8,
  framing: 'auto' as const,
  style: 'natural' as const,
  crop: null,
};
const item: HistoryItem = {
  id: 'h1',
  userId: 'u1',
  uploadId: 'up1',
  originalImage: 'http://x/original',
  originalFilename: 'coffee.png',
  originalSize: { width: 1200, height: 800 },
  timestamp: '2026-03-04T15:06:00.000Z',
  madeBy: null,
  apiKeyName: null,
  resizedImages: {
    '1:1': 'http://x/1x1',
    '9:16 (Reels)': 'http://x/9x16',
    '16:9': 'http://x/16x9',
  },
  providers: { '1:1': 'replicate', '9:16 (Reels)': 'replicate', '16:9': 'engine' },
  models: {},
  versions: {},
  outputs: {},
};

describe('historyVersions', () => {
  it('lists every version with its own aspect ratio, widest first', () => {
    const versions = historyVersions(item);
    expect(versions.map((version) => version.ratio)).toEqual(['16:9', '1:1', '9:16 (Reels)']);
    expect(versions[2]?.aspect).toBeCloseTo(9 / 16);
  });

  it('lists every version of a regenerated ratio, oldest first, in its real size', () => {
    const versions = historyVersions({
      ...item,
      resizedImages: { '1:1': 'http://x/b', '4:1': 'http://x/wide' },
      versions: {
        '1:1': [
          { id: 'a', url: 'http://x/a', width: 600, height: 600, ...placed },
          { id: 'b', url: 'http://x/b', width: 600, height: 600, ...placed },
        ],
        '4:1': [{ id: 'w', url: 'http://x/wide', width: 1600, height: 400, ...placed }],
      },
    });
    expect(versions.map((v) => [v.ratio, v.url, v.number, v.of])).toEqual([
      ['4:1', 'http://x/wide', 1, 1],
      ['1:1', 'http://x/a', 1, 2],
      ['1:1', 'http://x/b', 2, 2],
    ]);
    expect(versions[0]?.aspect).toBe(4);
  });
});

describe('what a version trimmed, and whether it is weak', () => {
  const nineBySixteen = { id: 'n', url: 'http://x/n', width: 450, height: 800 };
  const trimmedSides = { ...placed, crop: { x: 150, y: 0, width: 900, height: 800 } };

  it('says how much it trimmed, with the sides in its full label, and flags a doubted fill', () => {
    const [version] = historyVersions({
      ...item,
      resizedImages: { '9:16': 'http://x/n' },
      versions: { '9:16': [{ ...nineBySixteen, ...trimmedSides, confidence: 0.2 }] },
    });
    expect(version?.trimmed).toEqual({ percent: 25, label: 'Trimmed 25 % (left, right)' });
    expect(version?.weak).toBe(true);
  });

  it('says nothing of a whole photo, of a sure fill, or of a crop whose original size is unknown', () => {
    const [whole, unknown] = [
      { ...item, versions: { '9:16': [{ ...nineBySixteen, ...placed }] } },
      {
        ...item,
        originalSize: null,
        versions: { '9:16': [{ ...nineBySixteen, ...trimmedSides }] },
      },
    ].map((record) => historyVersions({ ...record, resizedImages: { '9:16': 'http://x/n' } })[0]);
    expect([whole?.trimmed, whole?.weak]).toEqual([null, false]);
    expect(unknown?.trimmed).toBeNull();
  });
});

describe('thumbnailSize', () => {
  it('fits a 4:1 result in the box without cropping it to 21:9', () => {
    expect(thumbnailSize(4, 140, 60)).toEqual({ width: 140, height: 35 });
    expect(thumbnailSize(21 / 9, 140, 60)).toEqual({ width: 140, height: 60 });
    expect(thumbnailSize(9 / 16, 140, 60)).toEqual({ width: 34, height: 60 });
  });
});

describe('formatRunDate', () => {
  it('shows the date and the time', () => {
    const text = formatRunDate(item.timestamp, 'en-GB');
    expect(text).toContain('2026');
    expect(text).toMatch(/\d{2}:\d{2}/);
  });

  it('returns an unreadable timestamp as it is', () => {
    expect(formatRunDate('not a date')).toBe('not a date');
  });
});

describe('madeWith', () => {
  it('names every provider that made a version, once each', () => {
    expect(madeWith(item)).toBe('Made with the built-in engine and Replicate');
    expect(madeWith({ ...item, providers: { '1:1': 'replicate' } })).toBe('Made with Replicate');
    expect(madeWith({ ...item, providers: {} })).toBeNull();
  });

  it('names the hosted model that made a result, as its maker writes it', () => {
    const models = {
      '1:1': 'black-forest-labs/flux-fill-pro',
      '9:16 (Reels)': 'bria/expand-image',
    };
    expect(madeWith({ ...item, models })).toBe(
      'Made with the built-in engine and FLUX Fill Pro on Replicate and Bria Expand on Replicate',
    );
    expect(madeWith({ ...item, providers: { '1:1': 'replicate' }, models })).toBe(
      'Made with FLUX Fill Pro on Replicate',
    );
  });
});
