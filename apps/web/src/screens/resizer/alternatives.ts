import {
  copy,
  defaultFraming,
  describeTrim,
  hostedModelMakes,
  isLowConfidence,
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
 * The one-click alternatives of a result the engine is not sure of (issue 38): trim more (or keep
 * the whole photo when it was trimmed), the blurred backdrop, and the hosted model where one is
 * configured. None for a result that is not weak.
 */
export function alternativesFor(
  image: Pick<ExpandedImage, 'confidence' | 'framing' | 'style' | 'crop'>,
  original: { width: number; height: number },
  deployment: Deployment,
): Alternative[] {
  if (!isLowConfidence(image.confidence)) return [];
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
  if (aiProvider === 'replicate' && hostedModel) {
    const name = copy.hostedModels[hostedModel] ?? hostedModel;
    alternatives.push({ id: 'model', label: r.useModel(name), framing: 'keep', style: 'natural' });
  }
  return alternatives;
}
