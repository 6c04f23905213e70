/**
 * `npm run bench:confidence`: refits the confidence on the results judged at full size.
 *
 *   npm run bench:confidence               fill every judged result, measure every part, fit
 *   npm run bench:confidence -- --cached   fit on the parts measured last time
 *
 * Each judged result (verdicts.md's keep and framed columns) is made as the quality bench makes
 * it (seed 1) and every part of the defect predictor is measured
 * (bench-output/confidence-parts.json). Logistic fits
 * (classes weighted equally) are then reported in sample and left-one-out: each result judged by
 * a fit that never saw it. The warning shows below 0.5; the targets are at least 80 % of the
 * results not publishable flagged and at most 20 % of the publishable.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { LOW_CONFIDENCE_BELOW as WARN_BELOW } from '@reframe/shared/geometry/index';
import { confidenceOf, partLevel } from '../src/fill/confidence';
import type { DefectPart, DefectScore } from '../src/fill/defect-score';
import { DEFECT_PARTS } from '../src/fill/defect-score';
import type { RawImage } from '../src/codecs/bmp';
import { chooseFramedFill } from '../src/fill/framing-search';
import type { CanvasPlacement } from '../src/fill/raster';
import { chooseAndFill, DEFAULT_SEARCH_OPTIONS } from '../src/fill/placement-search';
import { DEFAULT_SHIFT_MAP_OPTIONS } from '../src/fill/shift-map-fill';
import { framesFor, trimShares } from '../src/pipelines/framing';
import { CASES } from './cases';
import { groundTruth } from './ground-truth';
import type { LogisticFit, Sample } from './logistic';
import { fitLogistic, predict } from './logistic';
import { readVerdicts } from './verdicts';
import type { Way } from './ways';
import { WAYS } from './ways';

const PHOTOS = new URL('./photos/', import.meta.url);
const VERDICTS = new URL('./verdicts.md', import.meta.url);
const DUMP = new URL('../../../bench-output/confidence-parts.json', import.meta.url);
/** L2 penalty on the standardised parts' weights. */
const PENALTY = 1;

/** The ways whose results the engine fills (the backdrop is always clean). */
const FILLED_WAYS = WAYS.filter((way) => way !== 'backdrop');
/** Auto framing's largest trim, as the bench's framed way (ways.ts) searches it. */
const AUTO_MAX_TRIM = 0.25;

interface Judged {
  id: string;
  way: Way;
  publishable: boolean;
  score: DefectScore;
}

/** The frames Auto framing compares, as the bench's framed way (ways.ts) makes them. */
function framesOf(crop: RawImage, canvas: CanvasPlacement, shares: number[]) {
  return framesFor(crop, canvas, shares, DEFAULT_SHIFT_MAP_OPTIONS);
}

async function measure(): Promise<Judged[]> {
  const search = { ...DEFAULT_SEARCH_OPTIONS, measureAll: true };
  const out: Judged[] = [];
  for (const way of FILLED_WAYS) {
    for (const v of await readVerdicts(VERDICTS, way)) {
      const spec = CASES.find((c) => c.id === v.id);
      if (!spec) continue;
      const { real, known, crop } = await groundTruth(PHOTOS, spec);
      const canvas = { width: real.width, height: real.height, offsetX: known.x, offsetY: known.y };
      const score =
        way === 'keep'
          ? chooseAndFill(crop, canvas, 'auto', 1, undefined, search).score
          : chooseFramedFill(
              {
                whole: framesOf(crop, canvas, [0])[0],
                trims: () => framesOf(crop, canvas, trimShares(AUTO_MAX_TRIM)),
              },
              'auto',
              1,
              undefined,
              search,
            ).score;
      out.push({ id: v.id, way, publishable: v.publishable, score });
      process.stderr.write(`${way} ${v.id}\n`);
    }
  }
  return out;
}

function samples(judged: Judged[], parts: readonly DefectPart[]): Sample[] {
  return judged.map((j) => ({
    x: parts.map((p) => partLevel(j.score[p])),
    publishable: j.publishable,
  }));
}

/** Each result's confidence from a fit on all the others. */
function leaveOneOut(all: Sample[]): number[] {
  return all.map((s, i) =>
    predict(
      fitLogistic(
        all.filter((_, k) => k !== i),
        PENALTY,
      ),
      s.x,
    ),
  );
}

interface Rates {
  flaggedBad: number;
  bad: number;
  flaggedGood: number;
  good: number;
}

function rates(all: Sample[], confidence: number[]): Rates {
  const r = { flaggedBad: 0, bad: 0, flaggedGood: 0, good: 0 };
  all.forEach((s, i) => {
    const flagged = confidence[i]! < WARN_BELOW;
    if (s.publishable) {
      r.good++;
      if (flagged) r.flaggedGood++;
    } else {
      r.bad++;
      if (flagged) r.flaggedBad++;
    }
  });
  return r;
}

const pct = (n: number, of: number): string => `${n} of ${of} (${Math.round((100 * n) / of)} %)`;

/** LOO balanced accuracy: the share of failures flagged less the share of good results flagged. */
const merit = (r: Rates): number => r.flaggedBad / r.bad - r.flaggedGood / r.good;

