import clsx from 'clsx';
import { ChevronsLeftRight } from 'lucide-react';
import { useState, type CSSProperties } from 'react';
import { copy } from '@reframe/shared';
import { checkerboard } from '../../components/checkerboard';
import type { Example } from './example-images';
import { scale, sizesAttribute, type SizesLayout } from './image-sizes';
import { ResponsivePicture } from './ResponsivePicture';

interface BeforeAfterSliderProps {
  example: Example;
  /** What the photo shows, for the alt texts. */
  subject: string;
  /** How wide the slider is drawn; the original, over part of it, gets its share. */
  layout: SizesLayout;
  priority?: boolean;
  className?: string;
}

const badge =
  'pointer-events-none absolute top-3 rounded-full bg-slate-950/70 px-2.5 py-1 text-xs font-semibold text-white backdrop-blur-sm';

/**
 * The original, on an empty canvas of the result's size, over the engine's result; a native
 * range input spans the whole image, so mouse, touch (horizontal drags only) and the arrow keys
 * all move the divide.
 */
export function BeforeAfterSlider({
  example,
  subject,
  layout,
  priority,
  className,
}: BeforeAfterSliderProps) {
  const [position, setPosition] = useState(50);
  const { result, original, placement } = example;
  const resultSizes = sizesAttribute(layout);
  const originalSizes = sizesAttribute(scale(layout, placement.width));
  const originalBox: CSSProperties = {
    left: `${placement.x * 100}%`,
    top: `${placement.y * 100}%`,
    width: `${placement.width * 100}%`,
    height: `${placement.height * 100}%`,
  };
  return (
    <div
      className={clsx('relative overflow-hidden rounded-xl bg-slate-900 select-none', className)}
      style={{ aspectRatio: `${result.width} / ${result.height}` }}
    >
      <ResponsivePicture
        image={result}
        alt={copy.landing.extendedAlt(subject, example.ratio)}
        sizes={resultSizes}
        priority={priority}
        className="absolute inset-0 size-full object-cover"
      />
      <div
        data-testid="before-layer"
        className={clsx('absolute inset-0', checkerboard)}
        style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}
      >
        <div className="absolute" style={originalBox}>
          <ResponsivePicture
            image={original}
            alt={copy.landing.originalAlt(subject)}
            sizes={originalSizes}
            priority={priority}
            className="size-full object-cover shadow-[0_0_0_1px_rgba(255,255,255,0.6)]"
          />
        </div>
      </div>
      <span className={clsx(badge, 'left-3')}>{copy.landing.before}</span>
      <span className={clsx(badge, 'right-3')}>
        {copy.landing.after} · {example.ratio}
      </span>
      <input
        type="range"
        min={0}
        max={100}
        value={position}
        onChange={(event) => setPosition(Number(event.target.value))}
        aria-label={copy.landing.heroCompareLabel}
        aria-valuetext={`${position}%`}
        className="peer absolute inset-0 z-10 size-full cursor-ew-resize appearance-none opacity-0"
        style={{ touchAction: 'pan-y' }}
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 w-0.5 peer-focus-visible:*:ring-4 -translate-x-1/2 bg-white shadow-[0_0_8px_rgba(15,23,42,0.5)]"
        style={{ left: `${position}%` }}
      >
        <span className="absolute top-1/2 left-1/2 flex size-10 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-white text-slate-700 shadow-lg ring-brand-500/60">
          <ChevronsLeftRight className="size-5" />
        </span>
      </div>
    </div>
  );
}
