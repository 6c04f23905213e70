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
  /** Whether browsers draw it in an <img>: a HEIC photo is shown from its stored copy. */
  browsersShow: boolean;
}

export const acceptedImageFormats: readonly AcceptedImageFormat[] = [
  { name: 'JPEG', mimeTypes: ['image/jpeg'], extensions: ['jpg', 'jpeg'], browsersShow: true },
  { name: 'PNG', mimeTypes: ['image/png'], extensions: ['png'], browsersShow: true },
  { name: 'WebP', mimeTypes: ['image/webp'], extensions: ['webp'], browsersShow: true },
  {
    name: 'HEIC',
    mimeTypes: ['image/heic', 'image/heif'],
    extensions: ['heic', 'heif'],
    browsersShow: false,
  },
  { name: 'BMP', mimeTypes: ['image/bmp'], extensions: ['bmp'], browsersShow: true },
  { name: 'GIF', mimeTypes: ['image/gif'], extensions: ['gif'], browsersShow: true },
];

/** A file name's extension, lower case and without the dot; '' when the name has none. */
export function fileExtension(name: string): string {
  return name.includes('.') ? (name.split('.').pop()?.toLowerCase() ?? '') : '';
}

/**
 * Whether a browser can draw a chosen file as it is, by its type or, when the browser names none
 * (HEIC on most desktops), its extension.
 */
export function browsersShowFile(file: { name: string; type: string }): boolean {
  const extension = fileExtension(file.name);
  const format =
    acceptedImageFormats.find((candidate) => candidate.mimeTypes.includes(file.type)) ??
    acceptedImageFormats.find((candidate) => candidate.extensions.includes(extension));
  return format?.browsersShow ?? false;
}

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
