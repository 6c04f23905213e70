import sharp from 'sharp';

/**
 * The fake Replicate's copy of each model's published input schema (from the models' API pages
 * on replicate.com, written down here independently of the adapters so a mismatch shows), and
 * what each model "makes": the canvas it was sent (or, for an expand model, the original placed
 * on its canvas with the edges stretched), 8 levels brighter and slightly blurred all over, the
 * drift a diffusion model's re-encoding leaves, at the size the model paints.
 */
type Field =
  | { type: 'string'; required?: boolean; enum?: string[] }
  | { type: 'image'; required?: boolean }
  | { type: 'integer'; min?: number; max?: number; multipleOf?: number; enum?: number[] }
  | { type: 'number'; min?: number; max?: number }
  | { type: 'boolean' }
  | { type: 'pair'; min: number; required?: boolean };

interface FakeModel {
  fields: Record<string, Field>;
  /** The pixel limits the model documents (beyond them it would rescale). */
  maxSide?: number;
  maxPixels?: number;
  multipleOf?: number;
}

export const SD_INPAINTING_VERSION =
  '95b7223104132402a9ae91cc677285bc5eb997834bd2349fa486f53910fd68b3';

const sdSides = Array.from({ length: 16 }, (_, i) => (i + 1) * 64);

export const fakeModels: Record<string, FakeModel> = {
  'black-forest-labs/flux-fill-pro': {
    fields: {
      prompt: { type: 'string' },
      image: { type: 'image', required: true },
      mask: { type: 'image' },
      outpaint: {
        type: 'string',
        enum: ['None', 'Zoom out 1.5x', 'Zoom out 2x', 'Make square', 'Left outpaint'],
      },
      seed: { type: 'integer' },
      steps: { type: 'integer', min: 1, max: 50 },
      prompt_upsampling: { type: 'boolean' },
      guidance: { type: 'number', min: 2, max: 5 },
      safety_tolerance: { type: 'integer', min: 1, max: 6 },
      output_format: { type: 'string', enum: ['jpg', 'png'] },
    },
  },
  'black-forest-labs/flux-fill-dev': {
    fields: {
      prompt: { type: 'string', required: true },
      image: { type: 'image', required: true },
      mask: { type: 'image' },
      num_outputs: { type: 'integer', min: 1, max: 4 },
      num_inference_steps: { type: 'integer', min: 1, max: 50 },
      guidance: { type: 'number', min: 0, max: 100 },
      seed: { type: 'integer' },
      megapixels: { type: 'string', enum: ['1', '0.25', 'match_input'] },
      output_format: { type: 'string', enum: ['webp', 'jpg', 'png'] },
      output_quality: { type: 'integer', min: 0, max: 100 },
      lora_weights: { type: 'string' },
      lora_scale: { type: 'number', min: -1, max: 3 },
      disable_safety_checker: { type: 'boolean' },
    },
    maxSide: 1440,
    multipleOf: 32,
  },
  'bria/expand-image': {
    fields: {
      image: { type: 'image', required: true },
      canvas_size: { type: 'pair', min: 1 },
      original_image_size: { type: 'pair', min: 1 },
      original_image_location: { type: 'pair', min: 0 },
      aspect_ratio: {
        type: 'string',
        enum: ['1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9'],
      },
      prompt: { type: 'string' },
      negative_prompt: { type: 'string' },
      seed: { type: 'integer' },
      preserve_alpha: { type: 'boolean' },
      content_moderation: { type: 'boolean' },
    },
    maxPixels: 5000 * 5000,
  },
  [`stability-ai/stable-diffusion-inpainting:${SD_INPAINTING_VERSION}`]: {
    fields: {
      prompt: { type: 'string' },
      negative_prompt: { type: 'string' },
      image: { type: 'image', required: true },
      mask: { type: 'image', required: true },
      width: { type: 'integer', enum: sdSides },
      height: { type: 'integer', enum: sdSides },
      num_outputs: { type: 'integer', min: 1, max: 4 },
      num_inference_steps: { type: 'integer', min: 1, max: 500 },
      guidance_scale: { type: 'number', min: 1, max: 20 },
      scheduler: {
        type: 'string',
        enum: ['DDIM', 'K_EULER', 'DPMSolverMultistep', 'K_EULER_ANCESTRAL', 'PNDM', 'KLMS'],
      },
      seed: { type: 'integer' },
      disable_safety_checker: { type: 'boolean' },
    },
  },
};

export interface InvalidField {
  type: string;
  field: string;
  description: string;
}

