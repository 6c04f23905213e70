import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
// The CLI is a composition root like the server: it applies the shared canvas rules, then calls
// the engine. The engine library itself (index.ts and below) imports nothing of ours.
import type { Alignment, FillStyle, FramingMode } from '@reframe/shared/geometry/index';
import {
  alignments,
  computeCanvas,
  fillStyles,
  framingModes,
  parseRatio,
  trimLimitsOf,
} from '@reframe/shared/geometry/index';
import { probeImage } from './codecs/decode';
import type { CanvasRequest } from './pipelines/canvas';
import type { PlacementMode } from './pipelines/outpaint';
import { outpaint } from './pipelines/outpaint';

const USAGE =
  'usage: npm run -s outpaint -- <input> -o <output.png> (--ratio W:H [--align auto|centre|left|right|top|bottom|top-left|…] | --canvas WxH --offset X,Y) [--seed N] [--framing keep|auto|trim|trim_more] [--max-trim 0..0.5] [--style natural|blurred_backdrop]';

class UsageError extends Error {}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      output: { type: 'string', short: 'o' },
      ratio: { type: 'string' },
      canvas: { type: 'string' },
      offset: { type: 'string' },
      seed: { type: 'string' },
      align: { type: 'string' },
      framing: { type: 'string' },
      'max-trim': { type: 'string' },
      style: { type: 'string' },
    },
  });
  const input = positionals[0];
  if (positionals.length !== 1 || !input) throw new UsageError('expected exactly one input file');
  if (!values.output) throw new UsageError('missing -o <output.png>');
  if (!values.ratio === !values.canvas)
    throw new UsageError('give either --ratio or --canvas with --offset');
  const seed = values.seed === undefined ? 0 : Number(values.seed);
  if (!Number.isInteger(seed) || seed < 0)
    throw new UsageError('--seed must be a non-negative integer');

  if (values.align !== undefined && !values.ratio)
    throw new UsageError('--align goes with --ratio (--offset places the original itself)');
  const align = parseAlign(values.align ?? 'auto');

  const bytes = new Uint8Array(await readFile(input));
  const canvas = values.ratio
    ? await canvasForRatio(bytes, values.ratio, align.alignment)
    : explicitCanvas(values.canvas, values.offset);
  const placement: PlacementMode = values.ratio ? align.placement : 'fixed';
  const trim = parseTrim(values.framing ?? 'keep', values['max-trim']);
  const style = parseStyle(values.style ?? 'natural');
  const result = await outpaint({ input: bytes, canvas, seed, placement, ...trim, style });
  await writeFile(values.output, result.png);
  const line = {
    width: result.width,
    height: result.height,
    ms: result.ms,
    offset: [result.offsetX, result.offsetY],
    crop: [result.crop.x, result.crop.y, result.crop.width, result.crop.height],
    confidence: Number(result.confidence.toFixed(2)),
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

/**
 * The trim limits of `--framing` (shared's trimLimitsOf; 'keep' by default, today's canvas), with
 * `--max-trim` replacing its share: alone it trims up to that share, with `--framing auto` it
 * trims only when the whole photo's fill is not clean.
 */
function parseTrim(
  framing: string,
  maxTrim: string | undefined,
): { maxTrim: number; preferWhole: boolean } {
  if (!(framingModes as readonly string[]).includes(framing))
    throw new UsageError(`--framing "${framing}" is not ${framingModes.join(', ')}`);
  const limits = trimLimitsOf(framing as FramingMode);
  if (maxTrim === undefined) return limits;
  const share = Number(maxTrim);
  if (!/^\d+(\.\d+)?$/.test(maxTrim) || share > 0.5)
    throw new UsageError(`--max-trim "${maxTrim}" is not a share from 0 to 0.5`);
  return { maxTrim: share, preferWhole: framing === 'auto' };
}

function parseStyle(text: string): FillStyle {
  if (!(fillStyles as readonly string[]).includes(text))
    throw new UsageError(`--style "${text}" is not ${fillStyles.join(' or ')}`);
  return text as FillStyle;
}

/** `auto` searches placements (starting from the centred canvas); any other keeps its own. */
function parseAlign(text: string): { placement: PlacementMode; alignment: Alignment } {
  if (text === 'auto') return { placement: 'auto', alignment: 'center' };
  const alignment = text === 'centre' ? 'center' : text;
  if (!(alignments as readonly string[]).includes(alignment) || alignment === 'auto')
    throw new UsageError(`--align "${text}" is not auto, centre or a side or corner`);
  return { placement: 'fixed', alignment: alignment as Alignment };
}

async function canvasForRatio(
  bytes: Uint8Array,
  text: string,
  alignment: Alignment,
): Promise<CanvasRequest> {
  if (!/^\s*\d+(\.\d+)?\s*(:\s*\d+(\.\d+)?\s*)?$/.test(text))
    throw new UsageError(`--ratio "${text}" is not W:H`);
  const size = await probeImage(bytes);
  const geometry = computeCanvas(size.width, size.height, parseRatio(text), alignment);
  return geometry;
}

function explicitCanvas(canvas: string | undefined, offset: string | undefined): CanvasRequest {
  const size = /^(\d+)x(\d+)$/.exec(canvas ?? '');
  const at = /^(\d+),(\d+)$/.exec(offset ?? '');
  if (!size) throw new UsageError('--canvas must be WxH, e.g. 1600x900');
  if (!at) throw new UsageError('--offset must be X,Y, e.g. 100,0');
  return {
    width: Number(size[1]),
    height: Number(size[2]),
    offsetX: Number(at[1]),
    offsetY: Number(at[2]),
  };
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  const usage =
    error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  process.stderr.write(`outpaint: ${message.split('\n')[0]}${usage ? `\n${USAGE}` : ''}\n`);
  process.exitCode = usage ? 2 : 1;
});
