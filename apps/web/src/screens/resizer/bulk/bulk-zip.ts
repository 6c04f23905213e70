import JSZip from 'jszip';
import { outputFilename, type Crop } from '@reframe/shared';
import { addResult, fetchImageBytes, uniqueFilenames, type FetchLike } from '../download';

interface BulkZipPhoto {
  /** The photo's file name, e.g. "shoe.jpg": its folder is "shoe". */
  name: string;
  results: readonly {
    key: string;
    url: string;
    width: number;
    height: number;
    crop: Crop | null;
  }[];
}

/** A folder name from a file name: no extension, no path separators. */
function folderName(name: string): string {
  const base = name
    .replace(/\.[^.]*$/, '')
    .replace(/[\\/:*?"<>|]+/g, '-')
    .trim();
  return base || 'photo';
}

export const bulkZipFilename = (timestamp: number) => `reframe-run-${timestamp}.zip`;

/**
 * One ZIP for a whole run: a folder per photo (named after it, made unique), each result inside
 * named as a single download is (`meta-stories-1080x1920.png`). Fails whole if a fetch fails.
 */
export async function zipBulkRun(
  photos: readonly BulkZipPhoto[],
  fetchImpl: FetchLike,
): Promise<JSZip> {
  const zip = new JSZip();
  const folders = uniqueFilenames(photos.map((photo) => folderName(photo.name)));
  await Promise.all(
    photos.map(async (photo, i) => {
      const folder = zip.folder(folders[i] ?? `photo-${i + 1}`);
      if (!folder) return;
      const names = uniqueFilenames(
        photo.results.map((result) => outputFilename(result.key, result.width, result.height)),
      );
      const files = await Promise.all(
        photo.results.map((result) => fetchImageBytes(result.url, fetchImpl)),
      );
      files.forEach((bytes, j) =>
        addResult(folder, names[j] ?? `${j + 1}.png`, bytes, photo.results[j]?.crop ?? null),
      );
    }),
  );
  return zip;
}
