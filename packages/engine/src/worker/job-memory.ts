import type { HeaderInfo } from '../codecs/sniff';
import type { OutpaintRequest } from '../pipelines/outpaint';

/** Fixed cost of a worker: V8, libvips and the module graph (measured around 80-100 MB). */
const BASE_MB = 120;

/**
 * Upper estimate of one job's peak memory, from the header and canvas alone (nothing decoded):
 * libvips decodes the input (4 B/px), the fill keeps the original as 8-bit and float (16 B/px),
 * and the canvas exists as 8-bit output, the PNG encoder's copy and the search buffers (~12 B/px).
 * A trim (`maxTrim` above 0) adds a cropped copy of the image per trim compared (at most three,
 * 4 B/px each) and fills a smaller canvas, so the request canvas still bounds the rest; a
 * blurred backdrop needs less than a fill. `header` is `sniffHeader(request.input)`.
 */
export function estimateJobMemoryMb(request: OutpaintRequest, header: HeaderInfo): number {
  const { canvas } = request;
  const image = (canvas.imageWidth ?? header.width) * (canvas.imageHeight ?? header.height);
  const crops = (request.maxTrim ?? 0) > 0 ? image * 12 : 0;
  const bytes =
    header.width * header.height * 4 + image * 16 + crops + canvas.width * canvas.height * 12;
  return Math.round(BASE_MB + bytes / 1e6);
}
