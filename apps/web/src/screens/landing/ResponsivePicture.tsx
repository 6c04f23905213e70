import type { ResponsiveImage } from '@reframe/shared';
import { exampleUrl, srcSet } from './example-images';

interface ResponsivePictureProps {
  image: ResponsiveImage;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each breakpoint. */
  sizes: string;
  /** The hero loads eagerly with high priority; everything below the fold lazily. */
  priority?: boolean;
  className?: string;
  /** Which part shows when the image covers a box of another shape (CSS `object-position`). */
  objectPosition?: string;
}

/** AVIF, then WebP, then JPEG, each at several widths; width and height keep the box reserved. */
export function ResponsivePicture({
  image,
  alt,
  sizes,
  priority = false,
  className,
  objectPosition,
}: ResponsivePictureProps) {
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(image, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(image, 'webp')} sizes={sizes} />
      <img
        src={exampleUrl(image.fallback)}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding={priority ? 'sync' : 'async'}
        className={className}
        style={objectPosition ? { objectPosition } : undefined}
      />
    </picture>
  );
}
