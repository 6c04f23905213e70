import { EngineInputError } from '../errors';
import { decodeImage, openImage, translateSharpError } from './decode';
import { encodePng } from './encode';
import type { ImageFormat } from './sniff';
import { sniffHeader } from './sniff';

export interface ImageInfo {
  format: ImageFormat;
  /** Size after EXIF orientation. */
  width: number;
  height: number;
  hasAlpha: boolean;
  animated: boolean;
}

/**
 * Checks an upload: header size cap first, then a full decode (so truncated files are caught
 * here, not in a job). Animated images are refused: only one frame could be extended.
 */
export async function inspectImage(bytes: Uint8Array): Promise<ImageInfo> {
  const header = sniffHeader(bytes);
  let meta;
  try {
    meta = await openImage(bytes, header, { firstPageOnly: false }).metadata();
  } catch (error) {
    throw translateSharpError(error);
  }
  if ((meta.pages ?? 1) > 1) {
    throw new EngineInputError('ANIMATED', 'Animated images are not supported.');
  }
  const decoded = await decodeImage(bytes);
  return {
    format: header.format,
    width: decoded.width,
    height: decoded.height,
    hasAlpha: decoded.channels === 4,
    animated: false,
  };
}

/** Re-encodes an upload as PNG for storage: orientation applied, all metadata (GPS...) dropped. */
export async function normalizeUpload(bytes: Uint8Array): Promise<Uint8Array> {
  await inspectImage(bytes);
  const image = await decodeImage(bytes);
  return encodePng(image.data, image.width, image.height, image.channels);
}
