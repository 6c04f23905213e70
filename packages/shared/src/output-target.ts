import { findAspectRatio } from './aspect-ratios';
import { parseRatio } from './geometry/ratio';
import type { ErrorCode } from './messages/errors';
import { findPlacement } from './placement-packs';

/** Limits of an exact output size (custom sizes and packs). */
export const MIN_OUTPUT_SIDE = 64;
export const MAX_OUTPUT_SIDE = 8000;
export const MAX_OUTPUT_PIXELS = 40_000_000;
/** A custom ratio is at most this long on either side, as uploads are. */
export const MAX_CUSTOM_RATIO = 8;

/** Why an exact size is refused, or null when it is within the limits. */
export function exactSizeError(width: number, height: number): ErrorCode | null {
  if (!Number.isInteger(width) || !Number.isInteger(height)) return 'CUSTOM_SIZE_INVALID';
  if (width < MIN_OUTPUT_SIDE || height < MIN_OUTPUT_SIDE) return 'CUSTOM_SIZE_TOO_SMALL';
  if (width > MAX_OUTPUT_SIDE || height > MAX_OUTPUT_SIDE) return 'CUSTOM_SIZE_TOO_LARGE';
  if (width * height > MAX_OUTPUT_PIXELS) return 'CUSTOM_SIZE_TOO_MANY_PIXELS';
  return null;
}

const SIZE_PATTERN = /^\s*(\d{1,6})\s*[x×]\s*(\d{1,6})\s*$/i;
const RATIO_PATTERN = /^\s*(\d{1,4}(?:\.\d{1,2})?)\s*:\s*(\d{1,4}(?:\.\d{1,2})?)\s*$/;

export type CustomOutput =
  { kind: 'size'; width: number; height: number } | { kind: 'ratio'; value: string };

/** What a user typed as "Custom": "1200x628" (exact pixels) or "5:2" (a ratio). */
export function parseCustomOutput(text: string): CustomOutput | { error: ErrorCode } {
  const size = SIZE_PATTERN.exec(text);
  if (size) {
    const width = Number(size[1]);
    const height = Number(size[2]);
    const error = exactSizeError(width, height);
    return error ? { error } : { kind: 'size', width, height };
  }
  const ratio = RATIO_PATTERN.exec(text);
  if (ratio) {
    const value = `${Number(ratio[1])}:${Number(ratio[2])}`;
    return customRatioError(value) ? { error: 'CUSTOM_RATIO_INVALID' } : { kind: 'ratio', value };
  }
  return { error: 'CUSTOM_SIZE_INVALID' };
}

function customRatioError(value: string): boolean {
  const match = RATIO_PATTERN.exec(value);
  if (!match) return true;
  const width = Number(match[1]);
  const height = Number(match[2]);
  if (!(width > 0) || !(height > 0)) return true;
  const ratio = width / height;
  return ratio > MAX_CUSTOM_RATIO || ratio < 1 / MAX_CUSTOM_RATIO;
}

/**
 * One spelling per ratio: a catalogue label as it is, a custom ratio as plain numbers ("1.0:1"
 * and " 1:1" are "1:1"), so one output is never counted, charged or stored twice.
 */
export function normalRatioKey(label: string): string {
  if (findAspectRatio(label)) return label;
  const ratio = RATIO_PATTERN.exec(label);
  return ratio ? `${Number(ratio[1])}:${Number(ratio[2])}` : label;
}

/** True for a catalogue label or a valid custom "W:H". */
export function isKnownRatio(label: string): boolean {
  return findAspectRatio(label) !== undefined || !customRatioError(label);
}

/** What one output of a run is: the ratio its canvas is extended to, and its exact size if any. */
export interface ResolvedOutput {
  /** The history key: a catalogue label, a custom "W:H", a placement id, or a custom "WxH". */
  key: string;
  ratio: number;
  exact: { width: number; height: number } | null;
  /** The placement pack's id, or null. */
  pack: string | null;
}

/** Resolves a stored output key; undefined when it names nothing we make. */
export function resolveOutput(key: string): ResolvedOutput | undefined {
  const placement = findPlacement(key);
  if (placement) {
    const { width, height } = placement.out;
    return { key, ratio: width / height, exact: { width, height }, pack: placement.pack.id };
  }
  const option = findAspectRatio(key);
  if (option) return { key, ratio: parseRatio(option.value), exact: null, pack: null };
  if (!customRatioError(key)) return { key, ratio: parseRatio(key), exact: null, pack: null };
  const size = /^(\d{1,6})x(\d{1,6})$/.exec(key);
  if (size) {
    const width = Number(size[1]);
    const height = Number(size[2]);
    if (exactSizeError(width, height) === null) {
      return { key, ratio: width / height, exact: { width, height }, pack: null };
    }
  }
  return undefined;
}

/** The key of an exact custom size. */
export const customSizeKey = (width: number, height: number) => `${width}x${height}`;

/**
 * The file name of a result: a placement is named for itself (`meta-stories-1080x1920.png`),
 * anything else by the brief's rule (`expanded-{w}x{h}.png`).
 */
export function outputFilename(
  key: string,
  width: number,
  height: number,
  extension = 'png',
): string {
  return resolveOutput(key)?.pack
    ? `${key}.${extension}`
    : `expanded-${width}x${height}.${extension}`;
}
