import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { signWebhook } from '../../src/platform/http/standard-webhooks';
import {
  driftedOutput,
  fakeModels,
  invalidFields,
  invalidImages,
  SD_INPAINTING_VERSION,
  type InvalidField,
} from './fake-replicate-models';

/**
 * A local stand-in for Replicate speaking its documented HTTP API
 * (https://replicate.com/docs/reference/http): create (by version, or an official model by name
 * at /v1/models/{owner}/{name}/predictions), get and cancel a prediction, the files API (upload
 * multipart, delete), a 422 for a named model's input outside its schema
 * (fake-replicate-models.ts), the 429
 * throttle body, signed webhooks, and output files served over https (a self-signed certificate
 * for 127.0.0.1 and localhost, trusted through REPLICATE_CA_FILE). The app under test talks to
 * it through its production code; only REPLICATE_BASE_URL and the output host differ.
 *
 * Each create takes the next planned scenario (`plan`), else `succeed`: starting, processing at
 * the first poll, succeeded at the second with an output made from the sent canvas: for a named
 * model, the canvas drifted as a diffusion model leaves it (8 levels brighter, slightly blurred);
 * for a bare version, half its size and tinted all over, subject included, so a test can tell
 * the original was pasted back.
 */
export type Scenario =
  | 'succeed'
  /** Succeeded already in the create response (and its webhook sent before that response). */
  | 'instant'
  | 'throttle-then-succeed'
  | 'error-500-3x'
  | 'error-500-always'
  | 'failed'
  | 'stall'
  | 'html-output'
  | 'bomb-output'
  | 'oversize-output'
  | 'foreign-host-output'
  | 'foreign-redirect-output';

export interface FakePrediction {
  id: string;
  scenario: Scenario;
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  input: Record<string, unknown>;
  version: string;
  /** The named model's schema it was checked against; null for a bare version. */
  model: string | null;
  /** The decoded image it was sent (a data URL's or an uploaded file's bytes). */
  image: Buffer | null;
  webhook: string | undefined;
  polls: number;
  output: string | null;
  error: string | null;
}

export interface ReceivedCall {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
  authorized: boolean;
}

const FAKE_REPLICATE_CA = readFileSync(
  new URL('./fake-replicate-tls/cert.pem', import.meta.url),
  'utf8',
);
export const FAKE_REPLICATE_CA_FILE = new URL('./fake-replicate-tls/cert.pem', import.meta.url)
  .pathname;
const KEY = readFileSync(new URL('./fake-replicate-tls/key.pem', import.meta.url), 'utf8');

const THROTTLE_BODY = {
  title: 'Request was throttled',
  detail: 'Request was throttled. Expected available in 1 second.',
  status: 429,
};

