import { afterEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { checkUpload } from '../codecs/upload';
import { EngineInputError } from '../errors';
import { discsOverGravel } from '../../test/support/synthetic-raster';
import { fixture } from '../../test/support/test-images';
import type { EnginePool } from './pool';
import { createEnginePool } from './pool';

let pool: EnginePool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

const smallJob = async () => ({
  input: await fixture('coffee.png', 90),
  canvas: { width: 120, height: 90, offsetX: 15, offsetY: 15 },
  seed: 5,
});

describe('createEnginePool', () => {
  it('runs a job in a worker thread and returns the files stored: lossless WebP and thumbnails', async () => {
    pool = createEnginePool({ size: 1 });
    const result = await pool.outpaint(await smallJob());
    expect([result.width, result.height]).toEqual([120, 90]);
    const stored = await sharp(result.files.webp).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['webp', 120, 90]);
    const thumb = await sharp(result.files.thumbnails.thumb).metadata();
    expect([thumb.format, thumb.width]).toEqual(['webp', 120]);
  });

  it('carries the placement in and the chosen offset and confidence out', async () => {
    pool = createEnginePool({ size: 1 });
    const scene = discsOverGravel();
    const input = new Uint8Array(
      await sharp(scene.data, { raw: { width: 120, height: 60, channels: 3 } })
        .png()
        .toBuffer(),
    );
    const canvas = { width: 120, height: 120, offsetX: 0, offsetY: 30 };
    const auto = await pool.outpaint({ input, canvas, seed: 1, placement: 'auto' });
    expect([auto.offsetX, auto.offsetY]).toEqual([0, 0]);
    expect(auto.confidence).toBeGreaterThanOrEqual(0);
    expect(auto.confidence).toBeLessThanOrEqual(1);
    const fixed = await pool.outpaint({ input, canvas, seed: 1, placement: 'fixed' });
    expect([fixed.offsetX, fixed.offsetY]).toEqual([0, 30]);
  });

  it('carries the trim and the style in and the crop out', async () => {
    pool = createEnginePool({ size: 1 });
    const input = await fixture('coffee.png', 160);
    // 160x107 made 9:16: the width may be trimmed, onto the smallest canvas that holds the rest.
    const canvas = { width: 192, height: 341, offsetX: 16, offsetY: 117 };
    const trimmed = await pool.outpaint({ input, canvas, seed: 1, maxTrim: 0.25 });
    expect(trimmed.crop.width).toBeLessThan(160);
    expect(trimmed.width).toBe(trimmed.crop.width);
    const backdrop = await pool.outpaint({ input, canvas, seed: 1, style: 'blurred_backdrop' });
    expect(backdrop.confidence).toBe(1);
    expect(backdrop.crop).toEqual({ x: 0, y: 0, width: 160, height: 107 });
  });

  it('survives a job that throws, passing the typed error across', async () => {
    pool = createEnginePool({ size: 1 });
    const png = await fixture('coffee.png', 200);
    const truncated = {
      input: png.subarray(0, 400),
      canvas: { width: 300, height: 200, offsetX: 50, offsetY: 34 },
      seed: 1,
    };
    const error = await pool.outpaint(truncated).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineInputError);
    expect(error).toMatchObject({ code: 'TRUNCATED' });
    expect((await pool.outpaint(await smallJob())).width).toBe(120);
  });

  it('prepares an upload on a worker, and passes its refusal across', async () => {
    pool = createEnginePool({ size: 1 });
    const jpeg = await fixture('rocket.jpg', 80, 'jpeg');
    const prepared = await pool.prepareUpload(jpeg, { checked: checkUpload(jpeg) });
    expect([prepared.storedFormat, prepared.width]).toEqual(['jpeg', 80]);
    expect([...prepared.stored.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const png = await fixture('coffee.png', 200);
    // The header checks ran on the whole file; the worker decodes what it is handed.
    const error = await pool
      .prepareUpload(png.subarray(0, 400), { checked: checkUpload(png) })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'EngineInputError', code: 'TRUNCATED' });
  });

  it('stores a result compact on a worker, with thumbnails, and gives back a PNG of its pixels', async () => {
    pool = createEnginePool({ size: 1 });
    const png = await fixture('coffee.png', 300);
    const compact = await pool.compactResult(png);
    expect((await sharp(compact.webp).metadata()).format).toBe('webp');
    expect((await sharp(compact.thumbnails.thumb).metadata()).width).toBe(240);
    expect((await sharp(compact.thumbnails.preview).metadata()).width).toBe(300);
    const back = await pool.convertToPng(compact.webp);
    expect([...back.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    const [a, b] = await Promise.all([png, back].map((bytes) => sharp(bytes).raw().toBuffer()));
    expect(a!.equals(b!)).toBe(true);
  });

  it('runs small jobs on the free worker while a large one holds the other', async () => {
    pool = createEnginePool({ size: 2 });
    // Large enough to take many times the three small jobs, even on a loaded machine.
    const large = {
      input: await fixture('rocket.jpg', 640, 'jpeg'),
      canvas: { width: 2600, height: 2600, offsetX: 980, offsetY: 1087 },
      seed: 1,
    };
    const small = await smallJob();
    // Both workers started and warm, so no small job waits for a worker to boot.
    await Promise.all([pool.outpaint(small), pool.outpaint(small)]);
    // The large job runs until the test cancels it, so it holds its worker throughout: the
    // small ones can only be done by the other.
    const cancel = new AbortController();
    let largeSettled = false;
    const running = pool.outpaint(large, { signal: cancel.signal }).finally(() => {
      largeSettled = true;
    });
    const smalls = await Promise.all([
      pool.outpaint(small),
      pool.outpaint(small),
      pool.outpaint(small),
    ]);
    expect(smalls.map((result) => result.width)).toEqual([120, 120, 120]);
    expect(largeSettled).toBe(false);
    cancel.abort();
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
  }, 120_000);

  it('cancels a running job by terminating its worker, then keeps serving', async () => {
    pool = createEnginePool({ size: 1 });
    const big = {
      input: await fixture('rocket.jpg', 640, 'jpeg'),
      canvas: { width: 1400, height: 1400, offsetX: 380, offsetY: 487 },
      seed: 1,
    };
    const controller = new AbortController();
    // An idle pool hands a job to a worker as it is submitted, so this aborts a running job.
    const running = pool.outpaint(big, { signal: controller.signal });
    controller.abort();
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    expect((await pool.outpaint(await smallJob())).width).toBe(120);
  });

  it('refuses a job whose memory estimate is over the bound', async () => {
    pool = createEnginePool({ size: 1, maxJobMemoryMb: 150 });
    const job = await smallJob();
    await expect(
      pool.outpaint({ ...job, canvas: { ...job.canvas, width: 8000, height: 8000 } }),
    ).rejects.toMatchObject({
      code: 'JOB_TOO_LARGE',
    });
  });

  it('rejects queued jobs when closed', async () => {
    pool = createEnginePool({ size: 1 });
    const job = await smallJob();
    const first = pool.outpaint(job);
    const second = pool.outpaint(job);
    const settled = Promise.allSettled([first, second]);
    await pool.close();
    const outcomes = await settled;
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(String(outcome.reason)).toContain('closed');
    }
  });
});
