/**
 * A logistic regression for the confidence: P(publishable) = 1 / (1 + exp(-(bias - w . x))),
 * fitted by Newton's method on standardised parts with an L2 penalty, the two classes weighted
 * equally (there are far fewer publishable results than failures).
 */

export interface Sample {
  x: number[];
  publishable: boolean;
}

export interface LogisticFit {
  bias: number;
  /** Per part, in the part's own units (a larger part means a lower confidence). */
  weights: number[];
}

export function fitLogistic(samples: Sample[], penalty: number): LogisticFit {
  const k = samples[0]?.x.length ?? 0;
  const mean = Array.from({ length: k }, (_, j) => avg(samples.map((s) => s.x[j]!)));
  const sd = Array.from({ length: k }, (_, j) => {
    const v = avg(samples.map((s) => (s.x[j]! - mean[j]!) ** 2));
    return Math.sqrt(v) || 1;
  });
  const good = samples.filter((s) => s.publishable).length;
  const bad = samples.length - good;
  const rows = samples.map((s) => ({
    z: [1, ...s.x.map((v, j) => (v - mean[j]!) / sd[j]!)],
    y: s.publishable ? 1 : 0,
    weight: samples.length / (2 * Math.max(1, s.publishable ? good : bad)),
  }));
  // beta . z is the log-odds of publishable; beta[0] the intercept (not penalised).
  const beta = new Array<number>(k + 1).fill(0);
  for (let iteration = 0; iteration < 50; iteration++) {
    const gradient = beta.map((b, j) => (j === 0 ? 0 : penalty * b));
    const hessian = beta.map((_, i) => beta.map((__, j) => (i === j && i > 0 ? penalty : 0)));
    for (const { z, y, weight } of rows) {
      const p = 1 / (1 + Math.exp(-dot(beta, z)));
      for (let i = 0; i <= k; i++) {
        gradient[i]! += weight * (p - y) * z[i]!;
        for (let j = 0; j <= k; j++) hessian[i]![j]! += weight * p * (1 - p) * z[i]! * z[j]!;
      }
    }
    const step = solve(hessian, gradient);
    let size = 0;
    for (let j = 0; j <= k; j++) {
      beta[j]! -= step[j]!;
      size = Math.max(size, Math.abs(step[j]!));
    }
    if (size < 1e-9) break;
  }
  const weights = mean.map((_, j) => -beta[j + 1]! / sd[j]!);
  const bias = beta[0]! + mean.reduce((sum, m, j) => sum + (beta[j + 1]! * m) / sd[j]!, 0) * -1;
  return { bias, weights };
}

export function predict(fit: LogisticFit, x: number[]): number {
  return 1 / (1 + Math.exp(-(fit.bias - dot(fit.weights, x))));
}

function avg(values: number[]): number {
  return values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
}

function dot(a: number[], b: number[]): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

/** Solves A s = b by Gaussian elimination with partial pivoting (A is small and positive). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++)
      if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const d = m[col]![col]! || 1e-12;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r]![col]! / d;
      for (let c = col; c <= n; c++) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  return m.map((row, i) => row[n]! / (row[i]! || 1e-12));
}
