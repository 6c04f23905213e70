import * as z from 'zod';

import { MAX_BULK_PHOTOS, MAX_RUN_OUTPUTS } from '../bulk';
import { alignments } from '../geometry/canvas';
import { fillStyles, framingModes } from '../geometry/framing';
import {
  customSizeKey,
  exactSizeError,
  isKnownRatio,
  normalRatioKey,
  resolveOutput,
} from '../output-target';
import { placementIds } from '../placement-packs';

/**
 * Request and response shapes of the resizer API (uploads, predictions, files, history). Every
 * URL in a response is absolute (APP_URL + /api/files/<storage key>).
 */

/** 10 MB, the brief's upload limit (10 x 1024 x 1024 bytes). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** POST /api/uploads (multipart, one part named `file`) -> 201 */
export const uploadResponseSchema = z.object({
  id: z.string(),
  url: z.string(),
  filename: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** width / height rounded to 2 decimals; shown as "{originalRatio}:1". */
  originalRatio: z.number().positive(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/** Seeds fit the engine's 32-bit generator and the portable (32-bit) integer column. */
export const MAX_SEED = 2 ** 31 - 1;

/** An exact output size in pixels, within the limits of `exactSizeError`. */
export const exactSizeSchema = z
  .object({ width: z.number().int(), height: z.number().int() })
  .superRefine((size, ctx) => {
    const code = exactSizeError(size.width, size.height);
    if (code) ctx.addIssue({ code: 'custom', message: code });
  });

/**
 * One output: a catalogue label or custom ratio ("16:9", "2:3 (Stories)", "5:2"), a placement of
 * the packs ("meta-stories-1080x1920"), or an exact custom size. Exactly one of the three.
 */
const outputFields = {
  aspect_ratio: z.string().refine(isKnownRatio, { error: 'Unknown aspect ratio' }).optional(),
  placement: z
    .string()
    .refine((id) => placementIds.includes(id), { error: 'Unknown placement' })
    .optional(),
  size: exactSizeSchema.optional(),
};

export const outputSpecSchema = z
  .object(outputFields)
  .refine((spec) => [spec.aspect_ratio, spec.placement, spec.size].filter(Boolean).length === 1, {
    error: 'Give exactly one of aspect_ratio, placement or size',
  });
export type OutputSpec = z.infer<typeof outputSpecSchema>;

/**
 * The history key of an output: its label or normalised ratio, its placement id, or "WxH" for a
 * custom size.
 */
export function outputKeyOf(spec: OutputSpec): string {
  if (spec.placement) return spec.placement;
  if (spec.size) return customSizeKey(spec.size.width, spec.size.height);
  return normalRatioKey(spec.aspect_ratio ?? '');
}

/** The output spec that asks for a stored key again (the inverse of `outputKeyOf`). */
export function outputSpecOfKey(key: string): OutputSpec {
  const output = resolveOutput(key);
  if (output?.pack) return { placement: key };
  if (output?.exact) return { size: output.exact };
  return { aspect_ratio: key };
}

export const alignmentSchema = z.enum(alignments);

/** How much of the photo a result may trim (issue 38); by default Auto with the engine, else keep. */
export const framingSchema = z.enum(framingModes);
/** How the new area is filled; 'natural' by default. */
export const fillStyleSchema = z.enum(fillStyles);

/**
 * The part of the original a result keeps, in the uploaded original's pixels (issue 38): the
 * whole photo unless its framing trimmed it. Null until it succeeds, and for older results.
 */
export const cropSchema = z.object({
  x: z.number().int().nonnegative(),
  y: z.number().int().nonnegative(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

/**
 * Where the original ended up on a result (its top-left, in the result's pixels), and how sure
 * the engine is that the fill shows no defect (0..1, see LOW_CONFIDENCE_BELOW). Null until it
 * succeeds; the confidence is also null when a hosted provider made it, and all three are null
 * for results made before they were recorded.
 */
const resultOffset = z.number().int().nonnegative().nullable();
const resultConfidence = z.number().min(0).max(1).nullable();

export const predictionInputSchema = z
  .object({
    upload_id: z.string().min(1),
    ...outputFields,
    /** Where the original sits on the canvas; 'auto' (the engine chooses) by default. */
    alignment: alignmentSchema.optional(),
    framing: framingSchema.optional(),
    style: fillStyleSchema.optional(),
    regenerate: z.boolean(),
    seed: z.number().int().nonnegative().max(MAX_SEED).optional(),
  })
  .refine(
    (input) => [input.aspect_ratio, input.placement, input.size].filter(Boolean).length === 1,
    { error: 'Give exactly one of aspect_ratio, placement or size' },
  );
export type PredictionInput = z.infer<typeof predictionInputSchema>;

/** Body of POST /api/replicate and POST /api/debug. */
export const createPredictionBodySchema = z.object({
  endpoint: z.literal('predictions'),
  data: z.object({ input: predictionInputSchema }),
});
export type CreatePredictionBody = z.infer<typeof createPredictionBodySchema>;

/**
 * POST /api/runs: every photo gets every output, charged up front (one credit each) or refused
 * as a whole. More than one photo needs a plan with Bulk Processing.
 */
export const createRunBodySchema = z.object({
  upload_ids: z
    .array(z.string().min(1))
    .min(1)
    .refine((ids) => ids.length <= MAX_BULK_PHOTOS, { error: 'BULK_TOO_MANY_PHOTOS' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'Each photo once' }),
  outputs: z
    .array(outputSpecSchema)
    .min(1)
    .refine((outputs) => outputs.length <= MAX_RUN_OUTPUTS, { error: 'RUN_TOO_MANY_OUTPUTS' })
    .refine((outputs) => new Set(outputs.map(outputKeyOf)).size === outputs.length, {
      error: 'Each output once',
    }),
  alignment: alignmentSchema.optional(),
  framing: framingSchema.optional(),
  style: fillStyleSchema.optional(),
});
export type CreateRunBody = z.infer<typeof createRunBodySchema>;

/** Who makes the pixels: the built-in engine, or the hosted AI service (AI_PROVIDER). */
export const outpaintProviders = ['engine', 'replicate'] as const;
export type OutpaintProvider = (typeof outpaintProviders)[number];

export const predictionStatuses = ['starting', 'processing', 'succeeded', 'failed'] as const;
export type PredictionStatus = (typeof predictionStatuses)[number];

/** POST /api/replicate -> 202 and GET /api/replicate?endpoint=predictions/{id} -> 200 */
export const predictionSchema = z.object({
  id: z.string(),
  status: z.enum(predictionStatuses),
  error: z.string().nullable(),
  /** Absolute http(s) URL of the PNG once succeeded. */
  output: z.string().nullable(),
  aspect_ratio: z.string(),
  /** Where the original sits on the canvas. */
  alignment: z.enum(alignments),
  /** Size of the result PNG: the canvas, or the exact size of a placement or custom size. */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** Who made the result; null until it succeeds. */
  provider: z.enum(outpaintProviders).nullable(),
  /** True when the built-in engine stood in for an unavailable hosted provider. */
  fallback: z.boolean(),
  offset_x: resultOffset,
  offset_y: resultOffset,
  confidence: resultConfidence,
  /** The framing and fill style it is made with (the defaults filled in). */
  framing: framingSchema,
  style: fillStyleSchema,
  crop: cropSchema.nullable(),
});
export type Prediction = z.infer<typeof predictionSchema>;

/** POST /api/debug -> 200 (bad body -> 400 `{ error }`). */
export const debugResponseSchema = z.object({
  ok: z.literal(true),
  canvas: z.object({ width: z.number().int(), height: z.number().int() }),
});
/** POST /api/runs -> 202: one prediction per photo and output, photo by photo. */
export const runResponseSchema = z.object({
  credits: z.number().int().nonnegative(),
  predictions: z.array(predictionSchema.extend({ upload_id: z.string() })),
});
export type RunResponse = z.infer<typeof runResponseSchema>;

export type DebugResponse = z.infer<typeof debugResponseSchema>;

export const HISTORY_PAGE_SIZE = 20;

/** One result of a ratio in a run: a first result or a regeneration, oldest first. */
export const historyVersionSchema = z.object({
  /** The prediction that made it. */
  id: z.string(),
  url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** The alignment asked for ('auto': the engine chose the offset). */
  alignment: z.enum(alignments),
  offsetX: resultOffset,
  offsetY: resultOffset,
  confidence: resultConfidence,
  framing: framingSchema,
  style: fillStyleSchema,
  crop: cropSchema.nullable(),
});
export type HistoryVersion = z.infer<typeof historyVersionSchema>;

export const historyItemSchema = z.object({
  id: z.string(),
  userId: z.string(),
  /** The upload the run was made from: the resizer restores its last run by it. */
  uploadId: z.string(),
  originalImage: z.string(),
  /** The uploaded file's name, or "unknown". */
  originalFilename: z.string(),
  /** The original's size in pixels, which its results' crops are in; null if its upload is gone. */
  originalSize: z
    .object({ width: z.number().int().positive(), height: z.number().int().positive() })
    .nullable(),
  /** ISO-8601 */
  timestamp: z.string(),
  /** The maker's name when another member of the viewer's team made the run; null for their own. */
  madeBy: z.string().nullable(),
  /** The name of the API key that made the run (issue 30); null for a run made in the app. */
  apiKeyName: z.string().nullable(),
  /** Ratio label -> absolute URL of the result PNG. */
  resizedImages: z.record(z.string(), z.string()),
  /** Ratio label -> who made that result. */
  providers: z.record(z.string(), z.enum(outpaintProviders)),
  /** Ratio label -> the hosted model that made that result, where one did. */
  models: z.record(z.string(), z.string()),
  /** Ratio label -> every result made for it (regenerations included), oldest first. */
  versions: z.record(z.string(), z.array(historyVersionSchema)),
  /** Output key -> its pack (or null), pixel size and the original's alignment. */
  outputs: z.record(
    z.string(),
    z.object({
      pack: z.string().nullable(),
      width: z.number().int().positive().nullable(),
      height: z.number().int().positive().nullable(),
      alignment: z.enum(alignments),
    }),
  ),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

/** GET /api/history?cursor=…&limit=20 -> 200 (newest first). */
export const historyPageSchema = z.object({
  items: z.array(historyItemSchema),
  nextCursor: z.string().nullable(),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;

export const historyQuerySchema = z.object({
  cursor: z.string().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(HISTORY_PAGE_SIZE),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;
