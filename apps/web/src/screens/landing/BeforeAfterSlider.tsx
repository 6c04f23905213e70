import { copy, type Crop, type LandingExample } from '@reframe/shared';
import { CompareSlider } from '../../components/CompareSlider';
import { scale, sizesAttribute, type SizesLayout } from './image-sizes';
import { ResponsivePicture } from './ResponsivePicture';

interface BeforeAfterSliderProps {
  example: LandingExample;
  /** What the photo shows, for the alt texts. */
  subject: string;
  /** How wide the slider is drawn; the original, over part of it, gets its share. */
  layout: SizesLayout;
  priority?: boolean;
  className?: string;
}

/**
 * The `object-position` that shows the kept part of the original in its box: what a trim took
 * comes off one axis only, so covering the box and sliding by the share trimmed before the crop
 * leaves exactly the crop in view.
 */
function keptPosition(crop: Crop, original: { width: number; height: number }): string {
  const at = (start: number, kept: number, whole: number): number =>
    whole > kept ? (100 * start) / (whole - kept) : 50;
  return `${at(crop.x, crop.width, original.width)}% ${at(crop.y, crop.height, original.height)}%`;
}

/** A landing example on the compare slider, with responsive pictures for both layers. */
export function BeforeAfterSlider({
  example,
  subject,
  layout,
  priority,
  className,
}: BeforeAfterSliderProps) {
  const { result, original, placement, crop } = example;
  return (
    <CompareSlider
      width={result.width}
      height={result.height}
      placement={placement}
      className={className}
      beforeLabel={copy.landing.before}
      afterLabel={`${copy.landing.after} · ${example.ratio}`}
      sliderLabel={copy.landing.heroCompareLabel}
      after={
        <ResponsivePicture
          image={result}
          alt={copy.landing.extendedAlt(subject, example.ratio)}
          sizes={sizesAttribute(layout)}
          priority={priority}
          className="absolute inset-0 size-full object-cover"
        />
      }
      before={
        <ResponsivePicture
          image={original}
          alt={copy.landing.originalAlt(subject)}
          sizes={sizesAttribute(scale(layout, placement.width))}
          priority={priority}
          className="size-full object-cover shadow-[0_0_0_1px_rgba(255,255,255,0.6)]"
          objectPosition={keptPosition(crop, original)}
        />
      }
    />
  );
}
