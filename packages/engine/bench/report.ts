/** Markdown tables of the quality bench, and the cases where ours misses a target of issue 10. */
import { median } from './frame';
import type { Quality } from './metrics';
import type { SeamLine } from './metrics/seams';
import type { CaseResult, Method } from './quality';
import { METHODS } from './quality';

interface Row {
  name: string;
  value: (q: Quality) => number;
  format: (v: number) => string;
  /** The target ours must meet, as text and as a test; absent when there is none. */
  target?: { text: string; met: (v: number) => boolean };
}

const x2 = (v: number): string => (Number.isNaN(v) ? 'n/a' : v.toFixed(2));
const pct = (v: number): string => (Number.isNaN(v) ? 'n/a' : `${(100 * v).toFixed(1)} %`);

const ROWS: Row[] = [
  ...(['near', 'middle', 'far'] as const).map((band): Row => ({
    name: `sharpness ${band} third (× real)`,
    value: (q) => q.sharpness[band],
    format: x2,
    target: { text: '≥ 0.8', met: (v) => v >= 0.8 },
  })),
  {
    name: 'flat area (× real)',
    value: (q) => q.flat,
    format: x2,
    target: { text: '≤ 1.5', met: (v) => v <= 1.5 },
  },
  { name: 'flat area (share)', value: (q) => q.flatShare, format: pct },
  {
    name: 'internal seam, luma step (× real)',
    value: (q) => q.seam,
    format: x2,
    target: { text: '≤ 1', met: (v) => v <= 1 },
  },
  {
    name: 'internal seam, sharpness change (× real)',
    value: (q) => q.textureSeam,
    format: x2,
    target: { text: '≤ 1', met: (v) => v <= 1 },
  },
  {
    name: 'clones (share)',
    value: (q) => q.clones,
    format: pct,
    target: { text: '≤ 5 %', met: (v) => v <= 0.05 },
  },
  { name: 'lines continued (share)', value: (q) => q.lines, format: pct },
  {
    name: 'lines continued (× real)',
    value: (q) => q.lineRatio,
    format: x2,
    target: { text: '≥ 0.7', met: (v) => v >= 0.7 },
  },
  { name: 'border step (× real)', value: (q) => q.border, format: x2 },
  { name: 'edge repeated (correlation)', value: (q) => q.echo, format: x2 },
];

const header = (first: string, extra = ''): string =>
  `| ${first} | ${METHODS.join(' | ')} |${extra ? ` ${extra} |` : ''}\n|---|${METHODS.map(() => '---|').join('')}${extra ? '---|' : ''}`;

export function caseTable(r: CaseResult): string {
  const title = `\n### ${r.spec.id} (${r.spec.photo}, ${r.spec.job}; fill ${Math.round(r.fillMs)} ms; ${r.lines} dominant lines)\n`;
  const body = ROWS.map(
    (row) =>
      `| ${row.name} | ${METHODS.map((m) => row.format(row.value(r.quality[m]))).join(' | ')} |`,
  );
  const line = (l: SeamLine, unit: string): string =>
    `${l.orientation} at ${l.at} px from ${l.from} px, ${l.strength.toFixed(2)} ${unit}`;
  const q = r.quality.ours;
  const where = `\nours' strongest internal lines: luma step ${line(q.seamLine, 'grey levels')}; sharpness change ${line(q.textureSeamLine, '|ln ratio|')}`;
  return `${title}\n${header('metric')}\n${body.join('\n')}\n${where}`;
}

/** Median of a metric over the cases where it is defined. */
function medianOf(results: CaseResult[], method: Method, row: Row): number {
  return median(results.map((r) => row.value(r.quality[method])).filter((v) => !Number.isNaN(v)));
}

export function summaryTable(results: CaseResult[]): string {
  const body = ROWS.map(
    (row) =>
      `| ${row.name} | ${METHODS.map((m) => row.format(medianOf(results, m, row))).join(' | ')} | ${row.target?.text ?? ''} |`,
  );
  const fill = median(results.map((r) => r.fillMs));
  return `\n## Medians over ${results.length} cases (ours: median fill ${Math.round(fill)} ms)\n\n${header('metric', 'target (ours)')}\n${body.join('\n')}`;
}

export function failures(results: CaseResult[]): string {
  const lines = ROWS.filter((row) => row.target).map((row) => {
    const failed = results.filter((r) => {
      const v = row.value(r.quality.ours);
      return !Number.isNaN(v) && !row.target!.met(v);
    });
    const list = failed.map(
      (r) =>
        `${r.spec.id} (${row.format(row.value(r.quality.ours))}; real ${row.format(row.value(r.quality.real))})`,
    );
    return `- ${row.name} ${row.target!.text}: ${failed.length ? `${failed.length} failing: ${list.join(', ')}` : 'all pass'}`;
  });
  return `\n## Cases where ours misses a target\n\n${lines.join('\n')}`;
}

/** Each case three ways: the whole photo (Auto placement), Auto framing and the backdrop. */
export function waysTable(results: CaseResult[]): string {
  const pc = (v: number): string => `${Math.round(100 * v)} %`;
  const rows = results.map((r) => {
    const keepInvented = pc(r.keepInvented);
    const framed = r.framed
      ? `${r.framed.confidence.toFixed(2)} | ${r.framed.trimmed} | ${pc(r.framed.invented)} | ${Math.round(r.framed.ms)}`
      : '| | |';
    const backdrop = r.backdrop ? `${Math.round(r.backdrop.ms)}` : '';
    return `| ${r.spec.id} | ${r.auto.confidence.toFixed(2)} | ${keepInvented} | ${framed} | ${backdrop} |`;
  });
  const clean = (list: (number | undefined)[]): string => {
    const known = list.filter((v): v is number => v !== undefined);
    return `${known.filter((v) => v >= 0.5).length} of ${known.length}`;
  };
  const summary = `\nconfidence at least 0.5: keep ${clean(results.map((r) => r.auto.confidence))}, framed ${clean(results.map((r) => r.framed?.confidence))}; trimmed ${results.filter((r) => r.framed && r.framed.trimShare > 0).length}; median invented: keep ${pc(median(results.map((r) => r.keepInvented)))}, framed ${pc(median(results.flatMap((r) => (r.framed ? [r.framed.invented] : []))))}`;
  return `\n## Three ways (keep: the whole photo, Auto placement; framed: Auto framing, trims 0/10/25 %; backdrop: blurred, always confidence 1)\n\n| case | keep confidence | keep invented | framed confidence | trimmed | framed invented | framed fill ms | backdrop ms |\n|---|---|---|---|---|---|---|---|\n${rows.join('\n')}\n${summary}`;
}
