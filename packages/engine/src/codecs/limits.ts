/**
 * Largest input we decode: 50 megapixels (an 8192 x 6144 image, or a 48 MP phone photo).
 * sharp's own default (about 268 MP) never stops a WebP or PNG bomb in time, so both the header
 * check and sharp's `limitInputPixels` use this number.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/** Largest side of any input we accept; guards sizes whose product alone looks harmless. */
export const MAX_INPUT_SIDE = 30_000;

/** Largest canvas the engine fills (the brief caps the product's canvas at 4000 px per side). */
export const MAX_CANVAS_SIDE = 8000;

/** The largest result an exact placement or custom size may ask for (the canvas is scaled to it). */
export const MAX_OUTPUT_SIDE = 8000;
export const MAX_OUTPUT_PIXELS = 40_000_000;
