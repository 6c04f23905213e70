import type { AiProvider } from '../ai-provider';
import { framingModes, type FillStyle, type FramingMode } from './framing';

/**
 * Which framings a run may use, and its default (issue 38). The built-in engine searches trims
 * ('auto' by default). A hosted model is sent the whole original and makes the whole canvas, so
 * its results keep the whole photo; the blurred backdrop is always the engine's, whatever the
 * provider.
 */

/** True when the hosted model makes a result of this style (the backdrop is the engine's). */
export function hostedModelMakes(provider: AiProvider, style: FillStyle): boolean {
  return provider === 'replicate' && style === 'natural';
}

/** The framings offered for a provider and style, in the picker's order. */
export function framingsFor(provider: AiProvider, style: FillStyle): readonly FramingMode[] {
  return hostedModelMakes(provider, style) ? ['keep'] : framingModes;
}

/** The framing a run gets when none is chosen: Auto with the engine, the whole photo with a model. */
export function defaultFraming(provider: AiProvider, style: FillStyle): FramingMode {
  return hostedModelMakes(provider, style) ? 'keep' : 'auto';
}

/**
 * The framing a prediction is made with: the one asked for, or the default; 'auto' means the
 * whole photo for a hosted model (there is nothing to search). Null when a hosted model is asked
 * to trim, which it cannot: the request is refused before anything is charged.
 */
export function resolveFraming(
  provider: AiProvider,
  style: FillStyle,
  asked: FramingMode | undefined,
): FramingMode | null {
  const framing = asked ?? defaultFraming(provider, style);
  if (!hostedModelMakes(provider, style)) return framing;
  if (framing === 'auto' || framing === 'keep') return 'keep';
  return null;
}
