/**
 * Largest input we decode: 50 megapixels (an 8192 x 6144 image, or a 48 MP phone photo).
 * sharp's own default (about 268 MP) never stops a WebP or PNG bomb in time, so both the header
 * check and sharp's `limitInputPixels` use this number.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/** Largest side of any input we accept; guards sizes whose product alone looks harmless. */
export const MAX_INPUT_SIDE = 30_000;

/*
 * The engine's own bounds on a request, so that no caller can make it allocate without limit. They
 * are not the product's limits, which @reframe/shared owns (MAX_CANVAS_SIDE, 4000 px, the brief's;
 * MAX_OUTPUT_SIDE and MAX_OUTPUT_PIXELS, an exact size's): the engine imports nothing of ours, so
 * it cannot read them, and its bounds only have to hold them (limits.test.ts checks that they do).
 * The CLI and the benches may ask for more than the product does, up to these bounds.
 */

/** Largest canvas side the engine fills or pastes onto: twice the product's canvas. */
export const ENGINE_MAX_CANVAS_SIDE = 8000;

/** Largest result the engine writes, on either side and in all (the canvas is scaled to it). */
export const ENGINE_MAX_RESULT_SIDE = 8000;
export const ENGINE_MAX_RESULT_PIXELS = 40_000_000;
