import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { errorMessages, type HistoryPage } from '@reframe/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { borderSteps } from '@reframe/engine';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { startFakeReplicate, type FakeReplicate } from '../helpers/fake-replicate-server';
import {
  expectRefunded,
  expectSucceeded,
  replicateEnv,
  startRun,
  TOKEN,
} from './replicate-harness';

const PHOTOS = new URL('../../../../packages/engine/bench/photos/', import.meta.url);

async function benchPhoto(name: string, width: number): Promise<Uint8Array> {
  const bytes = await readFile(new URL(name, PHOTOS));
  return new Uint8Array(await sharp(bytes).resize(width).jpeg({ quality: 95 }).toBuffer());
}

/** The fields each model is sent, as its Replicate page names them. */
const families = [
  {
    model: 'black-forest-labs/flux-fill-pro',
    path: '/v1/models/black-forest-labs/flux-fill-pro/predictions',
    fields: [
      'guidance',
      'image',
      'mask',
      'output_format',
      'prompt',
      'prompt_upsampling',
      'safety_tolerance',
      'seed',
      'steps',
    ],
  },
  {
    model: 'black-forest-labs/flux-fill-dev',
    path: '/v1/models/black-forest-labs/flux-fill-dev/predictions',
    fields: [
      'guidance',
      'image',
      'mask',
      'megapixels',
      'num_inference_steps',
      'num_outputs',
      'output_format',
      'prompt',
      'seed',
    ],
  },
  {
    model: 'bria/expand-image',
    path: '/v1/models/bria/expand-image/predictions',
    fields: [
      'canvas_size',
      'image',
      'negative_prompt',
      'original_image_location',
      'original_image_size',
      'prompt',
      'seed',
    ],
  },
  {
    model: 'stability-ai/stable-diffusion-inpainting',
    path: '/v1/predictions',
    fields: [
      'guidance_scale',
      'height',
      'image',
      'mask',
      'num_inference_steps',
      'prompt',
      'seed',
      'width',
    ],
  },
] as const;

describe.each(families)(
  'REPLICATE_MODEL=$model against the fake Replicate',
  ({ model, path, fields }) => {
    let fake: FakeReplicate;
    let t: TestApp;

    beforeAll(async () => {
      fake = await startFakeReplicate({ token: TOKEN });
      t = await createTestApp({
        env: replicateEnv(fake, { REPLICATE_MODEL: model, REPLICATE_MODEL_VERSION: '' }),
        jobTimeoutMs: 20_000,
      });
    });
    afterAll(async () => {
      await t.close();
      await fake.close();
    });
    beforeEach(() => fake.reset());

    it('sends the fields its schema documents, keeps the original bit for bit, and leaves no seam', async () => {
      const run = await startRun(t, '16:9', await benchPhoto('chelsea.jpg', 240));
      const { done, result, canvas } = await expectSucceeded(t, run, {
        provider: 'replicate',
        fallback: false,
      });
      const creates = fake.calls.filter((c) => c.method === 'POST' && c.path === path);
      expect(creates).toHaveLength(1);
      const input = creates[0]!.body!.input as Record<string, unknown>;
      expect(Object.keys(input).sort()).toEqual([...fields]);
      // The fake accepted it (a 422 would have failed the run) and returned a drifted canvas.
      const remote = fake.predictions.get((await remoteOf(t, done.id)).remote_id!)!;
      expect(remote.model).toMatch(new RegExp(`^${model}`));
      const steps = borderSteps(
        { ...result, channels: 3 },
        {
          x: canvas.offsetX,
          y: canvas.offsetY,
          width: canvas.imageWidth,
          height: canvas.imageHeight,
        },
      );
      expect(steps.across).toBeLessThanOrEqual(1.3 * steps.own);
      expect((await remoteOf(t, done.id)).remote_predict_seconds).toBe(2.5);
      const history = await run.client.request('GET', '/api/history');
      expect(history.json<HistoryPage>().items[0]?.models).toEqual({ '16:9': model });
    });
  },
);

