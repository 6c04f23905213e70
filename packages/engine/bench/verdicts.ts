/**
 * The placement table (where "auto" put each case's original, and both results' confidence) and
 * how well the confidence separates the results judged publishable at full size (verdicts.md)
 * from those that are not.
 */
import { readFile } from 'node:fs/promises';
import { LOW_CONFIDENCE_BELOW as WARN_BELOW } from '@reframe/shared/geometry/index';
import type { DefectScore } from '../src/fill/defect-score';
import { DEFECT_PARTS } from '../src/fill/defect-score';
import type { CaseResult } from './quality';

interface Verdict {
  id: string;
  placement: 'auto' | 'fixed';
  publishable: boolean;
}

const share = (v: number): string => v.toFixed(2);

export function placementTable(results: CaseResult[]): string {
  const parts = (s: DefectScore): string =>
    DEFECT_PARTS.map((part) => s[part].toFixed(2)).join(' / ');
  const rows = results.map(
    (r) =>
      `| ${r.spec.id} | ${share(r.fixed.confidence)} | ${parts(r.fixed.score)} | ${r.auto.at.map(share).join(', ')} | ${share(r.auto.confidence)} | ${parts(r.auto.score)} | ${Math.round(r.fixed.ms)} / ${Math.round(r.auto.ms)} |`,
  );
  return `\n## Placement (auto's offset as shares of the room across x, y; 0.5 is centred; predictor parts: ${DEFECT_PARTS.join(' / ')})\n\n| case | confidence, case's own placement | its parts | auto at | confidence, auto | its parts | fill ms, own / auto |\n|---|---|---|---|---|---|---|\n${rows.join('\n')}`;
}

/** Rows `| case | auto or fixed | yes or no | why |` of the verdicts file. */
async function readVerdicts(file: URL): Promise<Verdict[]> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text.split('\n').flatMap((line) => {
    const cells = line.split('|').map((cell) => cell.trim());
    const [, id, placement, publishable] = cells;
    if (!id || (placement !== 'auto' && placement !== 'fixed')) return [];
    if (publishable !== 'yes' && publishable !== 'no') return [];
    return [{ id, placement, publishable: publishable === 'yes' }];
  });
}

export async function separationTable(results: CaseResult[], file: URL): Promise<string> {
  const verdicts = await readVerdicts(file);
  const judged = verdicts.flatMap((v) => {
    const result = results.find((r) => r.spec.id === v.id);
    return result ? [{ ...v, confidence: result[v.placement].confidence }] : [];
  });
  const rate = (n: number, of: number): string =>
    of ? `${n} of ${of} (${Math.round((100 * n) / of)} %)` : 'none judged';
  const line = (label: string, rows: typeof judged): string => {
    const flagged = (publishable: boolean): number =>
      rows.filter((j) => j.publishable === publishable && j.confidence < WARN_BELOW).length;
    const of = (publishable: boolean): number =>
      rows.filter((j) => j.publishable === publishable).length;
    return `| ${label} | ${of(true)} of ${rows.length} | ${rate(flagged(false), of(false))} | ${rate(flagged(true), of(true))} |`;
  };
  return `\n## Confidence against the verdicts (results judged at full size in verdicts.md; warning below ${WARN_BELOW})\n\n| results | publishable | flagged of those not publishable (target ≥ 80 %) | flagged of the publishable (target ≤ 20 %) |\n|---|---|---|---|\n${[
    line('all judged', judged),
    line(
      'auto',
      judged.filter((j) => j.placement === 'auto'),
    ),
    line(
      "the case's own placement",
      judged.filter((j) => j.placement === 'fixed'),
    ),
  ].join('\n')}`;
}
