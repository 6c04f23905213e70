import { readFile } from 'node:fs/promises';
import { acceptedFormatNames, acceptedImageMimeTypes } from '@reframe/shared';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../api/openapi/openapi-document';

/** Issue 41: five places listed the accepted formats, and they disagreed. */
describe('the accepted formats, one list', () => {
  it('is the list the README states', async () => {
    const readme = await readFile(new URL('../../../../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain(`An upload is one ${acceptedFormatNames} file`);
  });

  it('is the list the OpenAPI document gives for the image part', () => {
    const text = JSON.stringify(buildOpenApiDocument());
    expect(text).toContain(JSON.stringify(acceptedImageMimeTypes.join(', ')));
  });
});
