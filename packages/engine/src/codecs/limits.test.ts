import { describe, expect, it } from 'vitest';
import { MAX_CANVAS_SIDE, MAX_OUTPUT_PIXELS, MAX_OUTPUT_SIDE } from '@reframe/shared';
import { ENGINE_MAX_CANVAS_SIDE, ENGINE_MAX_RESULT_PIXELS, ENGINE_MAX_RESULT_SIDE } from './limits';

describe("the engine's bounds hold the product's limits, which @reframe/shared owns", () => {
  it('fills any canvas the product computes', () => {
    expect(ENGINE_MAX_CANVAS_SIDE).toBeGreaterThanOrEqual(MAX_CANVAS_SIDE);
  });

  it('writes any exact size the product accepts', () => {
    expect(ENGINE_MAX_RESULT_SIDE).toBeGreaterThanOrEqual(MAX_OUTPUT_SIDE);
    expect(ENGINE_MAX_RESULT_PIXELS).toBeGreaterThanOrEqual(MAX_OUTPUT_PIXELS);
  });
});
