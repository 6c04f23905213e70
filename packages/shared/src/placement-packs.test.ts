import { describe, expect, it } from 'vitest';
import { findPlacement, placementIds, placementPacks } from './placement-packs';
import { resolveOutput } from './output-target';

const sizes = (packId: string) =>
  placementPacks
    .find((pack) => pack.id === packId)
    ?.outputs.map((out) => [out.id, out.width, out.height]);

describe('placement packs', () => {
  it('lists the exact pixel sizes of each channel', () => {
    expect(sizes('meta')).toEqual([
      ['meta-feed-1080x1080', 1080, 1080],
      ['meta-portrait-1080x1350', 1080, 1350],
      ['meta-stories-1080x1920', 1080, 1920],
      ['meta-link-1200x628', 1200, 628],
    ]);
    expect(sizes('google')).toEqual([
      ['google-landscape-1200x628', 1200, 628],
      ['google-square-1200x1200', 1200, 1200],
      ['google-banner-1200x300', 1200, 300],
    ]);
    expect(sizes('pinterest')).toEqual([['pinterest-pin-1000x1500', 1000, 1500]]);
    expect(sizes('linkedin')).toEqual([
      ['linkedin-landscape-1200x627', 1200, 627],
      ['linkedin-square-1200x1200', 1200, 1200],
    ]);
    expect(sizes('youtube')).toEqual([['youtube-thumbnail-1280x720', 1280, 720]]);
    expect(sizes('x')).toEqual([
      ['x-post-1600x900', 1600, 900],
      ['x-header-1500x500', 1500, 500],
    ]);
  });

  it('names every output uniquely, by pack, slot and size', () => {
    expect(new Set(placementIds).size).toBe(placementIds.length);
    expect(new Set(placementPacks.map((pack) => pack.id)).size).toBe(placementPacks.length);
    for (const pack of placementPacks) {
      for (const out of pack.outputs) {
        expect(out.id).toMatch(new RegExp(`^${pack.id}-[a-z]+-${out.width}x${out.height}$`));
      }
    }
  });

  it('resolves each placement to its exact size and pack', () => {
    expect(findPlacement('meta-stories-1080x1920')?.pack.id).toBe('meta');
    expect(resolveOutput('meta-stories-1080x1920')).toEqual({
      key: 'meta-stories-1080x1920',
      ratio: 1080 / 1920,
      exact: { width: 1080, height: 1920 },
      pack: 'meta',
    });
    expect(findPlacement('meta-stories-1080x1921')).toBeUndefined();
  });
});