function row(label: string, judged: Judged[], parts: readonly DefectPart[]): string {
  const all = samples(judged, parts);
  const fit = fitLogistic(all, PENALTY);
  const inSample = rates(
    all,
    all.map((s) => predict(fit, s.x)),
  );
  const loo = rates(all, leaveOneOut(all));
  return `| ${label} | ${pct(inSample.flaggedBad, inSample.bad)} | ${pct(inSample.flaggedGood, inSample.good)} | ${pct(loo.flaggedBad, loo.bad)} | ${pct(loo.flaggedGood, loo.good)} |`;
}

/** The targets: at least 80 % of the failures flagged, at most 20 % of the publishable. */
const meetsTargets = (r: Rates): boolean =>
  r.flaggedBad >= 0.8 * r.bad && r.flaggedGood <= 0.2 * r.good;

/** The most parts a fit may read: more overfit 53 results. */
const MAX_PARTS = 4;

/**
 * Every set of up to MAX_PARTS parts, best first: those whose left-out rates meet both targets
 * before those that miss one, then by the left-out separation (the share of failures flagged
 * less the share of publishable results flagged); a tie goes to fewer parts, then to the earlier
 * set in DEFECT_PARTS' order. A set whose fit gives a part a negative weight
 * (more of a defect, more confidence: one part correcting another on these few results) is left
 * out. The choice is made on the same results the left-out rates are measured on, so those rates
 * flatter the chosen set a little.
 */
function rankedSets(judged: Judged[]): { parts: DefectPart[]; meets: boolean; merit: number }[] {
  const sets: DefectPart[][] = [];
  const grow = (from: number, set: DefectPart[]): void => {
    if (set.length > 0) sets.push(set);
    if (set.length === MAX_PARTS) return;
    for (let i = from; i < DEFECT_PARTS.length; i++) grow(i + 1, [...set, DEFECT_PARTS[i]!]);
  };
  grow(0, []);
  return sets
    .filter((parts) => fitLogistic(samples(judged, parts), PENALTY).weights.every((w) => w >= 0))
    .map((parts) => {
      const all = samples(judged, parts);
      const loo = rates(all, leaveOneOut(all));
      return { parts, meets: meetsTargets(loo), merit: merit(loo) };
    })
    .sort(
      (a, b) =>
        Number(b.meets) - Number(a.meets) || b.merit - a.merit || a.parts.length - b.parts.length,
    );
}

function calibrationBlock(fit: LogisticFit, parts: readonly DefectPart[]): string {
  const weights = parts.map((p, j) => `${p}: ${fit.weights[j]!.toFixed(3)}`).join(', ');
  return `confidence: { bias: ${fit.bias.toFixed(3)}, weights: { ${weights} } },`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { cached: { type: 'boolean' } } });
  let judged: Judged[];
  if (values.cached) {
    judged = JSON.parse(await readFile(DUMP, 'utf8')) as Judged[];
  } else {
    judged = await measure();
    await mkdir(new URL('.', DUMP), { recursive: true });
    await writeFile(DUMP, JSON.stringify(judged, null, 1));
  }
  const good = judged.filter((j) => j.publishable).length;
  console.log(
    `\n${judged.length} results judged, ${good} publishable; warning below ${WARN_BELOW}; L2 penalty ${PENALTY} on standardised parts\n`,
  );
  console.log(
    '| parts | flagged of the not publishable, in sample | flagged of the publishable, in sample | not publishable, left out (target ≥ 80 %) | publishable, left out (target ≤ 20 %) |\n|---|---|---|---|---|',
  );
  const shipped = judged.map((j) => confidenceOf(j.score, DEFAULT_SEARCH_OPTIONS.confidence));
  const asShipped = rates(samples(judged, []), shipped);
  console.log(
    `| the shipped calibration, as it is | ${pct(asShipped.flaggedBad, asShipped.bad)} | ${pct(asShipped.flaggedGood, asShipped.good)} | | |`,
  );
  const current = Object.keys(DEFAULT_SEARCH_OPTIONS.confidence.weights) as DefectPart[];
  console.log(row(`the shipped parts (${current.join(', ')}), refitted`, judged, current));
  for (const part of DEFECT_PARTS) console.log(row(part, judged, [part]));
  console.log(row('all parts', judged, DEFECT_PARTS));
  const ranked = rankedSets(judged);
  for (const { parts } of ranked.slice(0, 8))
    console.log(row(`best sets: ${parts.join(', ')}`, judged, parts));
  const chosen = ranked[0]!.parts;
  const fit = fitLogistic(samples(judged, chosen), PENALTY);
  const loo = leaveOneOut(samples(judged, chosen));
  console.log(
    `\nThe best set (${chosen.join(', ')}), fitted on all:\n\n    ${calibrationBlock(fit, chosen)}\n`,
  );
  console.log(
    `| result | way | publishable | confidence, in sample | left out | ${chosen.join(' | ')} |`,
  );
  console.log(`|---|---|---|---|---|${chosen.map(() => '---|').join('')}`);
  judged.forEach((j, i) => {
    const inSample = predict(
      fit,
      chosen.map((p) => partLevel(j.score[p])),
    );
    const parts = chosen.map((p) => j.score[p].toFixed(3)).join(' | ');
    console.log(
      `| ${j.id} | ${j.way} | ${j.publishable ? 'yes' : 'no'} | ${inSample.toFixed(2)} | ${loo[i]!.toFixed(2)} | ${parts} |`,
    );
  });
}

await main();
