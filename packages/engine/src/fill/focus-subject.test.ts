import { describe, expect, it } from 'vitest';
import { sharpPatchOnSoftGround, syntheticImage } from '../../test/support/synthetic-raster';
import { focusedSubject } from './focus-subject';
import type { Raster } from './raster';
import { resizeArea } from './raster';
import { createRng } from './rng';

/** The raster in float, as the preview the analysis reads. */
const asPreview = (image: Raster) => resizeArea(image, image.width, image.height);

describe('focusedSubject (issue 38)', () => {
  it('finds the sharp part of a photo that is soft elsewhere, widened by the room around it', () => {
    const photo = asPreview(sharpPatchOnSoftGround());
    const found = focusedSubject(photo, 240, 120);
    expect(found).toBeDefined();
    const subjectAt = (x: number, y: number) => found!.subject[y * 240 + x];
    expect(subjectAt(175, 60)).toBe(1);
    expect(subjectAt(145, 60)).toBe(1);
    expect(subjectAt(60, 60)).toBe(0);
    expect(subjectAt(230, 10)).toBe(0);
    expect(found!.weight[60 * 240 + 175]).toBe(1);
    expect(found!.weight[60 * 240 + 40]).toBeLessThan(0.2);
  });

  it('finds no subject in a photo sharp throughout', () => {
    const rng = createRng(4);
    const gravel = syntheticImage(240, 120, () => {
      const v = 60 + rng() * 120;
      return [v, v * 0.9, v * 0.8];
    });
    expect(focusedSubject(asPreview(gravel), 240, 120)).toBeUndefined();
  });
});
