import { ChevronLeft, ChevronRight, X, ZoomIn, ZoomOut } from 'lucide-react';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { copy, placementOfShown, type ShownResult } from '@reframe/shared';
import { Button } from './Button';
import { CompareSlider, type Placement } from './CompareSlider';
import { Dialog } from './Dialog';

interface ViewerImage extends ShownResult {
  ratio: string;
  url: string;
}

const v = copy.viewer;
const ZOOMS = [1, 1.5, 2, 3] as const;

/**
 * A result full size, compared with the original on the landing page's slider, with zoom and
 * the arrow keys (outside the slider) moving between the run's ratios.
 */
export function ResultViewer({
  images,
  index,
  original,
  onIndex,
  onClose,
}: {
  images: readonly ViewerImage[];
  /** The image shown; null when the viewer is closed. */
  index: number | null;
  original: { url: string; width: number; height: number };
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const [zoom, setZoom] = useState(0);
  const image = index === null ? undefined : images[index];
  const count = images.length;
  const go = (step: number) => {
    if (index !== null && count > 1) onIndex((index + step + count) % count);
  };
  const zoomBy = (step: number) =>
    setZoom((current) => Math.min(ZOOMS.length - 1, Math.max(0, current + step)));

  function onKeyDown(event: KeyboardEvent) {
    if (event.target instanceof HTMLInputElement) return;
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
    else if (event.key === '+' || event.key === '=') zoomBy(1);
    else if (event.key === '-') zoomBy(-1);
    else return;
    event.preventDefault();
  }

  return (
    <Dialog open={image !== undefined} onClose={onClose} title={image && v.title(image.ratio)} wide>
      {image && (
        <div onKeyDown={onKeyDown} data-testid="result-viewer">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-xs text-slate-500 tabular-nums">
              {image.width} × {image.height}
              {count > 1 && ` · ${(index ?? 0) + 1} / ${count}`}
            </p>
            <div className="flex items-center gap-1.5">
              {count > 1 && (
                <IconButton label={v.previousRatio} className="sm:hidden" onClick={() => go(-1)}>
                  <ChevronLeft className="size-4" aria-hidden="true" />
                </IconButton>
              )}
              {count > 1 && (
                <IconButton label={v.nextRatio} className="sm:hidden" onClick={() => go(1)}>
                  <ChevronRight className="size-4" aria-hidden="true" />
                </IconButton>
              )}
              <IconButton label={v.zoomOut} disabled={zoom === 0} onClick={() => zoomBy(-1)}>
                <ZoomOut className="size-4" aria-hidden="true" />
              </IconButton>
              <span className="w-12 text-center text-xs font-medium text-slate-600 tabular-nums">
                {Math.round(ZOOMS[zoom]! * 100)}%
              </span>
              <IconButton
                label={v.zoomIn}
                disabled={zoom === ZOOMS.length - 1}
                onClick={() => zoomBy(1)}
              >
                <ZoomIn className="size-4" aria-hidden="true" />
              </IconButton>
              <IconButton label={v.close} onClick={onClose}>
                <X className="size-4" aria-hidden="true" />
              </IconButton>
            </div>
          </div>
          <div className="mt-3 flex items-center gap-2">
            {count > 1 && (
              <IconButton label={v.previousRatio} className="max-sm:hidden" onClick={() => go(-1)}>
                <ChevronLeft className="size-4" aria-hidden="true" />
              </IconButton>
            )}
            <div className="max-h-[70vh] min-w-0 flex-1 overflow-auto rounded-xl bg-slate-100">
              <div
                className="mx-auto"
                style={{
                  width: `${ZOOMS[zoom]! * 100}%`,
                  maxWidth: zoom === 0 ? `calc(70vh * ${image.width / image.height})` : 'none',
                }}
              >
                <CompareSlider
                  key={image.url}
                  width={image.width}
                  height={image.height}
                  {...placementProps(placementOfShown(original, image))}
                  beforeLabel={v.before}
                  afterLabel={`${v.after} · ${image.ratio}`}
                  sliderLabel={v.compareSlider}
                  after={
                    <img
                      src={image.url}
                      alt={copy.resizer.resultAlt(image.ratio)}
                      className="absolute inset-0 size-full object-cover"
                    />
                  }
                  before={
                    <img
                      src={original.url}
                      alt={copy.resizer.originalAlt}
                      className="size-full object-cover"
                    />
                  }
                />
              </div>
            </div>
            {count > 1 && (
              <IconButton label={v.nextRatio} className="max-sm:hidden" onClick={() => go(1)}>
                <ChevronRight className="size-4" aria-hidden="true" />
              </IconButton>
            )}
          </div>
          <p className="mt-3 hidden text-xs text-slate-500 sm:block">{v.keyboardHint}</p>
        </div>
      )}
    </Dialog>
  );
}

function IconButton({
  label,
  disabled,
  onClick,
  children,
  className = '',
}: {
  label: string;
  className?: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      variant="secondary"
      className={`size-9! shrink-0 px-0! ${className}`}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

/** The slider's placement, and the kept part's outline only where the result trimmed it. */
function placementProps({ whole, kept }: { whole: Placement; kept?: Placement }) {
  const trimmed = kept && (kept.width < whole.width - 1e-6 || kept.height < whole.height - 1e-6);
  return trimmed ? { placement: whole, kept } : { placement: whole };
}
