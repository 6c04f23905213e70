import { randomInt } from 'node:crypto';
import { copy } from '@reframe/shared';
import type { ModelCanvas } from '@reframe/engine';
import type { ReplicateConfig } from '../../../platform/config/outpainter-config';
import { ProviderError } from '../outpainter';
import { modelFamilies, SEED_LIMIT } from './model-families';
import type { CreatePredictionRequest } from './replicate-api';

/** The brief's AI input (section 9), sent as it is when only REPLICATE_MODEL_VERSION is set. */
export const GUIDANCE_SCALE = 8.5;
export const INFERENCE_STEPS = 45;

/** Where the canvas (or original) and the mask were put: data URLs or uploaded files' URLs. */
export interface SentImages {
  image: string;
  mask: string | null;
}

type RequestConfig = Pick<ReplicateConfig, 'model' | 'modelVersion' | 'maskInput' | 'webhook'>;

/**
 * The create request and where it goes: a named model's adapter (model-families.ts), its input
 * checked against the model's documented schema first; else the brief's request `{ version,
 * input: { image, prompt, guidance_scale, num_inference_steps, seed } }` plus the mask under
 * REPLICATE_MASK_INPUT. Our webhook rides along when REPLICATE_WEBHOOK_SECRET is set.
 */
export function buildCreateRequest(
  config: RequestConfig,
  padded: Pick<ModelCanvas, 'placement'> & { width: number; height: number },
  sent: SentImages,
  predictionId: string,
): { request: CreatePredictionRequest; model: string | null } {
  const seed = randomInt(0, SEED_LIMIT);
  const webhook = config.webhook
    ? {
        webhook: `${config.webhook.url}?prediction=${encodeURIComponent(predictionId)}`,
        webhook_events_filter: ['completed'],
      }
    : {};
  if (!config.model) {
    const input: Record<string, unknown> = {
      image: sent.image,
      prompt: copy.aiPrompt,
      guidance_scale: GUIDANCE_SCALE,
      num_inference_steps: INFERENCE_STEPS,
      seed,
    };
    if (config.maskInput && sent.mask) input[config.maskInput] = sent.mask;
    return { request: { version: config.modelVersion ?? '', input, ...webhook }, model: null };
  }
  const family = modelFamilies[config.model];
  const input = family.input({
    image: sent.image,
    mask: sent.mask,
    prompt: copy.aiPrompt,
    seed,
    size: { width: padded.width, height: padded.height },
    placement: padded.placement,
  });
  const checked = family.schema.safeParse(input);
  if (!checked.success) {
    throw new ProviderError(
      'failed',
      `The ${config.model} input is outside its documented schema: ${checked.error.issues
        .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
        .join('; ')}`,
    );
  }
  const version = config.modelVersion ?? family.version;
  return version
    ? { request: { version, input: checked.data, ...webhook }, model: null }
    : { request: { input: checked.data, ...webhook }, model: config.model };
}
