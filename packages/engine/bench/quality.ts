/**
 * The quality bench: every ground-truth case filled by ours and the two baselines, each measured
 * against the real photo, with a montage per case and markdown tables.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { DefectScore } from '../src/fill/defect-score';
import type { ChosenFill, PlacementMode } from '../src/fill/placement-search';
import type { CanvasPlacement, Raster } from '../src/fill/raster';
import { blurFill, mirrorFill } from './baselines';
import type { CaseSpec } from './cases';
import type { Frame } from './frame';
import { groundTruth } from './ground-truth';
import type { Quality } from './metrics';
import { measureQuality, reference } from './metrics';
import { saveFullSize, saveMontage } from './montage';
import { caseTable, failures, summaryTable, waysTable } from './report';
import { placementTable, separationTable } from './verdicts';
import type { Way, WayResult } from './ways';
import { backdropWay, framedWay } from './ways';

export const METHODS = ['ours', 'mirror', 'blur', 'real'] as const;
export type Method = (typeof METHODS)[number];

export interface CaseResult {
  spec: CaseSpec;
  fillMs: number;
  quality: Record<Method, Quality>;
  lines: number;
  /** The case's own placement ('fixed', measured against the real photo) and 'auto'. */
  fixed: Judged;
  auto: Judged;
  /** Trim and extend with Auto framing, and the blurred backdrop, when the bench ran them. */
  framed?: WayResult;
  backdrop?: WayResult;
  /** Share of the case's canvas the whole photo leaves to invent. */
  keepInvented: number;
}

/** A result's confidence and where its original sits, as shares of the room on each axis. */
export interface Judged {
  confidence: number;
  score: DefectScore;
  at: [number, number];
  ms: number;
}

/** A fill under test: the canvas pixels for an original placed on a canvas, and its judgement. */
type Fill = (
  original: Raster,
  placement: CanvasPlacement,
  mode: PlacementMode,
  seed: number,
) => ChosenFill;

export async function qualityBench(
  photos: URL,
  output: URL,
  specs: CaseSpec[],
  seed: number,
  fill: Fill,
  verdicts: URL,
  ways: readonly Way[],
): Promise<void> {
  await mkdir(new URL('full/', output), { recursive: true });
  const results: CaseResult[] = [];
  const started = performance.now();
  for (const spec of specs) {
    const gt = await groundTruth(photos, spec);
    const { real, known, crop } = gt;
    const canvas = { width: real.width, height: real.height, offsetX: known.x, offsetY: known.y };
    const run = (mode: PlacementMode): { frame: Frame; judged: Judged } => {
      const fillStarted = performance.now();
      const chosen = fill(crop, canvas, mode, seed);
      const share = (offset: number, room: number): number => (room > 0 ? offset / room : 0.5);
      return {
        frame: {
          width: real.width,
          height: real.height,
          channels: crop.channels,
          data: chosen.pixels,
        },
        judged: {
          confidence: chosen.confidence,
          score: chosen.score,
          at: [
            share(chosen.offsetX, real.width - crop.width),
            share(chosen.offsetY, real.height - crop.height),
          ],
          ms: performance.now() - fillStarted,
        },
      };
    };
    const fixed = run('fixed');
    const auto = run('auto');
    const framed = ways.includes('framed') ? framedWay(crop, canvas, seed) : undefined;
    const backdrop = ways.includes('backdrop') ? await backdropWay(crop, canvas) : undefined;
    const ours = fixed.frame;
    const fillMs = fixed.judged.ms;
    const frames: Record<Method, Frame> = {
      ours,
      mirror: mirrorFill(crop, real.width, real.height, known),
      blur: await blurFill(crop, real.width, real.height, known),
      real,
    };
    const ref = reference(real, known);
    const quality = {} as Record<Method, Quality>;
    for (const method of METHODS) quality[method] = measureQuality(frames[method], ref);
    const result = {
      spec,
      fillMs,
      quality,
      lines: ref.lines.length,
      fixed: fixed.judged,
      auto: auto.judged,
      keepInvented: 1 - (crop.width * crop.height) / (real.width * real.height),
      ...(framed && { framed }),
      ...(backdrop && { backdrop }),
    };
    results.push(result);
    await saveMontage(
      fileURLToPath(new URL(`${spec.id}.png`, output)),
      `${spec.id} (${spec.photo}, ${spec.job})`,
      known,
      (['real', 'ours', 'mirror', 'blur'] as const).map((m) => ({ label: m, frame: frames[m] })),
    );
    await saveFullSize(fileURLToPath(new URL(`full/${spec.id}`, output)), [
      ...(['real', 'ours'] as const).map((m) => ({ label: m, frame: frames[m] })),
      { label: 'keep', frame: auto.frame },
      ...(framed ? [{ label: 'framed', frame: framed.frame }] : []),
      ...(backdrop ? [{ label: 'backdrop', frame: backdrop.frame }] : []),
    ]);
    console.log(caseTable(result));
  }
  console.log(summaryTable(results));
  console.log(failures(results));
  console.log(placementTable(results));
  if (ways.length > 1) console.log(waysTable(results));
  console.log(await separationTable(results, verdicts));
  console.log(
    `\n${results.length} cases in ${Math.round((performance.now() - started) / 1000)} s; montages (real, ours, mirror, blur; the original outlined): ${fileURLToPath(output)}; real, ours and each way (<case>-keep, -framed, -backdrop) at full size in full/`,
  );
}
