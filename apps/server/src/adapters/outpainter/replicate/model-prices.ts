import type { ModelName } from '../../../platform/config/outpainter-config';

/**
 * What one result costs on Replicate, from each model's page at the time of writing (November
 * 2026): a price per output image, or, for a model billed by its hardware time, a price per
 * second of the run time Replicate reports (`metrics.predict_time`).
 */
export const modelPrices: Record<ModelName, { perImageUsd: number } | { perSecondUsd: number }> = {
  'black-forest-labs/flux-fill-pro': { perImageUsd: 0.05 },
  'black-forest-labs/flux-fill-dev': { perImageUsd: 0.04 },
  'bria/expand-image': { perImageUsd: 0.04 },
  // Nvidia A100 (80GB) time, $0.0014 per second.
  'stability-ai/stable-diffusion-inpainting': { perSecondUsd: 0.0014 },
};

/** The estimated cost of one result, in US dollars; null when it depends on an unknown time. */
export function estimatedCostUsd(model: ModelName, predictSeconds: number | null): number | null {
  const price = modelPrices[model];
  if ('perImageUsd' in price) return price.perImageUsd;
  return predictSeconds === null
    ? null
    : Math.round(price.perSecondUsd * predictSeconds * 1e6) / 1e6;
}
