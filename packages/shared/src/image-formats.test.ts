import { describe, expect, it } from 'vitest';
import { browsersShowFile } from './image-formats';

describe('browsersShowFile', () => {
  it('shows JPEG, PNG, WebP, BMP and GIF as they are', () => {
    for (const [name, type] of [
      ['a.jpg', 'image/jpeg'],
      ['a.png', 'image/png'],
      ['a.webp', 'image/webp'],
      ['a.bmp', 'image/bmp'],
      ['a.gif', 'image/gif'],
    ] as const) {
      expect(browsersShowFile({ name, type })).toBe(true);
    }
  });

  it('does not show HEIC, named by its type or, when the browser gives none, its extension', () => {
    expect(browsersShowFile({ name: 'IMG_0001.HEIC', type: 'image/heic' })).toBe(false);
    expect(browsersShowFile({ name: 'IMG_0001.heic', type: '' })).toBe(false);
    expect(browsersShowFile({ name: 'photo.jpg', type: 'image/heif' })).toBe(false);
  });
});
