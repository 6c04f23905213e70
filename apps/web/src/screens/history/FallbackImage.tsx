import { ImageOff } from 'lucide-react';
import { useState, type ImgHTMLAttributes } from 'react';
import { copy } from '@reframe/shared';

/** An <img> that turns into a placeholder when its file cannot be loaded. */
export function FallbackImage({
  alt,
  className,
  style,
  ...rest
}: ImgHTMLAttributes<HTMLImageElement>) {
  const [broken, setBroken] = useState(false);
  if (broken) {
    return (
      <span
        role="img"
        aria-label={copy.history.brokenImage}
        data-testid="image-placeholder"
        style={style}
        className={`flex flex-col items-center justify-center gap-1 bg-slate-100 text-slate-400 ${className ?? ''}`}
      >
        <ImageOff aria-hidden="true" className="size-5" />
      </span>
    );
  }
  return (
    <img alt={alt} className={className} style={style} onError={() => setBroken(true)} {...rest} />
  );
}
