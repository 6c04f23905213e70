import { describe, expect, it } from 'vitest';
import { alignments } from '@reframe/shared';
import {
  canvasOfPrediction,
  offsetOnResult,
  outputCanvas,
  placementModeFor,
  storedCanvas,
} from './output-canvas';

describe('outputCanvas', () => {
  it('fills a large photo at the exact size, the original shrunk and placed by the alignment', () => {
    for (const alignment of alignments) {
      const canvas = outputCanvas(
        { width: 1732, height: 1155 },
        'meta-stories-1080x1920',
        alignment,
      );
      expect(canvas).toMatchObject({
        width: 1080,
        height: 1920,
        outputWidth: 1080,
        outputHeight: 1920,
      });
      // The 9:16 rule grows the width 1.2x: the original takes 1080 / 1.2 = 900 px of it.
      expect(canvas!.imageWidth).toBe(900);
      expect(canvas!.offsetY + canvas!.imageHeight).toBeLessThanOrEqual(1920);
    }
    expect(
      outputCanvas({ width: 1732, height: 1155 }, 'meta-stories-1080x1920', 'top')!.offsetY,
    ).toBe(0);
    const bottom = outputCanvas({ width: 1732, height: 1155 }, 'meta-stories-1080x1920', 'bottom')!;
    expect(bottom.offsetY + bottom.imageHeight).toBe(1920);
  });

  it('fills a small photo at its canvas and leaves the engine to scale it up', () => {
    const canvas = outputCanvas({ width: 300, height: 200 }, 'meta-link-1200x628', 'left')!;
    expect(canvas.width).toBeLessThan(1200);
    expect(canvas).toMatchObject({ offsetX: 0, outputWidth: 1200, outputHeight: 628 });
  });

  it('keeps ratio outputs at the canvas of the brief', () => {
    expect(outputCanvas({ width: 600, height: 400 }, '16:9', 'center')).toMatchObject({
      width: 853,
      height: 480,
      outputWidth: 853,
      outputHeight: 480,
    });
    expect(outputCanvas({ width: 600, height: 400 }, 'nothing', 'center')).toBeUndefined();
  });
});

describe('placementModeFor', () => {
  it('lets only the built-in engine choose, and only for auto', () => {
    expect(placementModeFor('auto', 'engine')).toBe('auto');
    expect(placementModeFor('left', 'engine')).toBe('fixed');
    expect(placementModeFor('auto', 'replicate')).toBe('fixed');
  });
});

describe('offsetOnResult', () => {
  it("scales an offset on the canvas to the result's pixels", () => {
    const canvas = { width: 400, height: 300, outputWidth: 1200, outputHeight: 600 };
    expect(offsetOnResult(canvas, { offsetX: 33, offsetY: 10 })).toEqual({
      offsetX: 99,
      offsetY: 20,
    });
  });
});

describe('canvasOfPrediction', () => {
  const upload = { width: 1600, height: 1200 };

  it('reads back the canvas stored when the prediction was made', () => {
    const made = outputCanvas(upload, '16:9', 'left')!;
    const prediction = {
      canvas: storedCanvas(made),
      aspect_ratio: '16:9',
      alignment: 'left' as const,
    };
    // Another upload size would give another canvas: the stored one is used as it is.
    expect(canvasOfPrediction(prediction, { width: 800, height: 800 })).toEqual(made);
  });

  it('computes the canvas of a prediction made before canvases were stored', () => {
    const prediction = { canvas: null, aspect_ratio: '9:16', alignment: 'top' as const };
    expect(canvasOfPrediction(prediction, upload)).toEqual(outputCanvas(upload, '9:16', 'top'));
  });
});
