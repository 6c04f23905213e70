/**
 * `npm run bench:graph-cut`: speed of the graph-cut labelling and the gradient-domain blend on
 * shift-map-like problems built from a fixture photo. Each size runs a few times after a
 * warm-up; the table gives the median CPU time of one run.
 *
 * Labelling: the photo sits at the left of a wider canvas; each new pixel chooses one of N
 * shifted copies of the photo (horizontal shifts with a little vertical jitter); a copy is
 * forbidden where it would read outside the photo; the pair cost is the squared colour
 * difference between the two copies at both pixels (shift-map editing).
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { fixtureImage } from '@reframe/fixtures';
import type { GridLabelling } from '../src/fill/alpha-expansion';
import { expandLabels, labellingEnergy } from '../src/fill/alpha-expansion';

const FIXTURE = fixtureImage('coffee.png');
const RUNS = 5;

interface Photo {
  width: number;
  height: number;
  /** RGB, 0–255. */
  data: Float32Array;
}

async function loadPhoto(width: number, height: number): Promise<Photo> {
  const data = await sharp(await readFile(FIXTURE))
    .resize(width, height, { fit: 'cover' })
    .removeAlpha()
    .raw()
    .toBuffer();
  return { width, height, data: Float32Array.from(data) };
}

/** The photo at the left of a canvas `added` columns wider; labels are shifted copies. */
function shiftMapProblem(
  photo: Photo,
  added: number,
  labelCount: number,
): { problem: GridLabelling; initial: Int32Array } {
  const { width: w, height: h, data } = photo;
  const width = w + added;
  const size = width * h;
  const shiftX = Array.from(
    { length: labelCount },
    (_, l) => -added - Math.floor((l * (w - added)) / labelCount),
  );
  const shiftY = Array.from({ length: labelCount }, (_, l) => ((l * 7) % 9) - 4);
  /** source[i * labelCount + l]: photo pixel that copy l puts at canvas pixel i (clamped). */
  const source = new Int32Array(size * labelCount);
  /** One row per free pixel (the added columns), in raster order. */
  const unary = new Float32Array(added * h * labelCount);
  const free = new Uint8Array(size);
  for (let y = 0; y < h; y++) {
    for (let x = w; x < width; x++) {
      const i = y * width + x;
      free[i] = 1;
      for (let l = 0; l < labelCount; l++) {
        const sx = x + shiftX[l]!;
        const sy = y + shiftY[l]!;
        const inside = sx >= 0 && sx < w && sy >= 0 && sy < h;
        const cx = Math.min(w - 1, Math.max(0, sx));
        const cy = Math.min(h - 1, Math.max(0, sy));
        source[i * labelCount + l] = cy * w + cx;
        // Next to the photo, a copy pays for how badly it continues the photo's last column.
        const left = (cy * w + Math.max(0, cx - 1)) * 3;
        const edge = x === w ? colourDistance(data, left, (y * w + w - 1) * 3) : 0;
        unary[(y * added + x - w) * labelCount + l] = inside ? edge : Infinity;
      }
    }
  }
  const problem: GridLabelling = {
    width,
    height: h,
    labelCount,
    free,
    unary,
    pairwise: (p, q, a, b) =>
      colourDistance(data, source[p * labelCount + a]! * 3, source[p * labelCount + b]! * 3) +
      colourDistance(data, source[q * labelCount + a]! * 3, source[q * labelCount + b]! * 3),
  };
  const initial = new Int32Array(size);
  for (let i = 0, row = 0; i < size; i++) {
    if (free[i] === 0) continue;
    let l = 0;
    while (unary[row + l] === Infinity) l++;
    initial[i] = l;
    row += labelCount;
  }
  return { problem, initial };
}

function colourDistance(data: Float32Array, a: number, b: number): number {
  const r = data[a]! - data[b]!;
  const g = data[a + 1]! - data[b + 1]!;
  const bl = data[a + 2]! - data[b + 2]!;
  return r * r + g * g + bl * bl;
}

/**
 * Median CPU time (user + system) of a run, after a warm-up. CPU time rather than wall time: the
 * bench machine is shared, and busy neighbours would otherwise count against us.
 */
function time(run: () => void): number {
  run();
  const samples: number[] = [];
  for (let k = 0; k < RUNS; k++) {
    const started = process.cpuUsage();
    run();
    const used = process.cpuUsage(started);
    samples.push((used.user + used.system) / 1000);
  }
  return samples.sort((a, b) => a - b)[RUNS >> 1]!;
}

async function labellingBench(): Promise<string[]> {
  const cases = [
    { photoWidth: 300, height: 100, added: 150, labels: 16, sweeps: 2 },
    { photoWidth: 400, height: 200, added: 200, labels: 24, sweeps: 2 },
    { photoWidth: 800, height: 400, added: 400, labels: 24, sweeps: 2 },
  ];
  const rows: string[] = [];
  for (const c of cases) {
    const { problem, initial } = shiftMapProblem(
      await loadPhoto(c.photoWidth, c.height),
      c.added,
      c.labels,
    );
    let energy = 0;
    const ms = time(() => {
      energy = expandLabels(problem, initial, { sweeps: c.sweeps }).energy;
    });
    const start = labellingEnergy(problem, initial);
    rows.push(
      `| alpha-expansion | ${c.added * c.height} px × ${c.labels} labels, ${c.sweeps} sweeps | ${ms.toFixed(1)} | energy ${start.toExponential(2)} → ${energy.toExponential(2)} |`,
    );
  }
  return rows;
}

const rows = [...(await labellingBench())];
console.log('| step | size | median CPU ms | notes |');
console.log('| --- | --- | ---: | --- |');
for (const row of rows) console.log(row);
