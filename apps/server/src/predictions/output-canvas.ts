import { computeCanvas, resolveOutput, type Alignment } from '@reframe/shared';

/**
 * The canvas an output is filled on (the brief's rules, the original placed by `alignment`) and
 * the size of its PNG: the canvas itself, or the exact size of a placement or custom size, which
 * the engine scales the filled canvas to. Undefined when the key names nothing we make.
 */
export function outputCanvas(
  original: { width: number; height: number },
  key: string,
  alignment: Alignment,
) {
  const output = resolveOutput(key);
  if (!output) return undefined;
  const canvas = computeCanvas(original.width, original.height, output.ratio, alignment);
  const size = output.exact ?? { width: canvas.width, height: canvas.height };
  return { ...canvas, outputWidth: size.width, outputHeight: size.height };
}
