import { Sparkles, Upload } from 'lucide-react';
import type { ReactNode } from 'react';
import { copy } from '@reframe/shared';
import { buttonClasses } from '../../components/button-styles';
import { getExample, type ExampleId } from './example-images';
import {
  breakpoints,
  column,
  fixed,
  inset,
  narrowest,
  sectionContent,
  sizesAttribute,
  type SizesLayout,
} from './image-sizes';
import { ResponsivePicture } from './ResponsivePicture';

/** The brief's presets, in its order; 21:9 is the default (section 9). */
const presets = ['1:1', '16:9', '4:5', '9:16', '21:9'] as const;
type Preset = (typeof presets)[number];
const DEFAULT_PRESET: Preset = '21:9';

/**
 * The result's dark box, inside: the demo card (`p-5`, from `sm` `p-8`, 1 px border), from `lg`
 * the `7fr` of its `5fr 7fr` grid (`gap-12`), then the box's `p-4`.
 */
const resultBox = inset(
  column(inset(inset(sectionContent, 2 * (20 + 1)), 2 * 12, breakpoints.sm), {
    from: breakpoints.lg,
    share: 7 / 12,
    gap: 48,
  }),
  2 * 16,
);

/** The box's inner height (`h-72`, `sm:h-96`, `lg:h-[440px]`, less `p-4`) at the result's ratio. */
const heightBound = (ratio: number): SizesLayout => [
  { minWidth: breakpoints.lg, width: fixed((440 - 32) * ratio) },
  { minWidth: breakpoints.sm, width: fixed((384 - 32) * ratio) },
  { minWidth: 0, width: fixed((288 - 32) * ratio) },
];

const exampleFor = (preset: Preset) => getExample(`demo-${preset.replace(':', 'x')}` as ExampleId);
const subject = copy.landing.examples.hubble;

function Step({
  number,
  title,
  body,
  children,
}: {
  number: number;
  title: string;
  body: string;
  children?: ReactNode;
}) {
  return (
    <li className="relative flex gap-4">
      <span
        aria-label={copy.landing.demoStepLabel(number)}
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white shadow-sm"
      >
        {number}
      </span>
      <div className="min-w-0 flex-1 pt-1">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <p className="mt-1 text-sm leading-6 text-slate-600">{body}</p>
        {children}
      </div>
    </li>
  );
}

/** A preset's result and its caption: the figure's content, drawn at once for the default. */
function DemoResult({ preset }: { preset: Preset }) {
  const example = exampleFor(preset);
  return (
    <>
      <div className="flex h-72 items-center justify-center rounded-2xl bg-slate-950 p-4 sm:h-96 lg:h-[440px]">
        <ResponsivePicture
          image={example.result}
          alt={copy.landing.extendedAlt(subject, example.ratio)}
          sizes={sizesAttribute(
            narrowest(resultBox, heightBound(example.result.width / example.result.height)),
          )}
          className="max-h-full w-auto max-w-full rounded-md object-contain shadow-2xl"
        />
      </div>
      <figcaption className="mt-3 flex items-center justify-between text-sm text-slate-600">
        <span
          className="inline-flex items-center gap-1.5 font-medium text-slate-900"
          data-testid="demo-result-label"
        >
          <Sparkles aria-hidden="true" className="size-4 text-brand-600" />
          {copy.landing.demoResultLabel(example.ratio)}
        </span>
        <span className="tabular-nums">
          {example.result.width} × {example.result.height} px
          {/* A preset the natural fill could not make cleanly is shown as the product offers it. */}
          {example.style !== 'natural' && ` · ${copy.resizer.styles[example.style]}`}
        </span>
      </figcaption>
    </>
  );
}

/**
 * The 3-step demo. The default preset's result is drawn; every preset's is in a template, which
 * islands/presets.ts copies into the figure when its button is pressed (so the other results
 * load only when chosen).
 */
export function ResizeDemo() {
  const example = exampleFor(DEFAULT_PRESET);
  const [upload, choose, resize] = copy.landing.demoSteps;
  return (
    <div className="grid gap-10 rounded-3xl border border-slate-200 bg-white p-5 shadow-xl shadow-slate-900/5 sm:p-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-12">
      <ol className="flex flex-col gap-8">
        <Step number={1} title={upload.title} body={upload.body}>
          <div className="mt-3 flex items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-slate-50 p-2.5">
            <ResponsivePicture
              image={example.original}
              alt={copy.landing.originalAlt(subject)}
              sizes="56px"
              className="size-14 shrink-0 rounded-lg object-cover"
            />
            <div className="min-w-0 text-sm">
              <p className="truncate font-medium text-slate-900">{copy.landing.demoFileName}</p>
              <p className="text-slate-500">
                {example.original.width} × {example.original.height} px · {example.sourceRatio}
              </p>
            </div>
            <Upload aria-hidden="true" className="ml-auto size-4 shrink-0 text-slate-400" />
          </div>
        </Step>
        <Step number={2} title={choose.title} body={choose.body}>
          <div
            role="group"
            aria-label={copy.landing.demoPresetsLabel}
            data-demo-presets=""
            className="mt-3 flex flex-wrap gap-2"
          >
            {presets.map((value) => {
              const pressed = buttonClasses('primary', 'md', 'px-3.5 tabular-nums');
              const unpressed = buttonClasses('secondary', 'md', 'px-3.5 tabular-nums');
              return (
                <button
                  key={value}
                  type="button"
                  data-preset={value}
                  data-class-pressed={pressed}
                  data-class-unpressed={unpressed}
                  aria-pressed={value === DEFAULT_PRESET}
                  className={value === DEFAULT_PRESET ? pressed : unpressed}
                >
                  {value}
                </button>
              );
            })}
            <button
              type="button"
              disabled
              title={copy.landing.demoCustomHint}
              className={buttonClasses('secondary', 'md', 'px-3.5')}
            >
              {copy.landing.demoCustom}
            </button>
          </div>
        </Step>
        <Step number={3} title={resize.title} body={resize.body} />
      </ol>
      <figure data-demo-result="" className="flex flex-col">
        <DemoResult preset={DEFAULT_PRESET} />
      </figure>
      {/* Templates take no grid cell (display: none). */}
      {presets.map((value) => (
        <template key={value} data-preset-result={value}>
          <DemoResult preset={value} />
        </template>
      ))}
    </div>
  );
}
