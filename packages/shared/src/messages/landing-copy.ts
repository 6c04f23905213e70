/**
 * The landing page's sections below the hero (brief section 2, "Landing page"): feature cards,
 * galleries, the 3-step demo, pricing and the final call to action. `copy.landing` spreads these
 * in, so screens still read everything from `copy`.
 */
import { acceptedFormatNames } from '../image-formats';

export const landingSections = {
  skipToContent: 'Skip to content',
  heroCompareLabel: 'Compare the original photo with the AI-extended version',
  highlights: ['Under 10 seconds per ratio', '10+ aspect ratios', 'High-res downloads'],
  before: 'Before',
  after: 'After',
  compareHint: 'Drag to compare',
  featuresEyebrow: 'Features',
  featuresTitle: 'Every format you need, from a single photo',
  featuresSubtitle:
    'Stop cropping away what matters. Reframe extends the scene around your subject so one image fits every channel.',
  features: [
    {
      title: 'Auto-Fill Backgrounds',
      body: 'The AI extends the background beyond the frame and leaves your subject exactly as it was.',
    },
    {
      title: 'Multiple Formats Instantly',
      body: 'Choose several aspect ratios at once, from square posts to cinematic banners, and get every version in one go.',
    },
    {
      title: 'Save Time & Resources',
      body: 'No reshoots and no manual retouching: from upload to download in under 10 seconds per aspect ratio.',
    },
    {
      title: 'Easy to Use',
      body: 'Upload a photo, pick your sizes, download. No design skills needed.',
    },
  ],
  galleriesEyebrow: 'Examples',
  galleriesTitle: 'Real photos, extended by our engine',
  galleriesSubtitle:
    'Every “after” below was made from the original photo by the same engine you use in the app, untouched by hand. Drag the handle or use the arrow keys to compare.',
  galleriesLabel: 'Example categories',
  galleries: {
    abstract: 'Abstract Art',
    landscapes: 'Scenic Landscapes',
    professional: 'Professional Photography',
    product: 'Product Photography',
  },
  // The examples are made by `npm run examples` with the engine every plan uses.
  exampleCaption: (from: string, to: string) =>
    `Extended from ${from} to ${to} by the built-in engine`,
  examples: {
    hubble: 'The Hubble Deep Field, a field of distant galaxies on black',
    rocket: 'A rocket on its launch pad at dusk, lit by floodlights',
    astronaut: 'Portrait of astronaut Eileen Collins in an orange flight suit',
    chelsea: 'Close-up of a tabby cat looking at the camera',
    coffee: 'An espresso cup on a saucer on a wooden table',
  },
  originalAlt: (subject: string) => `Original photo: ${subject}`,
  extendedAlt: (subject: string, ratio: string) => `${subject}, extended by Reframe to ${ratio}`,
  photoCredits: 'Photos: NASA, SpaceX (public domain); Rachel Michetti (CC0).',
  demoEyebrow: 'How it works',
  demoTitle: 'Three steps to a perfect fit',
  demoSubtitle: 'Pick a preset and watch the same photo reframe itself. These are real results.',
  demoSteps: [
    { title: 'Upload', body: `Drop in a ${acceptedFormatNames} photo up to 10 MB.` },
    { title: 'Choose dimensions', body: 'Pick a preset, or several at once.' },
    {
      title: 'The AI resizes',
      body: 'The background is extended to fit; your subject stays untouched.',
    },
  ],
  demoStepLabel: (step: number) => `Step ${step}`,
  demoPresetsLabel: 'Aspect ratio presets',
  demoCustom: 'Custom',
  // The app has no custom ratio: the tooltip says what it does offer (issue 16).
  demoCustomHint:
    'Custom ratios are not available yet: the app offers the preset ratios of its Common, Meta Ads and Google Ads tabs',
  demoFileName: 'hubble-deep-field.jpg',
  demoResultLabel: (ratio: string) => `Result: ${ratio}`,
  pricingEyebrow: 'Pricing',
  pricingTitle: 'Simple plans that grow with you',
  pricingSubtitle: 'Start free, upgrade when you need more. Every plan uses the same AI engine.',
  pricingPerMonth: '/month',
  pricingForever: 'forever',
  pricingIncludes: 'Includes',
  pricingStartFree: 'Start for Free',
  pricingChoose: (plan: string) => `Choose ${plan}`,
  finalTitle: 'Ready to reframe your first image?',
  finalSubtitle: 'Create a free account in seconds and get 5 image credits every month.',
  footerNavLabel: 'Footer',
  sectionNavLabel: 'Sections',
  sections: {
    features: 'Features',
    examples: 'Examples',
    demo: 'How it works',
    pricing: 'Pricing',
  },
} as const;
