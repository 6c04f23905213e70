/**
 * The placement table (where "auto" put each case's original, and both results' confidence), and
 * each way's publishable share and how well the confidence separates the results judged
 * publishable at full size (verdicts.md) from those that are not.
 */
import { readFile } from 'node:fs/promises';
import { LOW_CONFIDENCE_BELOW as WARN_BELOW } from '@reframe/shared/geometry/index';
import type { DefectScore } from '../src/fill/defect-score';
import { DEFECT_PARTS } from '../src/fill/defect-score';
import type { CaseResult } from './quality';
import type { Way } from './ways';
import { WAYS } from './ways';

interface Verdict {
  id: string;
  publishable: boolean;
  /** The defect named, or what carries on when publishable. */
  why: string;
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

/**
 * One way's judged results (ways.ts): the rows of the verdicts file whose cell in that way's column (found
 * by the header `| case | keep | why (keep) | framed | … |`) is yes or no.
 */
export async function readVerdicts(file: URL, way: Way): Promise<Verdict[]> {
  const text = await readFile(file, 'utf8');
  const rows = text
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) => line.split('|').map((cell) => cell.trim()));
  const column = rows.find((cells) => cells[1] === 'case')?.indexOf(way) ?? -1;
  if (column < 0) throw new Error(`${file.pathname} has no column "${way}"`);
  return rows.flatMap((cells) => {
    const [id, verdict, why] = [cells[1], cells[column], cells[column + 1] ?? ''];
    if (!id || (verdict !== 'yes' && verdict !== 'no')) return [];
    return [{ id, publishable: verdict === 'yes', why }];
  });
}

/** The confidence a way's result got, when the bench made it. */
function confidenceOf(result: CaseResult, way: Way): number | undefined {
  return way === 'keep' ? result.auto.confidence : result[way]?.confidence;
}

export async function separationTable(results: CaseResult[], file: URL): Promise<string> {
  const rate = (n: number, of: number): string =>
    of ? `${n} of ${of} (${Math.round((100 * n) / of)} %)` : 'none judged';
  const lines = await Promise.all(
    WAYS.map(async (way) => {
      const judged = (await readVerdicts(file, way)).flatMap((v) => {
        const result = results.find((r) => r.spec.id === v.id);
        const confidence = result && confidenceOf(result, way);
        return confidence === undefined ? [] : [{ ...v, confidence }];
      });
      const of = (publishable: boolean): number =>
        judged.filter((j) => j.publishable === publishable).length;
      const flagged = (publishable: boolean): number =>
        judged.filter((j) => j.publishable === publishable && j.confidence < WARN_BELOW).length;
      return `| ${way} | ${rate(of(true), judged.length)} | ${rate(flagged(false), of(false))} | ${rate(flagged(true), of(true))} |`;
    }),
  );
  return `\n## Each way against the verdicts (results judged at full size in verdicts.md; warning below ${WARN_BELOW})\n\n| way | publishable | flagged of those not publishable (target ≥ 80 %) | flagged of the publishable (target ≤ 20 %) |\n|---|---|---|---|\n${lines.join('\n')}`;
}
