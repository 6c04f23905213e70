import { randomInt } from 'node:crypto';
import { copy } from '@reframe/shared';
import type { ModelCanvas } from '@reframe/engine';
import type { ReplicateConfig } from '../outpainter-config';
import type { CreatePredictionRequest } from './replicate-api';

/** The brief's AI input (section 9). */
export const GUIDANCE_SCALE = 8.5;
export const INFERENCE_STEPS = 45;
/** Seeds are drawn below this, again for every call (a regeneration gets a new one). */
export const SEED_LIMIT = 1_000_000;

const pngDataUrl = (png: Uint8Array) =>
  `data:image/png;base64,${Buffer.from(png).toString('base64')}`;

/**
 * The brief's request: `{ version, input: { image, prompt, guidance_scale, num_inference_steps,
 * seed } }`, plus the mask under REPLICATE_MASK_INPUT when the model takes one, and our webhook
 * when REPLICATE_WEBHOOK_SECRET is set.
 */
export function buildCreateRequest(
  config: Pick<ReplicateConfig, 'modelVersion' | 'maskInput' | 'webhook'>,
  canvas: ModelCanvas,
  predictionId: string,
): CreatePredictionRequest {
  const input: Record<string, unknown> = {
    image: pngDataUrl(canvas.image),
    prompt: copy.aiPrompt,
    guidance_scale: GUIDANCE_SCALE,
    num_inference_steps: INFERENCE_STEPS,
    seed: randomInt(0, SEED_LIMIT),
  };
  if (config.maskInput) input[config.maskInput] = pngDataUrl(canvas.mask);
  return {
    version: config.modelVersion,
    input,
    ...(config.webhook
      ? {
          webhook: `${config.webhook.url}?prediction=${encodeURIComponent(predictionId)}`,
          webhook_events_filter: ['completed'],
        }
      : {}),
  };
}
