import * as z from 'zod';

import { aspectRatioLabels } from '../aspect-ratios';

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

export const predictionInputSchema = z.object({
  upload_id: z.string().min(1),
  /** A label of the shared catalogue, e.g. "16:9", "1.91:1" or "2:3 (Stories)". */
  aspect_ratio: z.string().refine((label) => aspectRatioLabels.includes(label), {
    error: 'Unknown aspect ratio',
  }),
  regenerate: z.boolean(),
  seed: z.number().int().nonnegative().max(MAX_SEED).optional(),
});
export type PredictionInput = z.infer<typeof predictionInputSchema>;

/** Body of POST /api/replicate and POST /api/debug. */
export const createPredictionBodySchema = z.object({
  endpoint: z.literal('predictions'),
  data: z.object({ input: predictionInputSchema }),
});
export type CreatePredictionBody = z.infer<typeof createPredictionBodySchema>;

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
  /** Size of the target canvas (the result PNG). */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** Who made the result; null until it succeeds. */
  provider: z.enum(outpaintProviders).nullable(),
  /** True when the built-in engine stood in for an unavailable hosted provider. */
  fallback: z.boolean(),
});
export type Prediction = z.infer<typeof predictionSchema>;

/** POST /api/debug -> 200 (bad body -> 400 `{ error }`). */
export const debugResponseSchema = z.object({
  ok: z.literal(true),
  canvas: z.object({ width: z.number().int(), height: z.number().int() }),
});
export type DebugResponse = z.infer<typeof debugResponseSchema>;

export const HISTORY_PAGE_SIZE = 20;

/** One result of a ratio in a run: a first result or a regeneration, oldest first. */
export const historyVersionSchema = z.object({
  /** The prediction that made it. */
  id: z.string(),
  url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
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
  /** ISO-8601 */
  timestamp: z.string(),
  /** Ratio label -> absolute URL of the result PNG. */
  resizedImages: z.record(z.string(), z.string()),
  /** Ratio label -> who made that result. */
  providers: z.record(z.string(), z.enum(outpaintProviders)),
  /** Ratio label -> every result made for it (regenerations included), oldest first. */
  versions: z.record(z.string(), z.array(historyVersionSchema)),
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
