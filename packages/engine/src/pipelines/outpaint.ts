import type { RawImage } from '../codecs/bmp';
import { blurredBackdrop } from '../codecs/backdrop';
import { encodePng } from '../codecs/encode';
import { storedFromPixels } from '../codecs/renditions';
import type { HeaderInfo } from '../codecs/sniff';
import { EngineInputError } from '../errors';
import { chooseFramedFill } from '../fill/framing-search';
import type { PlacementMode } from '../fill/placement-search';
import { chooseAndFill, DEFAULT_SEARCH_OPTIONS } from '../fill/placement-search';
import type { CanvasPlacement } from '../fill/raster';
import { photoPreview } from '../fill/photo-preview';
import { FillScratch } from '../fill/scratch';
import { DEFAULT_SHIFT_MAP_OPTIONS } from '../fill/shift-map-fill';
import type { CanvasRequest, Crop, FramedResult, StoredResult } from './canvas';
import { decodeOriginalSized, outputSizeOf, pasteOriginalRows, timedResult } from './canvas';
import type { CroppedFrame } from './framing';
import { cropInOriginal, framesFor, MAX_TRIM, trimShares } from './framing';

export type { PlacementMode } from '../fill/placement-search';

/**
 * How the new area is made: 'natural' fills it from the photo (the shift-map fill);
 * 'blurred_backdrop' fills the canvas with the photo scaled to cover it, blurred and darkened,
 * the original bit for bit on top (always clean: confidence 1).
 */
export type FillStyle = 'natural' | 'blurred_backdrop';

export interface OutpaintRequest {
  /** Encoded JPEG, PNG, WebP or BMP bytes. */
  input: Uint8Array;
  canvas: CanvasRequest;
  seed: number;
  /**
   * 'auto': the engine chooses where the original sits (and the seed) by its defect predictor;
   * 'fixed' (the default): the canvas's offset is kept and only the seeds are compared.
   */
  placement?: PlacementMode;
  /**
   * With 'auto': 0 (the default) fills at the best placement, 1 at the second best, and so on;
   * a regeneration asks for the next one, so it does not repeat the last result's flaws. With a
   * trim, the order walks trims and placements together.
   */
  rank?: number;
  /**
   * 0 (the default) to 0.5: the share of the photo that may be trimmed across the axis the canvas
   * does not grow. 0 keeps the whole photo on the request canvas (the brief's canvas rule). Above
   * 0, the canvas is the smallest of the request canvas's ratio (its output size's, when it has
   * one) that holds the kept part, with no margin, and the result comes out at the exact output
   * size when the request has one.
   */
  maxTrim?: number;
  /**
   * With `maxTrim` above 0: true keeps the whole photo whenever its fill is clean and trims only
   * when it is not (Auto framing); false (the default) always trims, by the share in (0, maxTrim]
   * that scores best.
   */
  preferWhole?: boolean;
  /** 'natural' (the default) or 'blurred_backdrop'. */
  style?: FillStyle;
}

/**
 * The built-in pipeline: decode, frame, fill the new area, encode as PNG. One whole job, for the
 * CLI and the bench; a pool worker runs `outpaintStored`. `scratch` is the fill's working memory.
 */
export async function outpaint(
  request: OutpaintRequest,
  scratch = new FillScratch(),
): Promise<FramedResult> {
  const job = await fillJob(request, scratch);
  const { placed, output } = job;
  const { width, height } = placed.size;
  const png = await encodePng(placed.pixels, width, height, job.channels, output);
  return { png, ...job.result(performance.now()) };
}

/** A job as the server stores its result: `outpaint`, with the test watermark when asked. */
export interface StoredOutpaintRequest extends OutpaintRequest {
  /** Drawn across the result before it is encoded (a test API key's, see codecs/watermark.ts). */
  watermark?: string;
}

/**
 * `outpaint` as a pool worker runs it for the server: the filled pixels encoded straight into
 * what is stored, the lossless WebP and its two thumbnails, with the watermark drawn first when
 * asked. No PNG is made, so none is decoded again on the way to storage. `header` is
 * `sniffHeader(request.input)` as the pool read it to size the job: it is not read again.
 */
export async function outpaintStored(
  request: StoredOutpaintRequest,
  scratch = new FillScratch(),
  header?: HeaderInfo,
): Promise<StoredResult> {
  const job = await fillJob(request, scratch, header);
  const { placed, output } = job;
  const pixels = { ...placed.size, channels: job.channels, data: placed.pixels };
  const finish = {
    output,
    ...(request.watermark !== undefined && { watermark: request.watermark }),
  };
  const files = await storedFromPixels(pixels, finish);
  return { files, ...job.result(performance.now()) };
}

/** A job filled, before encoding: its canvas, the size it is encoded at, and its result. */
interface FilledJob {
  placed: Placed;
  channels: 3 | 4;
  output: { width: number; height: number };
  /** The result's size, placement and stage times, once encoded at `encoded`. */
  result(encoded: number): Omit<FramedResult, 'png'>;
}

