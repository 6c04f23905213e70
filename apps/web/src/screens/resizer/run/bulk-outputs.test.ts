import { describe, expect, it } from 'vitest';
import { testPrediction } from '../../../api/test-prediction';
import {
  anyRunning,
  fromRegenerated,
  fromUpdate,
  madeFor,
  outputsOf,
  patched,
  type BulkOutput,
  type StartedPrediction,
} from './bulk-outputs';
import type { ExpandedImage } from './run-prediction';

function started(id: string, uploadId: string, key: string): StartedPrediction {
  const prediction = testPrediction({
    id,
    aspect_ratio: key,
    alignment: 'auto',
    width: 1080,
    height: 1350,
  });
  return { ...prediction, upload_id: uploadId };
}

const image: ExpandedImage = {
  ratio: 'meta-portrait-1080x1350',
  url: 'http://app.test/api/files/b2.webp',
  width: 1080,
  height: 1350,
  alignment: 'top',
  offsetX: 0,
  offsetY: 12,
  confidence: 0.9,
  framing: 'auto',
  style: 'natural',
  crop: { x: 0, y: 40, width: 1080, height: 1200 },
};

const run = (): BulkOutput[] =>
  outputsOf([
    started('a', 'u1', 'meta-feed-1080x1080'),
    started('b', 'u1', 'meta-portrait-1080x1350'),
    started('c', 'u2', 'meta-feed-1080x1080'),
  ]);

describe('bulk outputs, as the bulk queue shows them', () => {
  it('shows each started output pending, at the size the server gave it, with no result yet', () => {
    const [first] = run();
    expect(first).toEqual({
      predictionId: 'a',
      uploadId: 'u1',
      key: 'meta-feed-1080x1080',
      status: 'pending',
      url: null,
      width: 1080,
      height: 1350,
      alignment: 'auto',
      offsetX: null,
      offsetY: null,
      crop: null,
      confidence: null,
      framing: 'keep',
      style: 'natural',
      error: null,
    });
    expect(anyRunning(run())).toBe(true);
  });

  it("takes a poll's status, then its result or its error, into that output only", () => {
    let outputs = patched(run(), 'a', fromUpdate({ status: 'processing' }));
    expect(outputs.map((o) => o.status)).toEqual(['processing', 'pending', 'pending']);
    outputs = patched(outputs, 'a', fromUpdate({ status: 'completed', result: image }));
    expect(outputs[0]).toMatchObject({
      status: 'completed',
      url: image.url,
      offsetY: 12,
      crop: image.crop,
      confidence: 0.9,
      framing: 'auto',
    });
    outputs = patched(outputs, 'b', fromUpdate({ status: 'error', error: 'No credits' }));
    expect(outputs[1]).toMatchObject({ status: 'error', error: 'No credits', url: null });
    outputs = patched(outputs, 'c', fromUpdate({ status: 'completed', result: image }));
    expect(anyRunning(outputs)).toBe(false);
  });

  it('shows a regenerated output done, with its new image, size, placement and style', () => {
    const failed = patched(run(), 'b', { status: 'error', error: 'Error regenerating' });
    const backdrop: ExpandedImage = {
      ...image,
      confidence: null,
      framing: 'keep',
      style: 'blurred_backdrop',
    };
    const [, regenerated] = patched(failed, 'b', fromRegenerated(backdrop));
    expect(regenerated).toMatchObject({
      status: 'completed',
      error: null,
      url: image.url,
      alignment: 'top',
      offsetX: 0,
      offsetY: 12,
      crop: image.crop,
      confidence: null,
      framing: 'keep',
      style: 'blurred_backdrop',
    });
  });

  it("lists one photo's results made so far, and nothing for a photo not uploaded", () => {
    const outputs = patched(run(), 'b', fromUpdate({ status: 'completed', result: image }));
    expect(madeFor(outputs, 'u1').map((o) => o.predictionId)).toEqual(['b']);
    expect(madeFor(outputs, 'u2')).toEqual([]);
    expect(madeFor(outputs, undefined)).toEqual([]);
  });
});
