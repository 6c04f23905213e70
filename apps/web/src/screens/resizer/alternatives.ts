import {
  copy,
  defaultFraming,
  describeTrim,
  hostedModelMakes,
  type AiProvider,
  type FillStyle,
  type FramingMode,
} from '@reframe/shared';
import type { ExpandedImage } from './run/run-prediction';

const r = copy.resizer;

/** A cleaner version a weak result offers: one regeneration (one credit) with these choices. */
export interface Alternative {
  id: 'trim_more' | 'keep' | 'blurred_backdrop' | 'model';
  label: string;
  framing: FramingMode;
  style: FillStyle;
}

/** What this deployment makes: its provider, and the hosted model REPLICATE_MODEL names. */
export interface Deployment {
  aiProvider: AiProvider;
  hostedModel: string | null;
}

/**
 * A result's one-click alternatives (issue 38): trim more (or keep the whole photo when it was
 * trimmed), the blurred backdrop, and the hosted model where one is configured and did not make
 * the result. Every result has them, not only those the engine is not sure of: the confidence
 * misses about one weak result in five, and none should be handed over without a clean way out.
 */
export function alternativesFor(
  image: Pick<ExpandedImage, 'confidence' | 'framing' | 'style' | 'crop'>,
  original: { width: number; height: number },
  deployment: Deployment,
): Alternative[] {
  const { aiProvider, hostedModel } = deployment;
  const trimmed = image.crop !== null && describeTrim(image.crop, original).share > 0;
  const engineTrims = !hostedModelMakes(aiProvider, 'natural');
  const alternatives: Alternative[] = [];
  if (trimmed) {
    alternatives.push({ id: 'keep', label: r.framings.keep, framing: 'keep', style: 'natural' });
  } else if (engineTrims && image.framing !== 'trim_more') {
    alternatives.push({
      id: 'trim_more',
      label: r.framings.trim_more,
      framing: 'trim_more',
      style: 'natural',
    });
  }
  if (image.style !== 'blurred_backdrop') {
    alternatives.push({
      id: 'blurred_backdrop',
      label: r.styles.blurred_backdrop,
      framing: defaultFraming(aiProvider, 'blurred_backdrop'),
      style: 'blurred_backdrop',
    });
  }
  // Only the built-in engine measures its confidence: a result without one came from the model.
  if (aiProvider === 'replicate' && hostedModel && image.confidence !== null) {
    const name = copy.hostedModels[hostedModel] ?? hostedModel;
    alternatives.push({ id: 'model', label: r.useModel(name), framing: 'keep', style: 'natural' });
  }
  return alternatives;
}
