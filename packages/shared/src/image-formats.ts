/**
 * The image formats an upload may be (issue 41): the one list that the uploader, the file
 * picker, the server's checks, the landing copy, the README and the OpenAPI document follow.
 */
export interface AcceptedImageFormat {
  /** How copy names it. */
  name: string;
  mimeTypes: readonly string[];
  /** Without the dot, lower case. */
  extensions: readonly string[];
}

export const acceptedImageFormats: readonly AcceptedImageFormat[] = [
  { name: 'JPEG', mimeTypes: ['image/jpeg'], extensions: ['jpg', 'jpeg'] },
  { name: 'PNG', mimeTypes: ['image/png'], extensions: ['png'] },
  { name: 'WebP', mimeTypes: ['image/webp'], extensions: ['webp'] },
  { name: 'HEIC', mimeTypes: ['image/heic', 'image/heif'], extensions: ['heic', 'heif'] },
  { name: 'BMP', mimeTypes: ['image/bmp'], extensions: ['bmp'] },
  { name: 'GIF', mimeTypes: ['image/gif'], extensions: ['gif'] },
];

export const acceptedImageExtensions: readonly string[] = acceptedImageFormats.flatMap(
  (format) => format.extensions,
);

export const acceptedImageMimeTypes: readonly string[] = acceptedImageFormats.flatMap(
  (format) => format.mimeTypes,
);

/** "JPEG, PNG, WebP, HEIC, BMP or GIF". */
export const acceptedFormatNames: string = (() => {
  const names = acceptedImageFormats.map((format) => format.name);
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
})();
