/**
 * What the hosted provider adds around the remote prediction, per model family, for a 2 MP and a
 * 12 MP photo to 16:9, against the local fake Replicate (its "model" returns the canvas drifted:
 * 8 levels brighter, slightly blurred). Prints one table of times (pad and scale the canvas,
 * upload inputs over 1 MB, download the output, scale it back, correct the seam, paste the
 * original), one of the border step and the drift left across it with and without the seam
 * correction, and the JSON body each family sends for the 2 MP photo, data and file URLs
 * abbreviated.
 * Usage: npm run bench:provider
 */
import { readFile } from 'node:fs/promises';
import { borderSteps, padForModel, pasteOriginal } from '@reframe/engine';
import { computeCanvas, parseRatio } from '@reframe/shared';
import sharp from 'sharp';
import { sendInput } from '../src/adapters/outpainter/replicate/input-files';
import { fitFor, modelFamilies } from '../src/adapters/outpainter/replicate/model-families';
import { fetchOutput } from '../src/adapters/outpainter/replicate/output-fetch';
import {
  createReplicateApi,
  firstOutputUrl,
} from '../src/adapters/outpainter/replicate/replicate-api';
import { buildCreateRequest } from '../src/adapters/outpainter/replicate/replicate-request';
import { modelNames } from '../src/platform/config/outpainter-config';
import { FAKE_REPLICATE_CA_FILE, startFakeReplicate } from '../test/helpers/fake-replicate-server';

const TOKEN = 'r8_bench_fake_replicate_token_0123';
const PHOTO = new URL('../../../packages/engine/bench/photos/coffee.jpg', import.meta.url);

const fake = await startFakeReplicate({ token: TOKEN });
const api = createReplicateApi({ baseUrl: fake.baseUrl, token: TOKEN });
const ca = await readFile(FAKE_REPLICATE_CA_FILE, 'utf8');
const output = {
  hosts: [fake.outputHost],
  maxBytes: 200 * 1024 * 1024,
  timeoutMs: 60_000,
  caFile: FAKE_REPLICATE_CA_FILE,
  ca,
  // The fake serves its outputs on loopback.
  allowPrivateAddresses: true,
};

async function photoOf(megapixels: number): Promise<Uint8Array> {
  const width = Math.round(Math.sqrt(megapixels * 1e6 * 1.5));
  const bytes = await sharp(await readFile(PHOTO))
    .resize(width, Math.round(width / 1.5), { kernel: 'lanczos3' })
    .jpeg({ quality: 92 })
    .toBuffer();
  return new Uint8Array(bytes);
}

const abbreviate = (value: unknown): unknown =>
  typeof value === 'string' && value.startsWith('data:')
    ? `${value.slice(0, value.indexOf(',') + 1)}…(${value.length} chars)`
    : typeof value === 'string' && value.includes('/files/')
      ? `<file URL ${value.slice(value.lastIndexOf('/') + 1)}>`
      : value;

const ms = (from: number) => Math.round(performance.now() - from);
const timings: Record<string, string | number>[] = [];
const seams: Record<string, string | number>[] = [];
const bodies: Record<string, unknown> = {};

for (const megapixels of [2, 12]) {
  const input = await photoOf(megapixels);
  const { width, height } = await sharp(input).metadata();
  const canvas = computeCanvas(width, height, parseRatio('16:9'));
  for (const model of modelNames) {
    const family = modelFamilies[model];
    const fit = fitFor(family, canvas);
    let t = performance.now();
    const padded = await padForModel({ input, canvas, fit });
    const padMs = ms(t);
    t = performance.now();
    const uploads: string[] = [];
    const signal = AbortSignal.timeout(120_000);
    const sent = {
      image: await sendInput(api, padded.image, 'canvas.png', uploads, signal),
      mask:
        family.sends === 'canvas' && padded.mask
          ? await sendInput(api, padded.mask, 'mask.png', uploads, signal)
          : null,
    };
    const uploadMs = ms(t);
    const { request, model: byName } = buildCreateRequest(
      { model, modelVersion: null, maskInput: null, webhook: null },
      { width: fit.width, height: fit.height, placement: padded.placement },
      sent,
      'bench',
    );
    if (megapixels === 2) {
      bodies[model] = {
        route: byName ? `POST /v1/models/${byName}/predictions` : 'POST /v1/predictions',
        body: {
          ...request,
          input: Object.fromEntries(
            Object.entries(request.input).map(([k, v]) => [k, abbreviate(v)]),
          ),
        },
      };
    }
    t = performance.now();
    const created = await api.create(request, byName, signal);
    let remote = created;
    while (remote.status !== 'succeeded') remote = await api.get(created.id, signal);
    const remoteMs = ms(t);
    t = performance.now();
    for (const id of uploads) await api.deleteFile(id, signal);
    const deleteMs = ms(t);
    t = performance.now();
    const bytes = await fetchOutput(firstOutputUrl(remote.output)!, output, signal);
    const downloadMs = ms(t);
    // The fastest of three runs each (the machine is shared; the first run warms the JIT). The
    // seam's cost is the difference in the fill stage (scale, correct, paste) alone.
    const timedPaste = async (correctSeam: boolean) => {
      const runs = [];
      for (let run = 0; run < 3; run++) {
        const started = performance.now();
        const result = await pasteOriginal({
          input: padded.original,
          canvas,
          output: bytes,
          correctSeam,
        });
        runs.push({ result, ms: ms(started), fillMs: result.stages.fillMs });
      }
      return {
        result: runs[0]!.result,
        ms: Math.min(...runs.map((r) => r.ms)),
        fillMs: Math.min(...runs.map((r) => r.fillMs)),
      };
    };
    const { result: plain, ms: pasteMs, fillMs: plainFillMs } = await timedPaste(false);
    const { result: corrected, fillMs: correctedFillMs } = await timedPaste(true);
    const seamMs = correctedFillMs - plainFillMs;
    timings.push({
      photo: `${megapixels} MP`,
      model,
      'model size': `${fit.width}x${fit.height}`,
      'pad ms': padMs,
      'upload ms': uploadMs,
      uploads: uploads.length,
      'delete ms': deleteMs,
      'download ms': downloadMs,
      'decode+scale+paste+encode ms': pasteMs,
      'seam ms': seamMs,
      'added ms': padMs + uploadMs + deleteMs + downloadMs + pasteMs + seamMs,
      'fake remote ms': remoteMs,
    });
    if (megapixels === 2) {
      const rect = {
        x: canvas.offsetX,
        y: canvas.offsetY,
        width: canvas.imageWidth,
        height: canvas.imageHeight,
      };
      const stepOf = async (png: Uint8Array) => {
        const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
        return borderSteps(
          { data, width: info.width, height: info.height, channels: info.channels },
          rect,
        );
      };
      const without = await stepOf(plain.png);
      const withCorrection = await stepOf(corrected.png);
      seams.push({
        model,
        'own step': without.own.toFixed(2),
        'step without': without.across.toFixed(2),
        'ratio without': (without.across / without.own).toFixed(2),
        'step with': withCorrection.across.toFixed(2),
        'ratio with': (withCorrection.across / withCorrection.own).toFixed(2),
        'drift without': without.drift.toFixed(2),
        'drift with': withCorrection.drift.toFixed(2),
      });
    }
  }
}

console.table(timings);
console.log('Border step on coffee.jpg (2 MP to 16:9), target: ratio with <= 1.3');
console.table(seams);
console.log('Request bodies for the 2 MP photo to 16:9:');
console.log(JSON.stringify(bodies, null, 2));
await fake.close();
