/**
 * `npm run bench:engine`: speed and quality of the engine against mirror padding and blur fill.
 *
 *   npm run bench:engine                        speed, then quality on every case
 *   npm run bench:engine -- --quality-only      quality only
 *   npm run bench:engine -- --speed-only        speed only
 *   npm run bench:engine -- --cases sunset,lake quality on the cases whose id contains a word
 *   npm run bench:engine -- --seed 3            the fill's seed (default 1)
 *   npm run bench:engine -- --ways keep,framed  which ways to run each case (default all three:
 *                                               keep, framed = Auto framing, backdrop); keep
 *                                               always runs (its metrics and verdicts need it)
 *   npm run bench:engine -- --examples [seed]   every fixture photo at every ratio (montages)
 *
 * Quality: see cases.ts (ground truth), metrics.ts (what is measured) and photos/LICENSES.md.
 * Montages go to bench-output/cases/, example sheets to bench-output/.
 */
import { parseArgs } from 'node:util';
import { fixtureImages } from '@reframe/fixtures';
import { CASES } from './cases';
import { saveExamples } from './examples';
import { chooseAndFill } from '../src/fill/placement-search';
import { qualityBench } from './quality';
import { speedBench, timingCase } from './speed';
import type { Way } from './ways';
import { WAYS } from './ways';

const PHOTOS = new URL('./photos/', import.meta.url);
const REPO = new URL('../../../', import.meta.url);
const OUTPUT = new URL('bench-output/', REPO);

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv[0] === '--timing') {
    await timingCase(argv[1]!, Number(argv[2]), argv[3]!.split(','), argv[4] as Way);
    return;
  }
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'quality-only': { type: 'boolean' },
      'speed-only': { type: 'boolean' },
      cases: { type: 'string' },
      seed: { type: 'string' },
      examples: { type: 'boolean' },
      ways: { type: 'string' },
    },
  });
  if (values.examples) {
    await saveExamples(fixtureImages, OUTPUT, Number(positionals[0] ?? 1));
    return;
  }
  const words = values.cases?.split(',').filter(Boolean) ?? [];
  const specs = words.length ? CASES.filter((c) => words.some((w) => c.id.includes(w))) : CASES;
  if (specs.length === 0) throw new Error(`no case id contains ${words.join(' or ')}`);
  const ways = parseWays(values.ways);
  if (!values['quality-only'] && !values.cases)
    await speedBench(new URL(import.meta.url), PHOTOS, REPO);
  if (!values['speed-only']) {
    await qualityBench(
      PHOTOS,
      new URL('cases/', OUTPUT),
      specs,
      Number(values.seed ?? 1),
      (original, placement, mode, seed) => chooseAndFill(original, placement, mode, seed),
      new URL('./verdicts.md', import.meta.url),
      ways,
    );
  }
}

function parseWays(text: string | undefined): Way[] {
  const words = text?.split(',').filter(Boolean) ?? [...WAYS];
  const unknown = words.filter((w) => !(WAYS as readonly string[]).includes(w));
  if (unknown.length) throw new Error(`--ways takes ${WAYS.join(', ')}; not ${unknown.join(', ')}`);
  return ['keep', ...words.filter((w): w is Way => w !== 'keep')];
}

await main();
