import type { ModelFit } from '@reframe/engine';
import * as z from 'zod';
import type { ModelName } from '../../../platform/config/outpainter-config';

/**
 * The hosted models REPLICATE_MODEL may name, each with its adapter: the input fields it takes
 * (checked against the ranges its Replicate page documents before anything is sent), its mask
 * convention, and the size limits the canvas is scaled into. The README's "Hosted models"
 * section quotes these; prices sit beside them in model-prices.ts.
 */

/** What an adapter fills its fields from: URLs of what was sent, and where the original sits. */
export interface AdapterContext {
  image: string;
  mask: string | null;
  prompt: string;
  seed: number;
  /** The size the model is sent and the original's rectangle on it, in model pixels. */
  size: { width: number; height: number };
  placement: { x: number; y: number; width: number; height: number };
}

interface SizeLimits {
  maxWidth: number;
  maxHeight: number;
  maxPixels: number;
  /** Both sides are sent as multiples of this. */
  multipleOf: number;
}

export interface ModelFamily {
  /**
   * Official models run by name (POST /v1/models/{owner}/{name}/predictions); a community model
   * runs a pinned version (POST /v1/predictions), which REPLICATE_MODEL_VERSION may replace.
   */
  version: string | null;
  limits: SizeLimits;
  sends: ModelFit['sends'];
  /** Model pixels the painted area reaches into the original, so the model blends across it. */
  maskReach: number;
  maskFills: ModelFit['maskFills'];
  /** The documented input schema; an input outside it is never sent. */
  schema: z.ZodType<Record<string, unknown>>;
  input(context: AdapterContext): Record<string, unknown>;
}

const seed = z.int().min(0);
const url = z.string().min(1);
const size2 = z.tuple([z.int().min(1), z.int().min(1)]);

/** Models that paint a masked canvas: the original padded, white where they paint. */
const paintsMaskedCanvas = { sends: 'canvas', maskReach: 8, maskFills: 'white' } as const;
const maskedCanvasFields = { prompt: z.string(), image: url, mask: url, seed };
const maskedCanvasInput = (c: AdapterContext) => ({
  prompt: c.prompt,
  image: c.image,
  mask: c.mask,
  seed: c.seed,
});

/** Random seeds are drawn below this, again for every call (a regeneration gets a new one). */
export const SEED_LIMIT = 1_000_000;

export const modelFamilies = {
  'black-forest-labs/flux-fill-pro': {
    version: null,
    // The page documents no size limit; we stay within 2048 per side and 4 MP, multiples of 32.
    limits: { maxWidth: 2048, maxHeight: 2048, maxPixels: 4_194_304, multipleOf: 32 },
    ...paintsMaskedCanvas,
    schema: z.strictObject({
      ...maskedCanvasFields,
      steps: z.int().min(1).max(50),
      guidance: z.number().min(2).max(5),
      prompt_upsampling: z.boolean(),
      safety_tolerance: z.int().min(1).max(6),
      output_format: z.enum(['jpg', 'png']),
    }),
    input: (c) => ({
      ...maskedCanvasInput(c),
      steps: 50,
      guidance: 3,
      prompt_upsampling: false,
      safety_tolerance: 2,
      output_format: 'png',
    }),
  },
  'black-forest-labs/flux-fill-dev': {
    version: null,
    // "scaled to the closest multiple of 32 … scaled down to fit within 1440x1440".
    limits: { maxWidth: 1440, maxHeight: 1440, maxPixels: 1440 * 1440, multipleOf: 32 },
    ...paintsMaskedCanvas,
    schema: z.strictObject({
      ...maskedCanvasFields,
      num_outputs: z.int().min(1).max(4),
      num_inference_steps: z.int().min(1).max(50),
      guidance: z.number().min(0).max(100),
      megapixels: z.enum(['1', '0.25', 'match_input']),
      output_format: z.enum(['webp', 'jpg', 'png']),
    }),
    input: (c) => ({
      ...maskedCanvasInput(c),
      num_outputs: 1,
      num_inference_steps: 40,
      guidance: 30,
      megapixels: 'match_input',
      output_format: 'png',
    }),
  },
  'bria/expand-image': {
    version: null,
    // "canvas … at most 5000x5000 pixels" (an area); we also keep each side within 5000.
    limits: { maxWidth: 5000, maxHeight: 5000, maxPixels: 25_000_000, multipleOf: 1 },
    sends: 'original',
    maskReach: 0,
    maskFills: 'white',
    schema: z.strictObject({
      image: url,
      canvas_size: size2,
      original_image_size: size2,
      original_image_location: z.tuple([z.int().min(0), z.int().min(0)]),
      prompt: z.string(),
      negative_prompt: z.string(),
      seed,
    }),
    input: (c) => ({
      image: c.image,
      canvas_size: [c.size.width, c.size.height],
      original_image_size: [c.placement.width, c.placement.height],
      original_image_location: [c.placement.x, c.placement.y],
      prompt: c.prompt,
      negative_prompt: 'text, watermark, frame, border, duplicate subject',
      seed: c.seed,
    }),
  },
  'stability-ai/stable-diffusion-inpainting': {
    version: '95b7223104132402a9ae91cc677285bc5eb997834bd2349fa486f53910fd68b3',
    // Width and height are multiples of 64 up to 1024; 1024x768 is the most its memory allows.
    limits: { maxWidth: 1024, maxHeight: 1024, maxPixels: 1024 * 768, multipleOf: 64 },
    ...paintsMaskedCanvas,
    schema: z.strictObject({
      ...maskedCanvasFields,
      width: z.int().min(64).max(1024).multipleOf(64),
      height: z.int().min(64).max(1024).multipleOf(64),
      guidance_scale: z.number().min(1).max(20),
      num_inference_steps: z.int().min(1).max(500),
    }),
    // The brief's fields (guidance 8.5, 45 steps), the mask, and the size it paints at.
    input: (c) => ({
      ...maskedCanvasInput(c),
      width: c.size.width,
      height: c.size.height,
      guidance_scale: 8.5,
      num_inference_steps: 45,
    }),
  },
} satisfies Record<ModelName, ModelFamily>;

/** The canvas scaled into the family's limits (never up), both sides multiples as it asks. */
export function fitFor(family: ModelFamily, canvas: { width: number; height: number }): ModelFit {
  const { maxWidth, maxHeight, maxPixels, multipleOf } = family.limits;
  const scale = Math.min(
    1,
    maxWidth / canvas.width,
    maxHeight / canvas.height,
    Math.sqrt(maxPixels / (canvas.width * canvas.height)),
  );
  const side = (length: number) =>
    Math.max(multipleOf, Math.floor((length * scale) / multipleOf) * multipleOf);
  return {
    width: side(canvas.width),
    height: side(canvas.height),
    sends: family.sends,
    maskReach: family.maskReach,
    maskFills: family.maskFills,
  };
}
