import JSZip from 'jszip';
import {
  copy,
  errorMessages,
  outputFilename,
  pngUrl,
  resolveOutput,
  type Crop,
} from '@reframe/shared';

const historyResizedFilename = (width: number, height: number) => `resized-${width}x${height}.png`;
const HISTORY_ORIGINAL_FILENAME = 'original.png';
export const resizerZipFilename = (timestamp: number) => `resized-images-${timestamp}.zip`;

interface DownloadItem {
  url: string;
  filename: string;
  /** The part of the original the result keeps; null when not recorded. */
  crop: Crop | null;
}

/** A result's entry in a ZIP, which carries its crop as the entry's comment (issue 38). */
export function addResult(folder: JSZip, name: string, bytes: Uint8Array, crop: Crop | null): void {
  folder.file(name, bytes, crop ? { comment: copy.resizer.keptPart(crop) } : {});
}

export type FetchLike = (
  url: string,
) => Promise<{ ok: boolean; arrayBuffer(): Promise<ArrayBuffer> }>;

/**
 * GETs a file as PNG bytes, the format downloads start from (the server converts what it stores
 * as WebP or JPEG); "Failed to fetch image" when the answer is not OK.
 */
export async function fetchImageBytes(url: string, fetchImpl: FetchLike): Promise<Uint8Array> {
  const response = await fetchImpl(pngUrl(url));
  if (!response.ok) throw new Error(errorMessages.FETCH_IMAGE_FAILED);
  return new Uint8Array(await response.arrayBuffer());
}

/** Makes each name unique inside one ZIP: a second "a.png" becomes "a-2.png". */
export function uniqueFilenames(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return count === 1 ? name : name.replace(/(\.[^.]*)?$/, (ext) => `-${count}${ext}`);
  });
}

/**
 * Fetches every item and packs them into one ZIP, failing as a whole if any fetch fails;
 * `encode` turns each file into the chosen format first.
 */
export async function zipDownloads(
  items: readonly DownloadItem[],
  fetchImpl: FetchLike,
  encode: (bytes: Uint8Array) => Promise<Uint8Array> = (bytes) => Promise.resolve(bytes),
): Promise<JSZip> {
  const files = await Promise.all(
    items.map(async (item) => encode(await fetchImageBytes(item.url, fetchImpl))),
  );
  const zip = new JSZip();
  const names = uniqueFilenames(items.map((item) => item.filename));
  files.forEach((bytes, i) =>
    addResult(zip, names[i] ?? `${i}.png`, bytes, items[i]?.crop ?? null),
  );
  return zip;
}

/**
 * The history ZIP: the original as "original.png" and each version as "resized-{w}x{h}.png",
 * named by the size the server recorded for it; a placement keeps its own name, as in the
 * resizer's ZIP ("meta-stories-1080x1920.png").
 */
export async function zipHistoryRun(
  originalUrl: string,
  versions: readonly {
    ratio: string;
    url: string;
    size: { width: number; height: number } | null;
    crop: Crop | null;
  }[],
  fetchImpl: FetchLike,
): Promise<JSZip> {
  const [original, ...resized] = await Promise.all(
    [originalUrl, ...versions.map((version) => version.url)].map((url) =>
      fetchImageBytes(url, fetchImpl),
    ),
  );
  const zip = new JSZip();
  if (original) zip.file(HISTORY_ORIGINAL_FILENAME, original);
  const names = uniqueFilenames(
    versions.map(({ ratio, size }, i) => {
      if (!size) return `resized-${i + 1}.png`;
      return resolveOutput(ratio)?.pack
        ? outputFilename(ratio, size.width, size.height)
        : historyResizedFilename(size.width, size.height);
    }),
  );
  resized.forEach((bytes, i) =>
    addResult(zip, names[i] ?? `resized-${i + 1}.png`, bytes, versions[i]?.crop ?? null),
  );
  return zip;
}
