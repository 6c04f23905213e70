/**
 * Placement packs: the exact pixel sizes each channel asks for, so one run delivers a whole set.
 * Every output is produced at exactly `width` x `height` and named `{pack}-{slot}-{w}x{h}`.
 */

export interface PlacementOutput {
  /** `{pack}-{slot}-{w}x{h}`: the history key, and the file name without `.png`. */
  id: string;
  /** Shown in the picker, e.g. "Stories / Reels". */
  label: string;
  width: number;
  height: number;
}

export interface PlacementPack {
  id: string;
  /** Shown in the picker, e.g. "Meta". */
  label: string;
  outputs: readonly PlacementOutput[];
}

function output(pack: string, slot: string, label: string, width: number, height: number) {
  return { id: `${pack}-${slot}-${width}x${height}`, label, width, height };
}

export const placementPacks: readonly PlacementPack[] = [
  {
    id: 'meta',
    label: 'Meta',
    outputs: [
      // Meta Ads Guide, Facebook & Instagram feed, image, 1:1: recommended 1080 x 1080.
      output('meta', 'feed', 'Feed', 1080, 1080),
      // Meta Ads Guide, Instagram feed, image, 4:5: recommended 1080 x 1350.
      output('meta', 'portrait', 'Portrait', 1080, 1350),
      // Meta Ads Guide, Facebook & Instagram Stories and Reels, 9:16: recommended 1080 x 1920.
      output('meta', 'stories', 'Stories / Reels', 1080, 1920),
      // Meta Ads Guide, Facebook feed, link ad image, 1.91:1: recommended 1200 x 628.
      output('meta', 'link', 'Link', 1200, 628),
    ],
  },
  {
    id: 'google',
    label: 'Google Display',
    outputs: [
      // Google Ads Help, responsive display ads, landscape image 1.91:1: recommended 1200 x 628.
      output('google', 'landscape', 'Landscape', 1200, 628),
      // Google Ads Help, responsive display ads, square image 1:1: recommended 1200 x 1200.
      output('google', 'square', 'Square', 1200, 1200),
      // Google Ads Help, Demand Gen / display landscape banner 4:1: 1200 x 300.
      output('google', 'banner', 'Banner', 1200, 300),
    ],
  },
  {
    id: 'pinterest',
    label: 'Pinterest',
    // Pinterest Business Help, standard pin, 2:3: recommended 1000 x 1500.
    outputs: [output('pinterest', 'pin', 'Pin', 1000, 1500)],
  },
  {
    id: 'linkedin',
    label: 'LinkedIn',
    outputs: [
      // LinkedIn Marketing Solutions, single image ad, horizontal 1.91:1: 1200 x 627.
      output('linkedin', 'landscape', 'Landscape', 1200, 627),
      // LinkedIn Marketing Solutions, single image ad, square 1:1: 1200 x 1200.
      output('linkedin', 'square', 'Square', 1200, 1200),
    ],
  },
  {
    id: 'youtube',
    label: 'YouTube',
    // YouTube Help, "Add video thumbnails": 1280 x 720, 16:9.
    outputs: [output('youtube', 'thumbnail', 'Thumbnail', 1280, 720)],
  },
  {
    id: 'x',
    label: 'X',
    outputs: [
      // X Business, image ad specs, 16:9: 1600 x 900.
      output('x', 'post', 'Post', 1600, 900),
      // X Help, profile customisation, header photo: 1500 x 500.
      output('x', 'header', 'Header', 1500, 500),
    ],
  },
];

const outputsById = new Map(
  placementPacks.flatMap((pack) => pack.outputs.map((out) => [out.id, { pack, out }] as const)),
);

/** The placement output with this id and its pack, or undefined. */
export function findPlacement(
  id: string,
): { pack: PlacementPack; out: PlacementOutput } | undefined {
  return outputsById.get(id);
}

export const placementIds: readonly string[] = [...outputsById.keys()];
