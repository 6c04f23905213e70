import { describe, expect, it } from 'vitest';
import { expansionSchema } from '../schemas/api';
import { exampleExpansion } from './api-docs-snippets';

describe("the docs page's example answers", () => {
  it('have the shape the API answers with, before and after settling', () => {
    for (const settled of [false, true]) {
      expect(
        expansionSchema.safeParse(exampleExpansion(settled, 'https://reframe.example')).success,
      ).toBe(true);
    }
  });

  it('show one credit charged per output', () => {
    const expansion = exampleExpansion(true, 'https://reframe.example');
    expect(expansion.credits_charged).toBe(expansion.outputs.length);
  });
});