/** Decode (the header read once, unless the caller has), frame and fill. */
async function fillJob(
  request: OutpaintRequest,
  scratch: FillScratch,
  header?: HeaderInfo,
): Promise<FilledJob> {
  const started = performance.now();
  const maxTrim = checkedTrim(request.maxTrim ?? 0);
  const style = request.style ?? 'natural';
  const { canvas } = request;
  const { image, original } = await decodeOriginalSized(request.input, canvas, header);
  const decoded = performance.now();
  const placed =
    style === 'blurred_backdrop'
      ? await backdrop(image, request, maxTrim)
      : maxTrim === 0
        ? { ...chosenFill(image, request, scratch), crop: wholeOf(image) }
        : framedFill(image, request, maxTrim, scratch);
  const filled = performance.now();
  const output = canvas.outputWidth === undefined ? placed.size : outputSizeOf(canvas);
  return {
    placed,
    channels: image.channels,
    output,
    result: (encoded) => ({
      ...timedResult(output, { started, decoded, filled, encoded }),
      offsetX: placed.offsetX,
      offsetY: placed.offsetY,
      confidence: placed.confidence,
      crop: cropInOriginal(placed.crop, image, original),
    }),
  };
}

/** A filled canvas before encoding: its pixels and size, where the kept part sits and which it is. */
interface Placed {
  pixels: Uint8Array;
  size: { width: number; height: number };
  offsetX: number;
  offsetY: number;
  confidence: number;
  /** In the decoded image's pixels. */
  crop: Crop;
}

function checkedTrim(maxTrim: number): number {
  if (!(maxTrim >= 0 && maxTrim <= MAX_TRIM)) {
    throw new EngineInputError(
      'INVALID_CANVAS',
      `maxTrim must be between 0 and ${MAX_TRIM} (got ${maxTrim}).`,
    );
  }
  return maxTrim;
}

/** Today's fill: the whole photo on the request canvas. */
function chosenFill(
  image: RawImage,
  request: OutpaintRequest,
  scratch: FillScratch,
): Omit<Placed, 'crop'> {
  const { canvas } = request;
  const fill = chooseAndFill(
    image,
    canvas,
    request.placement ?? 'fixed',
    request.seed,
    DEFAULT_SHIFT_MAP_OPTIONS,
    DEFAULT_SEARCH_OPTIONS,
    request.rank ?? 0,
    scratch,
  );
  return { ...fill, size: { width: canvas.width, height: canvas.height } };
}

/** The fill searched over trims (and placements and seeds) on the smallest canvases. */
function framedFill(
  image: RawImage,
  request: OutpaintRequest,
  maxTrim: number,
  scratch: FillScratch,
): Placed {
  const fillOptions = DEFAULT_SHIFT_MAP_OPTIONS;
  const preferWhole = request.preferWhole ?? false;
  const { canvas } = request;
  // The whole photo's fill and the trims' analysis read the same preview: made once.
  const photo = photoPreview(image, fillOptions);
  const framesOf = (shares: number[]) => framesFor(image, canvas, shares, fillOptions, photo);
  const whole = preferWhole ? framesOf([0])[0] : undefined;
  const trims = (): CroppedFrame[] => {
    const trimmed = framesOf(trimShares(maxTrim));
    // A trim mode with nothing it may trim keeps the whole photo, on the smallest canvas.
    return trimmed.length || whole ? trimmed : framesOf([0]);
  };
  const fill = chooseFramedFill(
    { whole, trims },
    request.placement ?? 'fixed',
    request.seed,
    fillOptions,
    DEFAULT_SEARCH_OPTIONS,
    request.rank ?? 0,
    scratch,
  );
  return { ...fill, size: sizeOf(fill.frame.canvas), crop: fill.frame.crop };
}

/**
 * The blurred backdrop, on the request canvas with no trim, else on the smallest canvas of its
 * ratio: the whole photo when the whole is preferred (a backdrop is always clean), else trimmed by
 * `maxTrim` from its least distinctive sides. An 'auto' placement centres the photo.
 */
async function backdrop(
  image: RawImage,
  request: OutpaintRequest,
  maxTrim: number,
): Promise<Placed> {
  const fillOptions = DEFAULT_SHIFT_MAP_OPTIONS;
  const frame: CroppedFrame =
    maxTrim === 0
      ? { original: image, canvas: request.canvas, trim: 0, crop: wholeOf(image) }
      : (request.preferWhole
          ? []
          : framesFor(image, request.canvas, [maxTrim], fillOptions)
        ).concat(framesFor(image, request.canvas, [0], fillOptions))[0]!;
  const canvas =
    request.placement === 'auto' ? centred(frame.canvas, frame.original) : frame.canvas;
  const pixels = await blurredBackdrop(frame.original, canvas);
  pasteOriginalRows(pixels, canvas, frame.original);
  return {
    pixels,
    size: sizeOf(canvas),
    offsetX: canvas.offsetX,
    offsetY: canvas.offsetY,
    confidence: 1,
    crop: frame.crop,
  };
}

function wholeOf(image: RawImage): Crop {
  return { x: 0, y: 0, width: image.width, height: image.height };
}

function centred(
  canvas: CanvasPlacement,
  kept: { width: number; height: number },
): CanvasPlacement {
  return {
    ...canvas,
    offsetX: Math.floor((canvas.width - kept.width) / 2),
    offsetY: Math.floor((canvas.height - kept.height) / 2),
  };
}

function sizeOf(canvas: { width: number; height: number }): { width: number; height: number } {
  return { width: canvas.width, height: canvas.height };
}
