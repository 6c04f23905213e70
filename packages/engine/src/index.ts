export { DECODE_WORK_FACTOR, MAX_DECODE_COST } from './codecs/budget';
export { MAX_INPUT_PIXELS } from './codecs/limits';
export { checkUpload, LOSSLESS_STORE_MAX_PIXELS, prepareUpload } from './codecs/upload';
export type { CheckedUpload, PreparedUpload, StoredFormat } from './codecs/upload';
export type { ImageFormat } from './codecs/sniff';
export { THUMBNAIL_SIDES } from './codecs/renditions';
export type { CompactResult, ThumbnailSize, Thumbnails } from './codecs/renditions';
export { padForModel, pasteOriginal } from './pipelines/model-canvas';
export type {
  ModelCanvas,
  ModelCanvasRequest,
  ModelFit,
  PasteOriginalRequest,
} from './pipelines/model-canvas';
export { EngineInputError, isEngineInputError } from './errors';
export type { EngineInputErrorCode } from './errors';
export type {
  CanvasRequest,
  Crop,
  FramedResult,
  OutpaintResult,
  OutpaintStages,
  StoredResult,
} from './pipelines/canvas';
export { outpaint } from './pipelines/outpaint';
export type {
  FillStyle,
  OutpaintRequest,
  PlacementMode,
  StoredOutpaintRequest,
} from './pipelines/outpaint';
export { createEnginePool } from './worker/pool';
export type { EnginePool, EnginePoolOptions } from './worker/pool';
export { borderSteps } from './codecs/seam-step';
