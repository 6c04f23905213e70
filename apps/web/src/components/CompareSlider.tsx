import clsx from 'clsx';
import { ChevronsLeftRight } from 'lucide-react';
import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { bindCompareSlider } from './compare-slider-behaviour';
import { checkerboard } from './checkerboard';

/** Where the original sits on the result, each value a fraction of the result's side. */
export interface Placement {
  x: number;
  y: number;
  width: number;
  height: number;
}

const badge =
  'pointer-events-none absolute top-3 rounded-full bg-slate-950/70 px-2.5 py-1 text-xs font-semibold text-white backdrop-blur-sm';

/** Where the divide starts, in percent of the width. */
const START_POSITION = 50;

/**
 * The original, on an empty canvas of the result's size, over the result; a native range input
 * spans the whole image, so mouse, touch (horizontal drags only) and the arrow keys all move the
 * divide. The landing page's examples and the app's full-size viewer both draw with it; the
 * divide moves by compare-slider-behaviour.ts, bound here in the app and by the landing page's
 * island script on the prerendered page (data-compare-slider).
 */
export function CompareSlider({
  width,
  height,
  placement,
  kept,
  after,
  before,
  beforeLabel,
  afterLabel,
  sliderLabel,
  className,
}: {
  /** The result's size: the slider keeps its aspect ratio. */
  width: number;
  height: number;
  placement: Placement;
  /** The part of the original the result kept, outlined when it was trimmed (issue 38). */
  kept?: Placement;
  /** The result, drawn to fill the box. */
  after: ReactNode;
  /** The original, drawn to fill its placement. */
  before: ReactNode;
  beforeLabel: string;
  afterLabel: string;
  sliderLabel: string;
  className?: string;
}) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => (root.current ? bindCompareSlider(root.current) : undefined), []);
  const originalBox: CSSProperties = {
    left: `${placement.x * 100}%`,
    top: `${placement.y * 100}%`,
    width: `${placement.width * 100}%`,
    height: `${placement.height * 100}%`,
  };
  return (
    <div
      ref={root}
      data-compare-slider=""
      className={clsx('relative overflow-hidden rounded-xl bg-slate-900 select-none', className)}
      style={{ aspectRatio: `${width} / ${height}` }}
    >
      {after}
      <div
        data-testid="before-layer"
        data-compare-before=""
        className={clsx('absolute inset-0', checkerboard)}
        style={{ clipPath: `inset(0 ${100 - START_POSITION}% 0 0)` }}
      >
        <div className="absolute" style={originalBox}>
          {before}
        </div>
      </div>
      {kept && <KeptOutline kept={kept} />}
      <span className={clsx(badge, 'left-3')}>{beforeLabel}</span>
      <span className={clsx(badge, 'right-3')}>{afterLabel}</span>
      <input
        type="range"
        min={0}
        max={100}
        defaultValue={START_POSITION}
        aria-label={sliderLabel}
        aria-valuetext={`${START_POSITION}%`}
        className="peer absolute inset-0 z-10 size-full cursor-ew-resize appearance-none opacity-0"
        style={{ touchAction: 'pan-y' }}
      />
      <div
        aria-hidden="true"
        data-compare-divide=""
        className="pointer-events-none absolute inset-y-0 w-0.5 peer-focus-visible:*:ring-4 -translate-x-1/2 bg-white shadow-[0_0_8px_rgba(15,23,42,0.5)]"
        style={{ left: `${START_POSITION}%` }}
      >
        <span className="absolute top-1/2 left-1/2 flex size-10 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-white text-slate-700 shadow-lg ring-brand-500/60">
          <ChevronsLeftRight className="size-5" />
        </span>
      </div>
    </div>
  );
}

/** A dashed frame around the part of the original a result kept. */
function KeptOutline({ kept }: { kept: Placement }) {
  return (
    <div
      data-testid="kept-outline"
      aria-hidden="true"
      className="pointer-events-none absolute outline-2 outline-white outline-dashed -outline-offset-1 [box-shadow:0_0_0_1px_rgb(15_23_42/0.6)]"
      style={{
        left: `${kept.x * 100}%`,
        top: `${kept.y * 100}%`,
        width: `${kept.width * 100}%`,
        height: `${kept.height * 100}%`,
      }}
    />
  );
}
