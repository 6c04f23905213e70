import { checkUpload, type EnginePool, type PreparedUpload } from '@reframe/engine';
import { uploadShapeProblem } from '@reframe/shared';
import { AppError } from '../../platform/http/app-error';
import { throwUploadError } from './upload-checks';

/** The engine pool's upload task; a pool of its own keeps uploads from waiting behind jobs. */
export type UploadDecoder = Pick<EnginePool, 'prepareUpload'>;

/**
 * Turns uploaded bytes into the original to store. What the header and the file's structure can
 * tell (format, pixel cap, decode budget, data present, shape) is checked here on the request's
 * thread in microseconds, once; the worker thread takes these checks with the bytes and runs
 * only the single decode and re-encode.
 */
export async function readUploadImage(
  decoder: UploadDecoder,
  bytes: Uint8Array,
): Promise<PreparedUpload> {
  let checked;
  try {
    checked = checkUpload(bytes);
  } catch (error) {
    throwUploadError(error);
  }
  const shape = uploadShapeProblem(checked.width, checked.height);
  if (shape) throw new AppError(shape, 400);
  try {
    return await decoder.prepareUpload(bytes, { checked });
  } catch (error) {
    throwUploadError(error);
  }
}
