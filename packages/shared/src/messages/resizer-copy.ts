/**
 * The resizer screen's text (brief section 4): the picker, the run, its results and their
 * notices. Read through `copy.resizer`.
 */
import { MAX_BULK_PHOTOS } from '../bulk';
import { resolveOutput } from '../output-target';
import { findPlacement } from '../placement-packs';
import type { Crop } from '../geometry/framing';

/**
 * A result's title: "16:9 Aspect Ratio" (the brief), or "1500 × 500 px" for an exact custom size,
 * which is no aspect ratio (issue 29).
 */
export function outputTitle(key: string): string {
  const output = resolveOutput(key);
  if (output?.exact && output.pack === null) {
    return `${output.exact.width} × ${output.exact.height} px`;
  }
  return `${key} Aspect Ratio`;
}

/** How the selection summary names one output: "16:9", "Meta Feed, 1080 × 1080", "1500 × 500 px". */
function outputName(key: string): string {
  const placement = findPlacement(key);
  if (placement) {
    const { pack, out } = placement;
    return `${pack.label} ${out.label}, ${out.width} × ${out.height}`;
  }
  const output = resolveOutput(key);
  return output?.exact ? `${output.exact.width} × ${output.exact.height} px` : key;
}

const ORIGINAL_SUFFIX = '(Original)';

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const resizerCopy = {
  title: 'AI Image Resizer',
  placeholder:
    'This is where you will upload a photo and reframe it to the aspect ratios you choose.',
  upgradeBanner: 'Need more credits? Upgrade your plan to get more image resizes.',
  upgradeNow: 'Upgrade Now',
  uploadLabel: 'Upload Image',
  uploadHint: 'Drag & drop an image here, or click to select',
  uploadHintDragging: 'Drop the image here',
  uploadSubHint: 'JPG, PNG up to 10MB',
  ratioPickerTitle: 'Select Aspect Ratios (Choose Multiple)',
  ratioNote: 'Ratios are width:height.',
  originalSuffix: ORIGINAL_SUFFIX,
  processButton: (n: number) => `Process Image(s) (${n} ratio(s))`,
  processing: (ratio: string) => `Processing ${ratio}`,
  emptyPanel: 'Upload an image and select aspect ratios to start.',
  originalImage: 'Original Image',
  expandedImages: 'Expanded Images',
  resultTitle: (ratio: string) => outputTitle(ratio),
  downloadAllZip: 'Download All as ZIP',
  processingQueue: 'Processing Queue',
  regenerate: 'Regenerate',
  /** What a regeneration costs, on its button and in its tooltip (issue 41). */
  regenerateCost: '1 credit',
  regenerateTooltip: 'Makes a new version of this result: 1 credit.',
  download: 'Download',
  status: {
    pending: 'Pending',
    processing: 'Processing',
    retrying: 'Retrying',
    completed: 'Completed',
    error: 'Error',
  },
  statusText: {
    starting: 'Starting processing...',
    processingImage: 'Processing image...',
    startingRegeneration: 'Starting regeneration...',
    jobStatus: (status: string) => `AI job status: ${status}`,
  },
  helper: {
    processing: 'Processing with AI for content-aware expansion.',
    creating: 'AI is creating a seamlessly expanded version.',
    waiting: 'Waiting for expansion to complete (this may take 30-60 seconds).',
    otherwise: 'This may take a minute...',
  },
  // ours: labels the brief implies but does not word
  categoryTabs: 'Aspect ratio categories',
  uploading: 'Uploading...',
  replaceHint: 'Drop another image here, or click to replace',
  selectedRatios: 'Selected ratios',
  noRatioSelected: 'None selected',
  originalRatio: 'Original ratio',
  originalAlt: 'Your original image',
  resultAlt: (ratio: string) => `Your image expanded to ${ratio}`,
  creditsLeft: (n: number) => `${n} ${n === 1 ? 'credit' : 'credits'} left`,
  creditPerRatio: 'Each ratio uses one credit.',
  preparingZip: 'Preparing ZIP...',
  // ours: packs, alignment and bulk runs (issue 15)
  packsTab: 'Packs',
  packNote: 'Each size is made at its exact pixel size and named for its placement.',
  customTitle: 'Custom size',
  customLabel: 'Width x height in pixels, or a ratio W:H',
  customPlaceholder: 'e.g. 1500x500 or 5:2',
  customAdd: 'Add',
  /** A custom output's chip: "1500 × 500 px" or "5:2", as the selection summary names it. */
  customChip: outputName,
  customRemove: (key: string) => `Remove ${outputName(key)}`,
  packSizes: (n: number) => plural(n, 'size', 'sizes'),
  // ours (issue 29): one summary of the selection across the tabs, and what it costs
  packName: (pack: string, sizes: number) => `${pack}, ${plural(sizes, 'size', 'sizes')}`,
  outputName,
  selectionTitle: 'Your selection',
  selectionEmpty: 'Nothing selected yet. Pick a ratio, a pack or a custom size.',
  selectionRemove: (name: string) => `Remove ${name}`,
  selectionCredits: (credits: number) => `Total: ${plural(credits, 'credit', 'credits')}`,
  selectionPerPhoto: (outputs: number, photos: number) =>
    `${plural(outputs, 'image', 'images')} per photo × ${plural(photos, 'photo', 'photos')}`,
  sameShape: (first: string, second: string) =>
    `${first} and ${second} come out the same shape: you would pay twice for one image.`,
  tabSelected: (tab: string, n: number) => (n > 0 ? `${tab}, ${n} selected` : tab),
  ratioName: (ratio: string, qualifier: string | null, original: boolean) =>
    [ratio, qualifier, original ? ORIGINAL_SUFFIX : null].filter(Boolean).join(' '),
  bulkChargeTitle: 'You will be charged for:',
  alignmentTitle: 'Placement of the original',
  alignments: {
    auto: 'Auto',
    center: 'Centre',
    left: 'Left',
    right: 'Right',
    top: 'Top',
    bottom: 'Bottom',
    'top-left': 'Top left',
    'top-right': 'Top right',
    'bottom-left': 'Bottom left',
    'bottom-right': 'Bottom right',
  },
  // ours (issue 24): the placement the engine chose, and a fill it is not sure of
  autoHint: {
    engine: 'Auto tries several placements for each size and keeps the cleanest fill.',
    replicate: 'With the AI service, Auto centres the original.',
  },
  placementUsed: (placement: string) => `Placement: ${placement}`,
  autoPlacement: (chosen: string) => `Auto (${chosen})`,
  lowConfidence: 'This background may show repeated parts. Try another placement, or regenerate.',
  lowConfidenceAction: 'Choose another placement',
  /** The warning on a bulk run's small tile, where the placement picker is the run's. */
  lowConfidenceBrief: 'This background may show repeated parts.',
  // ours (issue 38): framing, fill style, what a result trimmed, and a weak result's alternatives
  framingTitle: 'Framing',
  framings: {
    auto: 'Auto',
    trim: 'Trim and extend',
    trim_more: 'Trim more',
    keep: 'Keep the whole photo',
  },
  framingHint: {
    auto: 'Auto trims a little of the photo when that makes a cleaner result, from the side with the least in it.',
    trim: 'Up to 25 % of the photo may be trimmed, so less has to be invented.',
    trim_more: 'Up to 50 % of the photo may be trimmed, for large changes of shape.',
    keep: 'The whole photo is kept, and the new area is all invented.',
  },
  styleTitle: 'Style',
  styles: { natural: 'Natural', blurred_backdrop: 'Blurred backdrop' },
  trimSides: { top: 'top', bottom: 'bottom', left: 'left', right: 'right' },
  trimmed: (percent: number, sides: string) => `Trimmed ${percent} % (${sides})`,
  /** A ZIP entry's comment: the part of the original the result keeps (issue 38). */
  keptPart: (crop: Crop) =>
    `Keeps ${crop.width} × ${crop.height} px of the original, from x ${crop.x}, y ${crop.y}`,
  alternativesTitle: 'Try a cleaner version (1 credit each):',
  otherVersionsTitle: 'Other versions, 1 credit each:',
  useModel: (model: string) => `Use ${model}`,
  alternativeCost: '1 credit',
  framingNeedsEngine: 'The AI model keeps the whole photo: trimming needs the built-in engine.',
  bulkUploadHint: `Drop up to ${MAX_BULK_PHOTOS} photos here, or click to select`,
  bulkPhotos: (n: number) => `${n} photos in this run`,
  bulkLeftOut: (n: number) =>
    `A run takes at most ${MAX_BULK_PHOTOS} photos: ${n === 1 ? '1 photo was' : `${n} photos were`} left out.`,
  bulkLocked:
    'Processing several photos in one run (Bulk Processing) comes with the Growth and Expert plans.',
  bulkLockedLink: 'See plans on Billing',
  bulkProcessButton: (photos: number, outputs: number) =>
    `Process ${photos} photos (${photos * outputs} images)`,
  bulkConfirm: 'Start the run',
  bulkCancel: 'Cancel',
  bulkQueue: 'Run progress',
  bulkDone: (done: number, total: number) => `${done} of ${total} images ready`,
  bulkDownloadZip: 'Download the run as ZIP',
  bulkClear: 'Back to one photo',
  removePhoto: (name: string) => `Remove ${name}`,
  // ours (issue 16): versions, the viewer, retry, formats, warnings
  retry: 'Retry',
  retryLabel: (ratio: string) => `Retry ${ratio} (one credit)`,
  compare: 'Compare',
  compareLabel: (ratio: string) => `Open ${ratio} full size and compare with the original`,
  versionOf: (n: number, total: number) => `Version ${n} of ${total}`,
  previousVersion: 'Previous version',
  nextVersion: 'Next version',
  formatLabel: 'Download format',
  formats: { png: 'PNG', jpeg: 'JPEG', webp: 'WebP' },
  creditsShort: (needed: number, have: number) =>
    `This run needs ${needed} credits; you have ${have}.`,
  creditsShortAction: (n: number) =>
    `Only the first ${n} ${n === 1 ? 'ratio' : 'ratios'} will be processed.`,
  upgradePlan: 'Upgrade your plan',
  smallImage: (width: number, height: number) =>
    `This image is small (${width} × ${height}): the results will be small too. A photo at least 300 px on its short side gives better results.`,
} as const;