/** Checks an input as Replicate does: unknown fields, wrong types, out-of-range values. */
export function invalidFields(model: FakeModel, input: Record<string, unknown>): InvalidField[] {
  const problems: InvalidField[] = [];
  const bad = (field: string, type: string, description: string) =>
    problems.push({ type, field: `input.${field}`, description });
  for (const [name, field] of Object.entries(model.fields)) {
    if ('required' in field && field.required && input[name] === undefined) {
      bad(name, 'required', `${name} is required`);
    }
  }
  for (const [name, value] of Object.entries(input)) {
    const field = model.fields[name];
    if (!field) {
      bad(name, 'additional_property', `Additional property ${name} is not allowed`);
      continue;
    }
    switch (field.type) {
      case 'string':
        if (typeof value !== 'string') bad(name, 'type', `${name} must be a string`);
        else if (field.enum && !field.enum.includes(value))
          bad(name, 'enum', `${name} must be one of ${field.enum.join(', ')}`);
        break;
      case 'image':
        if (typeof value !== 'string' || !/^(data:image\/[a-z]+;base64,|https?:\/\/)/.test(value))
          bad(name, 'format', `${name} must be a URI or a data URL`);
        break;
      case 'boolean':
        if (typeof value !== 'boolean') bad(name, 'type', `${name} must be a boolean`);
        break;
      case 'integer':
      case 'number': {
        const isInt = typeof value === 'number' && Number.isInteger(value);
        if (typeof value !== 'number' || (field.type === 'integer' && !isInt)) {
          bad(name, 'type', `${name} must be an ${field.type}`);
          break;
        }
        if ('min' in field && field.min !== undefined && value < field.min)
          bad(name, 'greater_than_equal', `${name} must be greater than or equal to ${field.min}`);
        if ('max' in field && field.max !== undefined && value > field.max)
          bad(name, 'less_than_equal', `${name} must be less than or equal to ${field.max}`);
        if ('enum' in field && field.enum && !field.enum.includes(value))
          bad(name, 'enum', `${name} must be one of ${field.enum.join(', ')}`);
        break;
      }
      case 'pair':
        if (
          !Array.isArray(value) ||
          value.length !== 2 ||
          !value.every((v) => Number.isInteger(v) && (v as number) >= field.min)
        )
          bad(name, 'type', `${name} must be two integers of at least ${field.min}`);
        break;
    }
  }
  return problems;
}

async function sizeOf(bytes: Buffer) {
  const meta = await sharp(bytes).metadata();
  return { width: meta.width ?? 0, height: meta.height ?? 0 };
}

/** Size checks a model makes on the decoded images (a mask the image's size, within limits). */
export async function invalidImages(
  model: FakeModel,
  input: Record<string, unknown>,
  images: { image: Buffer; mask: Buffer | null },
): Promise<InvalidField[]> {
  const problems: InvalidField[] = [];
  const image = await sizeOf(images.image);
  if (images.mask) {
    const mask = await sizeOf(images.mask);
    if (mask.width !== image.width || mask.height !== image.height) {
      problems.push({
        type: 'value',
        field: 'input.mask',
        description: 'mask must have the same size as image',
      });
    }
  }
  const canvas = Array.isArray(input.canvas_size)
    ? { width: input.canvas_size[0] as number, height: input.canvas_size[1] as number }
    : image;
  if (model.maxSide && (canvas.width > model.maxSide || canvas.height > model.maxSide)) {
    problems.push({
      type: 'value',
      field: 'input.image',
      description: `image must fit ${model.maxSide}x${model.maxSide}`,
    });
  }
  if (model.maxPixels && canvas.width * canvas.height > model.maxPixels) {
    problems.push({
      type: 'value',
      field: 'input.canvas_size',
      description: 'canvas is too large',
    });
  }
  if (model.multipleOf && (image.width % model.multipleOf || image.height % model.multipleOf)) {
    problems.push({
      type: 'value',
      field: 'input.image',
      description: `sides must be multiples of ${model.multipleOf}`,
    });
  }
  return problems;
}

/** The model's drifted output: 8 levels brighter and slightly blurred, at the size it paints. */
export async function driftedOutput(
  input: Record<string, unknown>,
  image: Buffer,
): Promise<Buffer> {
  let canvas = sharp(image);
  if (Array.isArray(input.canvas_size)) {
    const [width, height] = input.canvas_size as [number, number];
    const [w, h] = input.original_image_size as [number, number];
    const [x, y] = input.original_image_location as [number, number];
    const placed = await sharp(image).resize(w, h, { fit: 'fill' }).png().toBuffer();
    canvas = sharp(placed).extend({
      left: x,
      top: y,
      right: width - x - w,
      bottom: height - y - h,
      extendWith: 'copy',
    });
    canvas = sharp(await canvas.png().toBuffer());
  } else if (typeof input.width === 'number' && typeof input.height === 'number') {
    canvas = canvas.resize(input.width, input.height, { fit: 'fill' });
    canvas = sharp(await canvas.png().toBuffer());
  }
  return canvas.blur(0.8).linear(1, 8).png().toBuffer();
}
