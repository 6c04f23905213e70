import { describe, expect, it } from 'vitest';
import { alternativesFor } from './alternatives';

const original = { width: 1200, height: 800 };
const whole = { x: 0, y: 0, width: 1200, height: 800 };
const engine = { aiProvider: 'engine' as const, hostedModel: null };
const weak = { confidence: 0.3, framing: 'auto' as const, style: 'natural' as const, crop: whole };

describe('alternativesFor (issue 38)', () => {
  it('offers a result the engine is sure of the same alternatives: its confidence can be wrong', () => {
    expect(alternativesFor({ ...weak, confidence: 0.8 }, original, engine)).toEqual(
      alternativesFor(weak, original, engine),
    );
  });

  it('offers Trim more and the blurred backdrop for a weak whole-photo result', () => {
    expect(alternativesFor(weak, original, engine).map((a) => a.label)).toEqual([
      'Trim more',
      'Blurred backdrop',
    ]);
    expect(alternativesFor(weak, original, engine)[0]).toMatchObject({
      framing: 'trim_more',
      style: 'natural',
    });
  });

  it('offers to keep the whole photo when the weak result was trimmed', () => {
    const trimmed = { ...weak, crop: { x: 0, y: 96, width: 1200, height: 704 } };
    expect(alternativesFor(trimmed, original, engine)[0]).toMatchObject({
      label: 'Keep the whole photo',
      framing: 'keep',
    });
  });

  it('offers the hosted model where one is configured, and no trim it cannot make', () => {
    const hosted = {
      aiProvider: 'replicate' as const,
      hostedModel: 'black-forest-labs/flux-fill-pro',
    };
    const fallback = { ...weak, framing: 'keep' as const };
    expect(alternativesFor(fallback, original, hosted).map((a) => a.label)).toEqual([
      'Blurred backdrop',
      'Use FLUX Fill Pro',
    ]);
  });

  it('does not offer the hosted model its own result again', () => {
    const hosted = {
      aiProvider: 'replicate' as const,
      hostedModel: 'black-forest-labs/flux-fill-pro',
    };
    const madeByModel = { ...weak, framing: 'keep' as const, confidence: null };
    expect(alternativesFor(madeByModel, original, hosted).map((a) => a.label)).toEqual([
      'Blurred backdrop',
    ]);
  });
});
