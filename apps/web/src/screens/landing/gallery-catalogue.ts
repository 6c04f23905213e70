import type { copy } from '@reframe/shared';
import type { ExampleId } from './example-images';

export type GalleryId = keyof typeof copy.landing.galleries;
type Subject = keyof typeof copy.landing.examples;

/** The brief's four galleries, in its order, each with the engine results that show it. */
export const galleries: readonly {
  id: GalleryId;
  examples: { id: ExampleId; subject: Subject }[];
}[] = [
  { id: 'abstract', examples: [{ id: 'abstract', subject: 'hubble' }] },
  { id: 'landscapes', examples: [{ id: 'landscapes', subject: 'rocket' }] },
  { id: 'professional', examples: [{ id: 'professional-portrait', subject: 'astronaut' }] },
  { id: 'product', examples: [{ id: 'product', subject: 'coffee' }] },
];