function remoteOf(t: TestApp, predictionId: string) {
  return t.database.db
    .selectFrom('prediction')
    .select(['remote_id', 'remote_predict_seconds'])
    .where('id', '=', predictionId)
    .executeTakeFirstOrThrow();
}

describe('large inputs and refused inputs (REPLICATE_MODEL=black-forest-labs/flux-fill-dev)', () => {
  let fake: FakeReplicate;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeReplicate({ token: TOKEN });
    t = await createTestApp({
      env: replicateEnv(fake, {
        REPLICATE_MODEL: 'black-forest-labs/flux-fill-dev',
        REPLICATE_MODEL_VERSION: '',
      }),
      jobTimeoutMs: 20_000,
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  it('uploads a canvas over 1 MB through the files API and deletes it when the prediction settles', async () => {
    // Noise does not compress: its canvas PNG is several megabytes.
    const noise = await sharp(randomBytes(700 * 520 * 3), {
      raw: { width: 700, height: 520, channels: 3 },
    })
      .png()
      .toBuffer();
    const run = await startRun(t, '16:9', new Uint8Array(noise));
    await expectSucceeded(t, run, { provider: 'replicate', fallback: false });
    const uploads = fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/files');
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.body).toMatchObject({ content: { name: 'canvas.png', type: 'image/png' } });
    expect((uploads[0]!.body!.content as { size: number }).size).toBeGreaterThan(1024 * 1024);
    const create = fake.calls.find((c) => c.path.endsWith('/flux-fill-dev/predictions'))!;
    const input = create.body!.input as { image: string; mask: string };
    expect(input.image).toMatch(new RegExp(`^${fake.baseUrl}/files/file[0-9a-f]+$`));
    expect(input.mask).toMatch(/^data:image\/png;base64,/);
    expect(fake.files.size).toBe(0);
    expect([...fake.deletedFiles]).toEqual([input.image.split('/').pop()]);
  });

  it('is refused with a 422, as Replicate refuses, for unknown fields, wrong types and out-of-range values', async () => {
    const post = (input: Record<string, unknown>) =>
      fetch(`${fake.baseUrl}/models/black-forest-labs/flux-fill-pro/predictions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          input: { image: 'data:image/png;base64,AAAA', prompt: 'x', ...input },
        }),
      });
    for (const [input, field] of [
      [{ guidance_scale: 8.5 }, 'input.guidance_scale'],
      [{ steps: '50' }, 'input.steps'],
      [{ guidance: 8.5 }, 'input.guidance'],
    ] as const) {
      const response = await post(input);
      expect(response.status).toBe(422);
      const body = (await response.json()) as { invalid_fields: { field: string }[] };
      expect(body.invalid_fields.map((f) => f.field)).toEqual([field]);
    }
  });
});

describe('a named model that stalls past our time-out', () => {
  let fake: FakeReplicate;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeReplicate({ token: TOKEN });
    t = await createTestApp({
      env: replicateEnv(fake, {
        REPLICATE_MODEL: 'bria/expand-image',
        REPLICATE_MODEL_VERSION: '',
      }),
      // Long enough that the job reaches the model on a busy machine before it runs out: the
      // time-out starts with the job, before the pad, the scale and the upload (issue 41).
      jobTimeoutMs: 15_000,
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('is canceled, refunded once, and its uploaded input deleted', async () => {
    fake.plan('stall');
    const noise = await sharp(randomBytes(640 * 480 * 3), {
      raw: { width: 640, height: 480, channels: 3 },
    })
      .png()
      .toBuffer();
    const run = await startRun(t, '16:9', new Uint8Array(noise));
    await expectRefunded(t, run, errorMessages.JOB_TIMED_OUT);
    const [prediction] = [...fake.predictions.values()];
    expect(prediction!.status).toBe('canceled');
    expect(fake.deletedFiles.size).toBe(1);
    expect(fake.files.size).toBe(0);
  });
});
