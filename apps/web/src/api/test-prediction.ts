import type { Prediction } from '@reframe/shared';

/** For tests: a prediction as the server answers a start, with only what a test is about changed. */
export function testPrediction(overrides: Partial<Prediction> = {}): Prediction {
  return {
    id: 'p1',
    status: 'starting',
    error: null,
    output: null,
    aspect_ratio: '16:9',
    alignment: 'center',
    width: 853,
    height: 480,
    provider: null,
    fallback: false,
    offset_x: null,
    offset_y: null,
    confidence: null,
    framing: 'keep',
    style: 'natural',
    crop: null,
    ...overrides,
  };
}
