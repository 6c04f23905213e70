/**
 * The ground-truth cases: each crops a real photo to a job's source ratio and extends it back to
 * the job's target ratio, so the photo around the crop is the right answer.
 */

/** The common jobs: source (crop) ratio → target (canvas) ratio, as width / height. */
export const JOBS = {
  '1:1→16:9': { crop: 1, canvas: 16 / 9 },
  '4:5→16:9': { crop: 4 / 5, canvas: 16 / 9 },
  '16:9→9:16': { crop: 16 / 9, canvas: 9 / 16 },
  '3:2→1:1': { crop: 3 / 2, canvas: 1 },
  '16:9→4:1': { crop: 16 / 9, canvas: 4 },
  // The issue 24 experiment: a 21:9 band extended to 16:10 grows mostly up and down.
  '21:9→16:10': { crop: 21 / 9, canvas: 16 / 10 },
  // A portrait photo made a story.
  '4:5→9:16': { crop: 4 / 5, canvas: 9 / 16 },
} as const;
export type Job = keyof typeof JOBS;

export interface CaseSpec {
  /** Names the case, its montage (`<id>.png`) and what `--cases` matches. */
  id: string;
  /** A file in bench/photos. */
  photo: string;
  job: Job;
  /** Where the crop sits along the extended axis: 0 at the left/top, 0.5 centred, 1 right/bottom. */
  at: number;
  /**
   * The real region (the job's canvas ratio) as a share of the largest that fits the photo
   * (default 1), and where it sits in the room left, as shares (default centred).
   */
  regionScale?: number;
  regionAt?: [number, number];
}

const spec = (
  name: string,
  photo: string,
  job: Job,
  at: number,
  region?: Pick<CaseSpec, 'regionScale' | 'regionAt'>,
): CaseSpec => ({
  id: `${name}-${job.replace('→', '-to-').replaceAll(':', 'x')}-${at === 0.5 ? 'centre' : `at${Math.round(at * 100)}`}`,
  photo,
  job,
  at,
  ...region,
});

export const CASES: CaseSpec[] = [
  spec('sunset', 'sunset.jpg', '1:1→16:9', 0.5),
  spec('meadow', 'meadow.jpg', '1:1→16:9', 0.3),
  spec('bridge', 'bridge.jpg', '1:1→16:9', 0.5),
  spec('fig', 'fig.jpg', '1:1→16:9', 0.5),
  spec('nuthatch', 'nuthatch.jpg', '1:1→16:9', 0.7),
  spec('coffee', 'coffee.jpg', '1:1→16:9', 0.5),
  spec('stream', 'forest-stream.jpg', '1:1→16:9', 0.5),
  spec('motorcycle', 'motorcycle.jpg', '1:1→16:9', 0.35),
  spec('sunset', 'sunset.jpg', '4:5→16:9', 0.25),
  spec('mountain', 'mountain-path.jpg', '4:5→16:9', 0.5),
  spec('dandelion', 'dandelion.jpg', '4:5→16:9', 0.5),
  spec('chelsea', 'chelsea.jpg', '4:5→16:9', 0.3),
  spec('leaves', 'leaves.jpg', '4:5→16:9', 0.5),
  spec('bridge', 'bridge.jpg', '4:5→16:9', 0.7),
  spec('meadow', 'meadow.jpg', '4:5→16:9', 0.5),
  spec('dogs', 'dogs.jpg', '16:9→9:16', 0.5),
  spec('interior', 'interior.jpg', '16:9→9:16', 0.5),
  spec('astronaut', 'astronaut.jpg', '16:9→9:16', 0.5),
  spec('rocket', 'rocket.jpg', '16:9→9:16', 0.5),
  spec('mountain', 'mountain-path.jpg', '16:9→9:16', 0.35),
  spec('stream', 'forest-stream.jpg', '16:9→9:16', 0.6),
  spec('sunset', 'sunset.jpg', '3:2→1:1', 0.5),
  spec('bricks', 'bricks.jpg', '3:2→1:1', 0.5),
  spec('gravel', 'gravel.jpg', '3:2→1:1', 0.5),
  spec('coffee', 'coffee.jpg', '3:2→1:1', 0.5),
  spec('astronaut', 'astronaut.jpg', '3:2→1:1', 0.3),
  spec('dogs', 'dogs.jpg', '3:2→1:1', 0.5),
  spec('leaves', 'leaves.jpg', '3:2→1:1', 0.7),
  spec('bridge', 'bridge.jpg', '16:9→4:1', 0.5),
  spec('sunset', 'sunset.jpg', '16:9→4:1', 0.5),
  spec('meadow', 'meadow.jpg', '16:9→4:1', 0.3),
  spec('nuthatch', 'nuthatch.jpg', '16:9→4:1', 0.5),
  spec('dandelion', 'dandelion.jpg', '16:9→4:1', 0.65),
  spec('fig', 'fig.jpg', '16:9→4:1', 0.5),
  spec('boats', 'boats.jpg', '21:9→16:10', 0.5),
  spec('lake-dawn', 'lake-dawn.jpg', '21:9→16:10', 0.5),
  spec('kite', 'kite.jpg', '1:1→16:9', 0.5),
  spec('pier-fog', 'pier-fog.jpg', '4:5→16:9', 0.5),
  spec('forest-path', 'forest-path.jpg', '16:9→9:16', 0.5),
  spec('jetty', 'jetty.jpg', '1:1→16:9', 0.5),
  spec('brushes', 'brushes.jpg', '3:2→1:1', 0.5),
  // Issue 38: a subject cut by the frame (a person, an animal, a product on a table, a street).
  spec('grace-hopper', 'grace-hopper.jpg', '4:5→9:16', 0.2),
  spec('cameraman', 'cameraman.jpg', '1:1→16:9', 0.5, { regionAt: [0.5, 0.1] }),
  spec('stairs', 'stairs.jpg', '1:1→16:9', 0.5, { regionAt: [0.5, 0.6] }),
  spec('raccoon', 'raccoon.jpg', '1:1→16:9', 0.5, { regionAt: [0.5, 0.1] }),
  spec('raccoon', 'raccoon.jpg', '16:9→9:16', 0.4),
  spec('ladybird', 'ladybird.jpg', '4:5→16:9', 0.45),
  spec('wine-table', 'wine-table.jpg', '1:1→16:9', 0.5),
  spec('cups', 'cups.jpg', '3:2→1:1', 0.5),
  spec('storm-road', 'storm-road.jpg', '16:9→9:16', 0.6),
  spec('pagoda', 'pagoda.jpg', '4:5→16:9', 0.5),
  spec('dahlia', 'dahlia.jpg', '1:1→16:9', 0.15),
  spec('marigold', 'marigold.jpg', '16:9→9:16', 0.5),
  // Six photographs first tried as a new customer would, on 2026-12-03 (walkthroughs.md).
  spec('dune', 'dune.jpg', '16:9→9:16', 0.5),
  spec('splash', 'splash.jpg', '1:1→16:9', 0.85),
  spec('yellow-flower', 'yellow-flower.jpg', '3:2→1:1', 0.5, { regionAt: [1, 0.5] }),
  spec('boards', 'boards.jpg', '4:5→16:9', 0.5),
  spec('seed-heads', 'seed-heads.jpg', '1:1→16:9', 0.8),
  spec('orange-flower', 'orange-flower.jpg', '16:9→4:1', 0.5),
];
