/**
 * How wide the landing page draws each image at every viewport width, kept as data so that the
 * `sizes` attributes are computed from the layout instead of guessed: the browser then downloads
 * the srcset candidate that fits the box, not one for a wider box. Between breakpoints every box
 * here is linear in the viewport width (fixed paddings, fractions of the page), so a width is
 * `vw` percent of the viewport plus `px` pixels.
 */
export interface DrawnWidth {
  vw: number;
  px: number;
}

/**
 * From `minWidth` (viewport px) up to the previous rule's, the image is drawn `width` wide. Widest
 * viewport first, as in a `sizes` attribute; the last rule starts at 0.
 */
export type SizesLayout = readonly { minWidth: number; width: DrawnWidth }[];

export const fixed = (pixels: number): DrawnWidth => ({ vw: 0, px: pixels });
const fluid = (vw: number, pixels: number): DrawnWidth => ({ vw, px: pixels });

const valueAt = (width: DrawnWidth, viewport: number) => (width.vw / 100) * viewport + width.px;

function widthAt(layout: SizesLayout, viewport: number): DrawnWidth {
  const rule = layout.find((candidate) => viewport >= candidate.minWidth) ?? layout.at(-1);
  if (!rule) throw new Error('A sizes layout needs at least one rule');
  return rule.width;
}

const sameWidth = (a: DrawnWidth, b: DrawnWidth) => a.vw === b.vw && a.px === b.px;

/** Widest first, without a rule that only repeats the one below it. */
function normalise(ascending: { minWidth: number; width: DrawnWidth }[]): SizesLayout {
  return ascending
    .filter((rule, index) => index === 0 || !sameWidth(ascending[index - 1]!.width, rule.width))
    .reverse();
}

/** Maps each rule's width; a rule is added at `breakpoint` first, so a map can start there. */
function mapFrom(
  layout: SizesLayout,
  breakpoint: number,
  map: (width: DrawnWidth) => DrawnWidth,
): SizesLayout {
  const edges = [...new Set([0, breakpoint, ...layout.map((rule) => rule.minWidth)])];
  const ascending = edges
    .sort((a, b) => a - b)
    .map((minWidth) => {
      const width = widthAt(layout, minWidth);
      return { minWidth, width: minWidth >= breakpoint ? map(width) : width };
    });
  return normalise(ascending);
}

/** The box inside `pixels` of padding and border (both sides together), from `from` up. */
export function inset(layout: SizesLayout, pixels: number, from = 0): SizesLayout {
  return mapFrom(layout, from, ({ vw, px }) => fluid(vw, px - pixels));
}

/** From `breakpoint` up, a grid column: `share` of what is left after the `gap`. */
export function column(
  layout: SizesLayout,
  { from, share, gap }: { from: number; share: number; gap: number },
): SizesLayout {
  return mapFrom(layout, from, ({ vw, px }) => fluid(vw * share, (px - gap) * share));
}

/** `factor` of the layout: a photo drawn over a fraction of its frame. */
export function scale(layout: SizesLayout, factor: number): SizesLayout {
  return mapFrom(layout, 0, ({ vw, px }) => fluid(vw * factor, px * factor));
}

/**
 * The narrower of two layouts at every viewport width (CSS `min()`): a box capped by a max-width,
 * or an image held to a height. A piece is split where the two widths cross.
 */
export function narrowest(a: SizesLayout, b: SizesLayout): SizesLayout {
  const edges = [...new Set([0, ...a.map((rule) => rule.minWidth), ...b.map((r) => r.minWidth)])];
  edges.sort((x, y) => x - y);
  const ascending: { minWidth: number; width: DrawnWidth }[] = [];
  edges.forEach((from, index) => {
    const to = edges[index + 1] ?? Infinity;
    const [first, second] = [widthAt(a, from), widthAt(b, from)];
    const crossing =
      first.vw === second.vw ? NaN : ((second.px - first.px) * 100) / (first.vw - second.vw);
    const narrowerAt = (viewport: number) =>
      valueAt(first, viewport) <= valueAt(second, viewport) ? first : second;
    if (crossing > from && crossing < to) {
      const before = narrowerAt(from);
      ascending.push({ minWidth: from, width: before });
      ascending.push({ minWidth: Math.ceil(crossing), width: before === first ? second : first });
    } else {
      ascending.push({
        minWidth: from,
        width: narrowerAt(Number.isFinite(to) ? (from + to) / 2 : from + 1),
      });
    }
  });
  return normalise(ascending);
}

const rounded = (value: number) => Number(value.toFixed(2));

function cssLength({ vw, px }: DrawnWidth): string {
  if (vw === 0) return `${Math.ceil(px)}px`;
  if (rounded(px) === 0) return `${rounded(vw)}vw`;
  return `calc(${rounded(vw)}vw ${px < 0 ? '-' : '+'} ${rounded(Math.abs(px))}px)`;
}

/** The `sizes` attribute of a layout: one media condition per rule, the last one bare. */
export function sizesAttribute(layout: SizesLayout): string {
  return layout
    .map(({ minWidth, width }) =>
      minWidth > 0 ? `(min-width: ${minWidth}px) ${cssLength(width)}` : cssLength(width),
    )
    .join(', ');
}

/** Tailwind's breakpoints, as the landing page's classes use them. */
export const breakpoints = { sm: 640, md: 768, lg: 1024 } as const;

/**
 * The content of a landing section: `max-w-6xl` (1152 px) less `px-5`, from `sm` `px-8`.
 * (Desktop scrollbars make the real column up to 15 px narrower than `vw` assumes.)
 */
export const sectionContent: SizesLayout = [
  { minWidth: 1152, width: fixed(1152 - 2 * 32) },
  { minWidth: breakpoints.sm, width: fluid(100, -2 * 32) },
  { minWidth: 0, width: fluid(100, -2 * 20) },
];
