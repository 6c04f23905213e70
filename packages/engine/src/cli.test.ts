import { execFile } from 'node:child_process';
import { mkdtemp, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { discsOverGravel } from '../test/support/synthetic-raster';
import { fixture } from '../test/support/test-images';

const run = promisify(execFile);
// What `npm run outpaint` runs: the compiled CLI, built first when it is missing or stale.
const RUN = fileURLToPath(new URL('../../../scripts/run.mjs', import.meta.url));
const BUILT_FROM = fileURLToPath(new URL('../dist/cli/inputs.json', import.meta.url));
const SOURCE = fileURLToPath(new URL('./cli.ts', import.meta.url));

async function outpaintCli(
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [RUN, 'outpaint', ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

// Each test starts the CLI up to five times, each a Node process of its own: more than the unit
// tier's 30 s when the machine is busy.
describe('outpaint CLI', { timeout: 90_000 }, () => {
  it('writes the PNG and prints one JSON line', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'outpaint-'));
    await writeFile(join(dir, 'in.jpg'), await fixture('rocket.jpg', 96, 'jpeg'));
    const out = join(dir, 'out.png');
    const result = await outpaintCli([
      join(dir, 'in.jpg'),
      '-o',
      out,
      '--ratio',
      '1:1',
      '--seed',
      '4',
    ]);
    expect(result.code).toBe(0);
    const line = JSON.parse(result.stdout) as { width: number; height: number; ms: number };
    // 96x64 to 1:1 is 96x96, then both paddings are under 50 px, so x1.3.
    expect([line.width, line.height]).toEqual([125, 125]);
    expect((await readFile(out)).subarray(1, 4).toString()).toBe('PNG');
  });

  it('places the original by --align and prints where it went', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'outpaint-'));
    const scene = discsOverGravel();
    await writeFile(
      join(dir, 'in.png'),
      await sharp(scene.data, { raw: { width: 120, height: 60, channels: 3 } })
        .png()
        .toBuffer(),
    );
    const args = [join(dir, 'in.png'), '-o', join(dir, 'out.png'), '--ratio', '1:1'];
    const offsetOf = async (extra: string[]): Promise<number[]> => {
      const result = await outpaintCli([...args, ...extra]);
      expect(result.code).toBe(0);
      const line = JSON.parse(result.stdout) as { offset: number[]; confidence: number };
      expect(line.confidence).toBeGreaterThanOrEqual(0);
      expect(line.confidence).toBeLessThanOrEqual(1);
      return line.offset;
    };
    // 120x60 to 1:1 is 120x120; the discs cut by the top edge send the original to the top.
    expect(await offsetOf([])).toEqual([0, 0]);
    expect(await offsetOf(['--align', 'auto'])).toEqual([0, 0]);
    expect(await offsetOf(['--align', 'centre'])).toEqual([0, 30]);
    expect(await offsetOf(['--align', 'bottom'])).toEqual([0, 60]);
    const bad = await outpaintCli([...args, '--align', 'middle']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.split('\n')[0]).toMatch(/^outpaint: --align "middle"/);
  });

  it('trims with --max-trim and prints the crop beside the offset', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'outpaint-'));
    await writeFile(join(dir, 'in.jpg'), await fixture('rocket.jpg', 120, 'jpeg'));
    const args = [join(dir, 'in.jpg'), '-o', join(dir, 'out.png'), '--ratio', '9:16'];
    type Line = { width: number; height: number; offset: number[]; crop: number[] };
    const whole = await outpaintCli(args);
    expect(whole.code).toBe(0);
    // 120x80: without a trim the crop is the whole photo.
    expect((JSON.parse(whole.stdout) as Line).crop).toEqual([0, 0, 120, 80]);
    const trimmed = await outpaintCli([...args, '--max-trim', '0.25']);
    expect(trimmed.code).toBe(0);
    const line = JSON.parse(trimmed.stdout) as Line;
    const [x, y, width, height] = line.crop;
    expect([y, height]).toEqual([0, 80]);
    expect(width).toBeLessThan(120);
    expect(x! + width!).toBeLessThanOrEqual(120);
    expect(line.width).toBe(width);
    expect(line.offset).toHaveLength(2);
    const bad = await outpaintCli([...args, '--max-trim', '0.7']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.split('\n')[0]).toMatch(/^outpaint: --max-trim "0.7"/);
  });

  it('makes a blurred backdrop with --style, always confident', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'outpaint-'));
    await writeFile(join(dir, 'in.jpg'), await fixture('rocket.jpg', 120, 'jpeg'));
    const args = [join(dir, 'in.jpg'), '-o', join(dir, 'out.png'), '--ratio', '9:16'];
    const result = await outpaintCli([...args, '--style', 'blurred_backdrop']);
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as { confidence: number }).confidence).toBe(1);
    const bad = await outpaintCli([...args, '--style', 'smudge']);
    expect(bad.code).toBe(2);
  });

  it('reuses the compiled CLI until one of its sources changes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'outpaint-'));
    await writeFile(join(dir, 'in.png'), await fixture('rocket.jpg', 16, 'png'));
    const args = [join(dir, 'in.png'), '-o', join(dir, 'out.png'), '--ratio', '1:1'];
    const builtAt = async (): Promise<number> => (await stat(BUILT_FROM)).mtimeMs;

    expect((await outpaintCli(args)).code).toBe(0);
    const first = await builtAt();
    expect((await outpaintCli(args)).code).toBe(0);
    expect(await builtAt()).toBe(first);

    const { atime, mtime } = await stat(SOURCE);
    try {
      await utimes(SOURCE, new Date(), new Date());
      expect((await outpaintCli(args)).code).toBe(0);
      const second = await builtAt();
      expect(second).toBeGreaterThan(first);
      expect((await outpaintCli(args)).code).toBe(0);
      expect(await builtAt()).toBe(second);
    } finally {
      await utimes(SOURCE, atime, mtime);
    }
  });

  it('exits non-zero with a one-line reason for bad arguments or input', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'outpaint-'));
    await writeFile(join(dir, 'notes.txt'), 'not an image');
    const bad = [
      [join(dir, 'notes.txt'), '-o', join(dir, 'x.png'), '--ratio', '1:1'],
      [join(dir, 'missing.png'), '-o', join(dir, 'x.png'), '--ratio', '1:1'],
      [join(dir, 'notes.txt'), '--ratio', '1:1'],
      [join(dir, 'notes.txt'), '-o', join(dir, 'x.png'), '--canvas', 'big'],
    ];
    for (const args of bad) {
      const result = await outpaintCli(args);
      expect(result.code).not.toBe(0);
      expect(result.stderr.split('\n')[0]).toMatch(/^outpaint: \S/);
    }
  });
});
