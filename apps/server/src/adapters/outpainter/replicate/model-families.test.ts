import { copy } from '@reframe/shared';
import { describe, expect, it } from 'vitest';
import { modelNames } from '../../../platform/config/outpainter-config';
import { fitFor, modelFamilies } from './model-families';
import { estimatedCostUsd } from './model-prices';
import { buildCreateRequest } from './replicate-request';

const sent = { image: 'data:image/png;base64,AAAA', mask: 'data:image/png;base64,BBBB' };

describe('the model families', () => {
  // A small, a 2 MP and a 12 MP photo's 16:9 canvas, and a tall one.
  const canvases = [
    { width: 114, height: 64 },
    { width: 2464, height: 1386 },
    { width: 6032, height: 3393 },
    { width: 1200, height: 4000 },
  ];

  it('has a display name for History ("Made with FLUX Fill Pro on Replicate") for each model', () => {
    expect(Object.keys(copy.hostedModels).sort()).toEqual([...modelNames].sort());
  });

  it.each(modelNames)(
    '%s: every canvas fits its limits and its input passes its schema',
    (model) => {
      const family = modelFamilies[model];
      for (const canvas of canvases) {
        const fit = fitFor(family, canvas);
        const { maxWidth, maxHeight, maxPixels, multipleOf } = family.limits;
        expect(fit.width % multipleOf).toBe(0);
        expect(fit.height % multipleOf).toBe(0);
        expect(fit.width).toBeLessThanOrEqual(Math.max(maxWidth, multipleOf));
        expect(fit.height).toBeLessThanOrEqual(Math.max(maxHeight, multipleOf));
        expect(fit.width * fit.height).toBeLessThanOrEqual(Math.max(maxPixels, multipleOf ** 2));
        const placement = { x: 1, y: 0, width: fit.width - 2, height: fit.height };
        const { request } = buildCreateRequest(
          { model, modelVersion: null, maskInput: null, webhook: null },
          { width: fit.width, height: fit.height, placement },
          sent,
          'p1',
        );
        expect(family.schema.safeParse(request.input).success).toBe(true);
      }
    },
  );

  it('runs official models by name and the community one by its pinned version', () => {
    const routes = modelNames.map((model) => {
      const { request, model: byName } = buildCreateRequest(
        { model, modelVersion: null, maskInput: null, webhook: null },
        { width: 64, height: 64, placement: { x: 0, y: 0, width: 32, height: 64 } },
        sent,
        'p1',
      );
      return [model, byName, request.version ?? null];
    });
    expect(routes).toEqual([
      ['black-forest-labs/flux-fill-pro', 'black-forest-labs/flux-fill-pro', null],
      ['black-forest-labs/flux-fill-dev', 'black-forest-labs/flux-fill-dev', null],
      ['bria/expand-image', 'bria/expand-image', null],
      [
        'stability-ai/stable-diffusion-inpainting',
        null,
        '95b7223104132402a9ae91cc677285bc5eb997834bd2349fa486f53910fd68b3',
      ],
    ]);
  });

  it('never sends an input outside the documented schema', () => {
    // A mask model with no mask: the request is refused before anything is sent.
    expect(() =>
      buildCreateRequest(
        {
          model: 'black-forest-labs/flux-fill-pro',
          modelVersion: null,
          maskInput: null,
          webhook: null,
        },
        { width: 64, height: 64, placement: { x: 0, y: 0, width: 32, height: 64 } },
        { image: sent.image, mask: null },
        'p1',
      ),
    ).toThrow(/black-forest-labs\/flux-fill-pro input is outside its documented schema: mask/);
  });

  it('estimates a per-image price, or a per-second price times the reported run time', () => {
    expect(estimatedCostUsd('black-forest-labs/flux-fill-pro', null)).toBe(0.05);
    expect(estimatedCostUsd('stability-ai/stable-diffusion-inpainting', 4)).toBe(0.0056);
    expect(estimatedCostUsd('stability-ai/stable-diffusion-inpainting', null)).toBeNull();
  });
});
