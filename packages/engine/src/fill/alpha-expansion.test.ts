import { describe, expect, it } from 'vitest';
import type { GridLabelling } from './alpha-expansion';
import { expandLabels, labellingEnergy } from './alpha-expansion';
import { createRng } from './rng';

/** A problem with a random cost per pair and label pair: far from a metric. */
function randomProblem(
  seed: number,
  width: number,
  height: number,
  labelCount: number,
  options: { forbidden: number; pairScale: number },
): GridLabelling {
  const rng = createRng(seed);
  const size = width * height;
  const unary = new Float32Array(size * labelCount);
  for (let i = 0; i < size; i++) {
    for (let l = 0; l < labelCount; l++) {
      // Label 0 is always allowed, so the all-zero labelling is feasible.
      unary[i * labelCount + l] = l > 0 && rng() < options.forbidden ? Infinity : rng() * 10;
    }
  }
  const table = new Float64Array(size * 2 * labelCount * labelCount);
  for (let k = 0; k < table.length; k++) table[k] = rng() * options.pairScale;
  return {
    width,
    height,
    labelCount,
    free: new Uint8Array(size).fill(1),
    unary,
    pairwise: (p, q, a, b) =>
      table[((p * 2 + (q === p + 1 ? 0 : 1)) * labelCount + a) * labelCount + b]!,
  };
}

/** Minimum energy over every labelling (small problems only). */
function bruteForce(problem: GridLabelling): number {
  const size = problem.width * problem.height;
  const labels = new Int32Array(size);
  let best = Infinity;
  for (;;) {
    best = Math.min(best, labellingEnergy(problem, labels));
    let i = 0;
    while (i < size && labels[i] === problem.labelCount - 1) labels[i++] = 0;
    if (i === size) return best;
    labels[i] = labels[i]! + 1;
  }
}

function pottsProblem(seed: number): GridLabelling {
  const rng = createRng(seed);
  const unary = new Float32Array(9 * 3);
  for (let k = 0; k < unary.length; k++) unary[k] = rng() * 10;
  const weight = 1 + rng() * 4;
  return {
    width: 3,
    height: 3,
    labelCount: 3,
    free: new Uint8Array(9).fill(1),
    unary,
    pairwise: () => weight,
  };
}

describe('expandLabels', () => {
  it('stays within twice the optimum on 3×3 Potts problems, and usually finds it', () => {
    let optimal = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const problem = pottsProblem(seed);
      const best = bruteForce(problem);
      const { labels, energy } = expandLabels(problem, new Int32Array(9), { sweeps: 4 });
      expect(energy).toBeCloseTo(labellingEnergy(problem, labels), 4);
      expect(energy).toBeLessThanOrEqual(2 * best + 1e-4);
      if (energy <= best + 1e-4) optimal++;
    }
    expect(optimal).toBeGreaterThanOrEqual(25);
  });

  it.each([
    ['every pixel joins a move', Infinity],
    ['only pixels that rise little join a move', 2],
  ])('never raises the energy, move after move, on non-metric pair costs (%s)', (_, maxRise) => {
    for (let seed = 1; seed <= 20; seed++) {
      const problem = randomProblem(seed, 7, 6, 5, { forbidden: 0.3, pairScale: 12 });
      let labels: Int32Array = new Int32Array(42);
      let energy = labellingEnergy(problem, labels);
      for (let move = 0; move < 15; move++) {
        const order = [(move * 3) % 5];
        const next = expandLabels(problem, labels, { sweeps: 1, order, maxRise });
        expect(next.energy).toBeLessThanOrEqual(energy + 1e-9);
        expect(next.energy).toBeCloseTo(labellingEnergy(problem, next.labels), 3);
        labels = next.labels;
        energy = next.energy;
      }
    }
  });

  it('lowers the energy of a poor start on non-metric costs and gets close to the optimum', () => {
    let closeToOptimal = 0;
    for (let seed = 1; seed <= 10; seed++) {
      const problem = randomProblem(seed, 3, 3, 3, { forbidden: 0, pairScale: 8 });
      const start = new Int32Array(9);
      const { energy } = expandLabels(problem, start, { sweeps: 5 });
      expect(energy).toBeLessThanOrEqual(labellingEnergy(problem, start));
      if (energy <= bruteForce(problem) * 1.1) closeToOptimal++;
    }
    expect(closeToOptimal).toBeGreaterThanOrEqual(7);
  });

  it('never chooses a forbidden label, and leaves pixels outside the problem alone', () => {
    const full = randomProblem(9, 12, 10, 6, { forbidden: 0.5, pairScale: 3 });
    const free = Uint8Array.from({ length: 120 }, (_, i) => (i % 7 === 0 ? 0 : 1));
    // Only free pixels have a unary row.
    const rows = Array.from({ length: 120 }, (_, i) => i).filter((i) => free[i] === 1);
    const unary = Float32Array.from({ length: rows.length * 6 }, (_, k) => {
      return full.unary[rows[Math.floor(k / 6)]! * 6 + (k % 6)]!;
    });
    const problem = { ...full, free, unary };
    const start = new Int32Array(120);
    for (let i = 0; i < 120; i += 7) start[i] = 5;
    const { labels } = expandLabels(problem, start, { sweeps: 3 });
    for (let i = 0; i < 120; i++) {
      if (free[i] === 0) expect(labels[i]).toBe(5);
      else expect(unary[rows.indexOf(i) * 6 + labels[i]!]).toBeLessThan(Infinity);
    }
  });

  it('denoises a three-tone image', () => {
    const width = 40;
    const height = 30;
    const tones = [0, 0.5, 1];
    const truth = (i: number): number => {
      const x = i % width;
      return x < 13 ? 0 : x < 27 ? 1 : 2;
    };
    const rng = createRng(4);
    const unary = new Float32Array(width * height * 3);
    for (let i = 0; i < width * height; i++) {
      const observed = tones[truth(i)]! + (rng() - 0.5) * 0.9;
      for (let l = 0; l < 3; l++) unary[i * 3 + l] = (observed - tones[l]!) ** 2;
    }
    const problem: GridLabelling = {
      width,
      height,
      labelCount: 3,
      free: new Uint8Array(width * height).fill(1),
      unary,
      pairwise: (_p, _q, a, b) => 0.15 * Math.abs(a - b),
    };
    const noisy = new Int32Array(width * height);
    for (let i = 0; i < width * height; i++) {
      let best = 0;
      for (let l = 1; l < 3; l++) if (unary[i * 3 + l]! < unary[i * 3 + best]!) best = l;
      noisy[i] = best;
    }
    const errors = (labels: Int32Array): number =>
      labels.reduce((n, l, i) => n + (l === truth(i) ? 0 : 1), 0);
    const { labels } = expandLabels(problem, noisy, { sweeps: 3 });
    expect(errors(noisy)).toBeGreaterThan(100);
    expect(errors(labels)).toBeLessThan(15);
  });

  it('gives the same labels on every run', () => {
    const problem = randomProblem(21, 15, 15, 8, { forbidden: 0.2, pairScale: 6 });
    const first = expandLabels(problem, new Int32Array(225), { sweeps: 2 });
    const second = expandLabels(problem, new Int32Array(225), { sweeps: 2 });
    expect(second.labels).toEqual(first.labels);
    expect(second.energy).toBe(first.energy);
  });
});
