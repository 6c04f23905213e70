import { copy, describeTrim, type LandingExample } from '@reframe/shared';
import { ResponsivePicture } from './ResponsivePicture';

const THUMBNAIL_HEIGHT_PX = 56;

/**
 * What a trimmed example took off its original: the whole photo small, the kept part outlined and
 * the trimmed strips shaded, beside "Trimmed 12 % (top)". Nothing when the whole photo was kept.
 */
export function TrimmedOriginal({ example }: { example: LandingExample }) {
  const { crop, original } = example;
  const trim = describeTrim(crop, original);
  if (trim.share === 0) return null;
  const share = (part: number, whole: number): string => `${(100 * part) / whole}%`;
  const sides = trim.sides.map((side) => copy.resizer.trimSides[side]).join(', ');
  return (
    <span className="mt-2 flex items-center justify-center gap-3">
      <span
        aria-hidden="true"
        className="relative inline-block shrink-0 overflow-hidden rounded-sm ring-1 ring-slate-300"
        style={{
          height: THUMBNAIL_HEIGHT_PX,
          width: Math.round((THUMBNAIL_HEIGHT_PX * original.width) / original.height),
        }}
      >
        <ResponsivePicture
          image={original}
          alt=""
          sizes={`${Math.round((THUMBNAIL_HEIGHT_PX * original.width) / original.height)}px`}
          className="size-full"
        />
        <span
          className="absolute outline-2 outline-white outline-dashed shadow-[0_0_0_999px_rgba(15,23,42,0.6)]"
          style={{
            left: share(crop.x, original.width),
            top: share(crop.y, original.height),
            width: share(crop.width, original.width),
            height: share(crop.height, original.height),
          }}
        />
      </span>
      <span>{copy.resizer.trimmed(Math.round(100 * trim.share), sides)}</span>
    </span>
  );
}
