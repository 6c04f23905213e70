import { resolveFraming, type AiProvider, type FillStyle, type FramingMode } from '@reframe/shared';
import { AppError } from '../../platform/http/app-error';

/**
 * The framing and style a prediction or run is made with (issue 38): the defaults filled in for
 * this deployment's provider; a hosted model asked to trim is refused (400) before anything is
 * charged or recorded.
 */
export function runFraming(
  provider: AiProvider,
  asked: { framing?: FramingMode | undefined; style?: FillStyle | undefined },
): { framing: FramingMode; style: FillStyle } {
  const style = asked.style ?? 'natural';
  const framing = resolveFraming(provider, style, asked.framing);
  if (!framing) throw new AppError('FRAMING_NEEDS_ENGINE', 400);
  return { framing, style };
}
