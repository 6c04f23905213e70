import * as z from 'zod';

/**
 * GET /api/files/<storage key> variants. `?size=thumb|preview`: a WebP thumbnail for screens that
 * draw the image small (the file itself when it was stored before thumbnails). `?format=png`: the
 * file as PNG, pixels unchanged, for a download. Without either: the file as stored.
 */
export const thumbnailSizes = ['thumb', 'preview'] as const;
export type ThumbnailSize = (typeof thumbnailSizes)[number];

export const fileQuerySchema = z
  .object({
    size: z.enum(thumbnailSizes).optional(),
    format: z.literal('png').optional(),
  })
  .refine((query) => !(query.size && query.format), { error: 'Give size or format, not both' });
export type FileQuery = z.infer<typeof fileQuerySchema>;

const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;

/** A file's thumbnail: `thumb` about 240 px on its longest side, `preview` about 600 px. */
export const thumbnailUrl = (fileUrl: string, size: ThumbnailSize) =>
  withQuery(fileUrl, `size=${size}`);

/** A file as PNG, whatever it is stored as: what a PNG download fetches. */
export const pngUrl = (fileUrl: string) => withQuery(fileUrl, 'format=png');