export interface FakeReplicate {
  /** REPLICATE_BASE_URL */
  baseUrl: string;
  /** The allowed output host, and one that serves the same files but is not on the allowlist. */
  outputHost: string;
  calls: ReceivedCall[];
  predictions: Map<string, FakePrediction>;
  /** Uploaded input files by id, and the ids deleted since. */
  files: Map<string, { bytes: Buffer; type: string }>;
  deletedFiles: Set<string>;
  plan(...scenarios: Scenario[]): void;
  /** Forgets planned scenarios (`error-500-always` lasts until then) and received calls. */
  reset(): void;
  /** Settles a stalled prediction as succeeded, as if the model had finished. */
  finish(id: string): Promise<void>;
  /** A webhook for the prediction as Replicate sends it: the path to post to, headers, body. */
  signedWebhook(
    id: string,
    options?: { webhookId?: string; timestamp?: number; secret?: string },
  ): { path: string; headers: Record<string, string>; body: string };
  /** Runs before a create's response is sent (a webhook that overtakes the response). */
  beforeCreateResponse: ((prediction: FakePrediction) => Promise<void>) | undefined;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A multipart upload's `content` part, read as Replicate's files API reads it. */
async function readUpload(request: IncomingMessage, raw: Buffer) {
  const form = await new Request('http://fake/', {
    method: 'POST',
    headers: { 'content-type': request.headers['content-type'] ?? '' },
    body: new Uint8Array(raw),
  }).formData();
  const content = form.get('content');
  if (!(content instanceof Blob)) return null;
  return {
    bytes: Buffer.from(await content.arrayBuffer()),
    type: content.type,
    name: content instanceof File ? content.name : 'file',
  };
}

const validationFailed = (problems: InvalidField[]) => ({
  title: 'Input validation failed',
  detail: problems.map((p) => `- ${p.field}: ${p.description}`).join('\n'),
  status: 422,
  invalid_fields: problems,
});

/** The model's "output": the sent canvas at half size, tinted all over. */
async function generate(image: Buffer | null): Promise<Buffer> {
  const bytes = image ?? Buffer.alloc(0);
  const meta = await sharp(bytes).metadata();
  return sharp(bytes)
    .resize(
      Math.max(1, Math.round((meta.width ?? 2) / 2)),
      Math.max(1, Math.round((meta.height ?? 2) / 2)),
    )
    .tint({ r: 255, g: 64, b: 160 })
    .png()
    .toBuffer();
}

async function outputFor(p: FakePrediction): Promise<{ body: Buffer; type: string }> {
  if (p.model && p.image && p.scenario === 'succeed') {
    return { body: await driftedOutput(p.input, p.image), type: 'image/png' };
  }
  if (p.scenario === 'html-output') {
    return { body: Buffer.from('<!doctype html><title>Log in</title>'), type: 'text/html' };
  }
  if (p.scenario === 'bomb-output') return { body: await bomb(), type: 'image/png' };
  if (p.scenario === 'oversize-output') {
    return { body: Buffer.alloc(3 * 1024 * 1024, 7), type: 'image/png' };
  }
  return { body: await generate(p.image), type: 'image/png' };
}

/** A PNG whose header claims 20000 x 20000 pixels (400 MP) in a few hundred bytes. */
async function bomb(): Promise<Buffer> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
    .png()
    .toBuffer();
  png.writeUInt32BE(20_000, 16);
  png.writeUInt32BE(20_000, 20);
  return png;
}

