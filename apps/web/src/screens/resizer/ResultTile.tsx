import { Download, Maximize2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { copy, resolveOutput, thumbnailUrl } from '@reframe/shared';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { checkerboard } from '../../components/checkerboard';
import { RegenerateButton } from './RegenerateButton';
import type { QueueStatus } from './run/run-queue';
import { StatusBadge } from './StatusBadge';

const r = copy.resizer;

const sizes = {
  /** A single run's result, one or two to a row. */
  regular: {
    tile: 'rounded-xl',
    frame: 'h-64 rounded-t-xl p-3 sm:h-72',
    image: 'max-h-58 w-auto max-w-full rounded-md shadow-sm sm:max-h-66',
    chip: 'right-2 bottom-2 px-2 py-1 text-xs',
    chipIcon: 'size-3.5',
    caption: 'gap-3 rounded-b-xl px-3.5 py-3',
    title: 'text-sm font-semibold text-slate-900',
    detail: 'text-xs text-slate-500 tabular-nums',
  },
  /** A bulk run's output, up to four to a row. */
  compact: {
    tile: 'rounded-lg',
    frame: 'h-28 rounded-t-lg p-2',
    image: 'h-full w-full',
    chip: 'right-1 bottom-1 px-1.5 py-0.5 text-[11px]',
    chipIcon: 'size-3',
    caption: 'gap-2 rounded-b-lg px-2 py-1.5 text-xs',
    title: 'font-medium text-slate-800',
    detail: 'break-all text-slate-500',
  },
} as const;

/** A made result: its image, opened full size to compare, regenerated, downloaded (single). */
interface MadeResult {
  image: { url: string; width: number; height: number };
  onOpen: () => void;
  onRegenerate: () => void;
  /** A single result's own download; a bulk run's results download as one ZIP. */
  onDownload?: () => void;
}

/**
 * One result, single or bulk: its preview at its exact size (a click opens it full size to
 * compare with the original), its name, and Regenerate (and Download where the run has no ZIP of
 * its own). Before the result is made, its frame: pulsing at the output's shape, or its status.
 * `below` goes under the image (the version switcher), `children` under the name (notes).
 */
export function ResultTile({
  output,
  made,
  status,
  busy,
  size,
  title,
  detail,
  hasCredits,
  below,
  children,
}: {
  /** The output's key ("16:9", "meta-feed-1080x1080"), for its labels and its frame's shape. */
  output: string;
  /** The result once made, and what its tile does with it; null while it runs. */
  made: MadeResult | null;
  /** Shown on a compact tile before its result is made. */
  status?: QueueStatus;
  busy: boolean;
  size: keyof typeof sizes;
  title: string;
  detail: ReactNode;
  hasCredits: boolean;
  below?: ReactNode;
  children?: ReactNode;
}) {
  const style = sizes[size];
  return (
    <figure className={`flex h-full flex-col ring-1 ring-slate-200 ${style.tile}`}>
      <div
        className={`relative flex items-center justify-center overflow-hidden ${style.frame} ${checkerboard}`}
      >
        {made ? (
          <>
            {busy && size === 'regular' && (
              <Spinner size="lg" className="absolute text-brand-600" />
            )}
            <button
              type="button"
              onClick={made.onOpen}
              aria-label={r.compareLabel(r.outputName(output))}
              className="group relative flex h-full max-h-full w-full max-w-full cursor-zoom-in items-center justify-center rounded-md focus-visible:ring-4 focus-visible:ring-brand-500/60 focus-visible:outline-none"
            >
              <img
                src={thumbnailUrl(made.image.url, 'preview')}
                alt={r.resultAlt(output)}
                width={made.image.width}
                height={made.image.height}
                className={`object-contain transition-opacity ${style.image} ${busy ? 'opacity-40' : ''}`}
                data-testid="result-image"
              />
              <span
                className={`absolute flex items-center gap-1 rounded-full bg-slate-950/70 font-semibold text-white opacity-90 group-hover:opacity-100 ${style.chip}`}
              >
                <Maximize2 aria-hidden="true" className={style.chipIcon} />
                {r.compare}
              </span>
            </button>
          </>
        ) : size === 'compact' && status ? (
          <StatusBadge status={status} />
        ) : (
          <PendingFrame output={output} />
        )}
      </div>
      {below}
      <figcaption
        className={`flex flex-1 flex-col border-t border-slate-200 bg-white ${style.caption}`}
      >
        <div className="flex flex-wrap items-baseline justify-between gap-x-2">
          <p className={`break-words ${style.title}`} data-testid="result-name">
            {title}
          </p>
          <p className={style.detail}>{detail}</p>
        </div>
        {children}
        {made && (
          // Side by side where both fit, else Regenerate (with its cost) above Download.
          <div className="mt-auto flex flex-wrap gap-2">
            <RegenerateButton
              size={size}
              hasCredits={hasCredits}
              busy={busy}
              onClick={made.onRegenerate}
            />
            {made.onDownload && (
              <Button className="h-9 min-w-fit flex-1 px-3" onClick={made.onDownload}>
                <Download aria-hidden="true" className="size-4" />
                {r.download}
              </Button>
            )}
          </div>
        )}
      </figcaption>
    </figure>
  );
}

/** Where a running output's result will appear: its frame, pulsing, at its own aspect ratio. */
function PendingFrame({ output }: { output: string }) {
  const aspect = resolveOutput(output)?.ratio ?? 1;
  return (
    <div
      className="grid max-h-full max-w-full animate-pulse place-items-center rounded-md bg-brand-100/70 ring-1 ring-brand-200"
      style={{
        aspectRatio: aspect,
        height: aspect >= 1 ? 'auto' : '100%',
        width: aspect >= 1 ? '100%' : 'auto',
      }}
    >
      <Spinner className="text-brand-500" />
    </div>
  );
}
