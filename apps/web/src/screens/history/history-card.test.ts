import { describe, expect, it } from 'vitest';
import type { HistoryItem } from '@reframe/shared';
import { formatRunDate, historyVersions, madeWith } from './history-card';

const item: HistoryItem = {
  id: 'h1',
  userId: 'u1',
  originalImage: 'http://x/original',
  originalFilename: 'coffee.png',
  timestamp: '2026-03-04T15:06:00.000Z',
  resizedImages: {
    '1:1': 'http://x/1x1',
    '9:16 (Reels)': 'http://x/9x16',
    '16:9': 'http://x/16x9',
  },
  providers: { '1:1': 'replicate', '9:16 (Reels)': 'replicate', '16:9': 'engine' },
};

describe('historyVersions', () => {
  it('lists every version with its own aspect ratio, widest first', () => {
    const versions = historyVersions(item);
    expect(versions.map((version) => version.ratio)).toEqual(['16:9', '1:1', '9:16 (Reels)']);
    expect(versions[2]?.aspect).toBeCloseTo(9 / 16);
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
});