export async function startFakeReplicate(options: {
  token: string;
  webhookSecret?: string;
  /** Post webhooks to the URL a create names (the e2e server listens; integration tests inject). */
  deliverWebhooks?: boolean;
  apiPort?: number;
  outputPort?: number;
}): Promise<FakeReplicate> {
  const calls: ReceivedCall[] = [];
  const predictions = new Map<string, FakePrediction>();
  const uploads = new Map<string, { bytes: Buffer; type: string }>();
  const deletedFiles = new Set<string>();
  const outputs = new Map<string, { body: Buffer; type: string }>();
  const planned: Scenario[] = [];
  const failuresLeft = new Map<Scenario, number>();
  let outputOrigin = '';
  let foreignOrigin = '';

  const fake: FakeReplicate = {
    baseUrl: '',
    outputHost: '127.0.0.1',
    calls,
    predictions,
    files: uploads,
    deletedFiles,
    plan: (...scenarios) => void planned.push(...scenarios),
    reset() {
      planned.length = 0;
      failuresLeft.clear();
      calls.length = 0;
      fake.beforeCreateResponse = undefined;
    },
    finish: (id) => settleSucceeded(predictions.get(id)!),
    signedWebhook(id, o = {}) {
      const prediction = predictions.get(id)!;
      const body = JSON.stringify(view(prediction));
      const webhookId = o.webhookId ?? `msg_${randomBytes(8).toString('hex')}`;
      const timestamp = o.timestamp ?? Math.floor(Date.now() / 1000);
      const secret = o.secret ?? options.webhookSecret ?? '';
      const url = new URL(prediction.webhook ?? 'http://invalid/');
      return {
        path: `${url.pathname}${url.search}`,
        headers: {
          'content-type': 'application/json',
          'webhook-id': webhookId,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signWebhook(secret, webhookId, timestamp, body),
        },
        body,
      };
    },
    beforeCreateResponse: undefined,
    close: async () => {
      await Promise.all([closeServer(api), closeServer(files)]);
    },
  };

  const view = (p: FakePrediction) => ({
    id: p.id,
    version: p.version,
    status: p.status,
    input: p.input,
    output: p.output,
    error: p.error,
    logs: '',
    ...(p.status === 'succeeded' || p.status === 'failed'
      ? { metrics: { predict_time: 2.5 } }
      : {}),
    urls: {
      get: `${fake.baseUrl}/predictions/${p.id}`,
      cancel: `${fake.baseUrl}/predictions/${p.id}/cancel`,
    },
  });

  async function deliver(p: FakePrediction): Promise<void> {
    if (!options.deliverWebhooks || !p.webhook) return;
    const { headers, body } = fake.signedWebhook(p.id);
    await fetch(p.webhook, { method: 'POST', headers, body }).catch(() => undefined);
  }

  async function settleSucceeded(p: FakePrediction): Promise<void> {
    const name = `${p.id}.png`;
    outputs.set(name, await outputFor(p));
    const origin = p.scenario === 'foreign-host-output' ? foreignOrigin : outputOrigin;
    const path = p.scenario === 'foreign-redirect-output' ? `/redirect/${name}` : `/files/${name}`;
    p.status = 'succeeded';
    p.output = `${origin}${path}`;
    await deliver(p);
  }

  async function advance(p: FakePrediction): Promise<void> {
    p.polls += 1;
    if (p.status !== 'starting' && p.status !== 'processing') return;
    if (p.scenario === 'stall') {
      p.status = 'processing';
      return;
    }
    if (p.polls === 1) {
      p.status = 'processing';
      return;
    }
    if (p.scenario === 'failed') {
      p.status = 'failed';
      p.error = 'CUDA out of memory.';
      await deliver(p);
      return;
    }
    await settleSucceeded(p);
  }

  const api: Server = createHttpServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const raw = request.method === 'POST' ? await readBody(request) : Buffer.alloc(0);
      const multipart = request.headers['content-type']?.startsWith('multipart/form-data');
      const upload = multipart ? await readUpload(request, raw) : null;
      const body =
        raw.length === 0
          ? undefined
          : upload
            ? { content: { name: upload.name, type: upload.type, size: upload.bytes.length } }
            : (JSON.parse(raw.toString('utf8')) as Record<string, unknown>);
      const authorized = request.headers.authorization === `Bearer ${options.token}`;
      calls.push({ method: request.method ?? '', path: url.pathname, body, authorized });
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(JSON.stringify(payload));
      };
      if (!authorized) {
        return send(401, {
          title: 'Unauthenticated',
          detail: 'You did not pass a valid authentication token',
          status: 401,
        });
      }
      const notFound = () => send(404, { title: 'Not found', detail: 'Not found', status: 404 });
      const file = /^\/v1\/files(?:\/([^/]+))?$/.exec(url.pathname);
      if (file) {
        const [, fileId] = file;
        if (request.method === 'POST' && !fileId) {
          if (!upload)
            return send(400, { title: 'Bad request', detail: 'content is required', status: 400 });
          const created = `file${randomBytes(8).toString('hex')}`;
          uploads.set(created, { bytes: upload.bytes, type: upload.type });
          return send(201, {
            id: created,
            name: upload.name,
            content_type: upload.type,
            size: upload.bytes.length,
            urls: { get: `${fake.baseUrl}/files/${created}` },
          });
        }
        if (request.method === 'DELETE' && fileId && uploads.has(fileId)) {
          uploads.delete(fileId);
          deletedFiles.add(fileId);
          response.writeHead(204);
          return response.end();
        }
        return notFound();
      }
      const named = /^\/v1\/models\/([^/]+)\/([^/]+)\/predictions$/.exec(url.pathname);
      const match = named
        ? [url.pathname, undefined, undefined]
        : /^\/v1\/predictions(?:\/([^/]+))?(\/cancel)?$/.exec(url.pathname);
      if (!match) return notFound();
      const [, id, cancel] = match;
      if (request.method === 'POST' && !id) {
        const version = typeof body?.version === 'string' ? body.version : '';
        const model = named
          ? `${named[1]}/${named[2]}`
          : version === SD_INPAINTING_VERSION
            ? `stability-ai/stable-diffusion-inpainting:${version}`
            : null;
        const schema = model ? fakeModels[model] : undefined;
        if (model && !schema) return notFound();
        const input = (body?.input ?? {}) as Record<string, unknown>;
        const resolve = (value: unknown) => {
          if (typeof value !== 'string') return null;
          if (value.startsWith('data:')) {
            return Buffer.from(value.slice(value.indexOf(',') + 1), 'base64');
          }
          const uploaded = value.startsWith(`${fake.baseUrl}/files/`)
            ? uploads.get(value.slice(`${fake.baseUrl}/files/`.length))
            : undefined;
          return uploaded?.bytes ?? null;
        };
        const image = resolve(input.image);
        if (schema) {
          const problems = invalidFields(schema, input);
          if (problems.length > 0) return send(422, validationFailed(problems));
          const mask = input.mask === undefined ? null : resolve(input.mask);
          if (!image || (input.mask !== undefined && !mask)) {
            return send(
              422,
              validationFailed([
                { type: 'value', field: 'input.image', description: 'the file could not be read' },
              ]),
            );
          }
          const sizes = await invalidImages(schema, input, { image, mask });
          if (sizes.length > 0) return send(422, validationFailed(sizes));
        }
        const scenario = planned[0] ?? 'succeed';
        const failing = {
          'throttle-then-succeed': 1,
          'error-500-3x': 3,
          'error-500-always': Infinity,
        }[scenario as string];
        if (failing !== undefined) {
          const left = failuresLeft.get(scenario) ?? failing;
          if (left > 0) {
            failuresLeft.set(scenario, left - 1);
            return scenario === 'throttle-then-succeed'
              ? send(429, THROTTLE_BODY, { 'retry-after': '1' })
              : send(500, {
                  title: 'Internal server error',
                  detail: 'Something went wrong',
                  status: 500,
                });
          }
          failuresLeft.delete(scenario);
        }
        planned.shift();
        const prediction: FakePrediction = {
          id: `fake${randomBytes(10).toString('hex')}`,
          scenario,
          status: 'starting',
          input,
          version,
          model,
          image,
          webhook: typeof body?.webhook === 'string' ? body.webhook : undefined,
          polls: 0,
          output: null,
          error: null,
        };
        predictions.set(prediction.id, prediction);
        if (scenario === 'instant') await settleSucceeded(prediction);
        await fake.beforeCreateResponse?.(prediction);
        return send(201, view(prediction));
      }
      const prediction = id ? predictions.get(id) : undefined;
      if (!prediction)
        return send(404, { title: 'Not found', detail: 'Prediction not found', status: 404 });
      if (request.method === 'POST' && cancel) {
        if (prediction.status === 'starting' || prediction.status === 'processing') {
          prediction.status = 'canceled';
        }
        return send(200, view(prediction));
      }
      if (request.method === 'GET' && !cancel) {
        await advance(prediction);
        return send(200, view(prediction));
      }
      return send(405, { title: 'Method not allowed', detail: 'Method not allowed', status: 405 });
    })();
  });

  const files: Server = createHttpsServer(
    { cert: FAKE_REPLICATE_CA, key: KEY },
    (request, response) => {
      const url = new URL(request.url ?? '/', 'https://fake');
      const redirect = /^\/redirect\/(.+)$/.exec(url.pathname);
      if (redirect) {
        response.writeHead(302, { location: `${foreignOrigin}/files/${redirect[1]}` });
        return response.end();
      }
      const file = outputs.get(url.pathname.replace(/^\/files\//, ''));
      if (!file) {
        response.writeHead(404);
        return response.end();
      }
      // No content-length: the byte cap must hold on a streamed body too.
      response.writeHead(200, { 'content-type': file.type });
      response.end(file.body);
    },
  );

  await listen(api, options.apiPort ?? 0);
  await listen(files, options.outputPort ?? 0);
  const filesPort = (files.address() as AddressInfo).port;
  fake.baseUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}/v1`;
  outputOrigin = `https://127.0.0.1:${filesPort}`;
  foreignOrigin = `https://localhost:${filesPort}`;
  return fake;
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve, reject) =>
    server.close((error) => (error ? reject(error) : resolve())),
  );
}
