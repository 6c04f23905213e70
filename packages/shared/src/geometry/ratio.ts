/** The brief's tolerance for hiding a target ratio that matches the original ("(Original)"). */
export const ORIGINAL_RATIO_TOLERANCE = 0.05;

/**
 * Parses an aspect ratio written as "w:h" (e.g. "16:9", "1.91:1") or as a plain number ("1.5").
 * A zero height, a non-positive result or anything unparseable falls back to 1, as the brief says.
 */
export function parseRatio(text: string): number {
  const trimmed = text.trim();
  const parts = trimmed.split(':');
  let value: number;
  if (parts.length === 2) {
    const width = toNumber(parts[0] ?? '');
    const height = toNumber(parts[1] ?? '');
    value = height === 0 ? Number.NaN : width / height;
  } else if (parts.length === 1) {
    value = toNumber(trimmed);
  } else {
    value = Number.NaN;
  }
  return Number.isFinite(value) && value > 0 ? value : 1;
}

/** Number() accepts "" and "0x10"; only plain decimal numbers count as a ratio part here. */
function toNumber(part: string): number {
  const trimmed = part.trim();
  return /^\d+(\.\d+)?$|^\.\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The original's width/height rounded to 2 decimals (the brief shows it as "{ratio}:1"). */
export function originalRatio(width: number, height: number): number {
  if (!(width > 0) || !(height > 0)) return 1;
  return Math.round((width / height) * 100) / 100;
}

/**
 * True when `ratio` is within 5% of the original ratio, so the picker disables it as "(Original)".
 * Reading chosen: the 5% is relative to the original ratio (|ratio - original| <= 5% of original),
 * and the boundary itself counts as within.
 */
export function isWithinOriginalTolerance(ratio: number, original: number): boolean {
  if (!(original > 0)) return false;
  return Math.abs(ratio - original) <= original * ORIGINAL_RATIO_TOLERANCE + 1e-12;
}
