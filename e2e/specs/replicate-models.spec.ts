import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { borderSteps } from '@reframe/engine';
import { computeCanvas, copy, parseRatio } from '@reframe/shared';
import { createVerifiedUser } from '../support/accounts';
import { E2E_MODELS, modelPortVariable } from '../support/replicate';

/**
 * The resizer against each hosted model by name (REPLICATE_MODEL, one server each, see
 * playwright.config.ts). The fake Replicate refuses any input outside the model's published
 * schema with a 422, which would fail the run; it returns the canvas drifted (8 levels brighter,
 * slightly blurred), so a result that meets the original without a step shows the correction.
 */
const photo = fileURLToPath(
  new URL('../../packages/engine/bench/photos/coffee.jpg', import.meta.url),
);

async function raw(bytes: Buffer) {
  const { data, info } = await sharp(bytes)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

for (const model of E2E_MODELS) {
  test.describe(model, () => {
    test.use({ baseURL: `http://localhost:${process.env[modelPortVariable(model)]}` });

    test(`with REPLICATE_MODEL=${model} a 16:9 result keeps the original, shows no seam, and History names the model`, async ({
      page,
      request,
    }, testInfo) => {
      test.setTimeout(90_000);
      const png = testInfo.outputPath('photo.png');
      await sharp(await readFile(photo))
        .png()
        .toFile(png);
      await createVerifiedUser(page, request);
      await page.locator('input[type=file]').setInputFiles(png);
      await page.getByRole('checkbox', { name: '1:1', exact: true }).uncheck({ force: true });
      await page.getByRole('checkbox', { name: '16:9', exact: true }).check({ force: true });
      await page.getByTestId('process-button').click();

      const result = page.getByTestId('result');
      await expect(result).toHaveCount(1, { timeout: 60_000 });
      await expect(page.getByTestId('queue-status')).toHaveText(['Completed']);
      const src = (await result.getByRole('img').getAttribute('src')) ?? '';
      // The card draws a preview (`?size=preview`); the result itself is the file without it.
      const full = src.replace(/\?size=preview$/, '');
      const pixels = await raw(await (await page.request.get(full)).body());
      const original = await raw(await readFile(png));
      const canvas = computeCanvas(original.width, original.height, parseRatio('16:9'));
      expect([pixels.width, pixels.height]).toEqual([canvas.width, canvas.height]);
      for (let y = 0; y < original.height; y++) {
        const from = y * original.width * 3;
        const to = ((canvas.offsetY + y) * canvas.width + canvas.offsetX) * 3;
        const same = original.data
          .subarray(from, from + original.width * 3)
          .equals(pixels.data.subarray(to, to + original.width * 3));
        if (!same) throw new Error(`row ${y} of the original differs in the result`);
      }
      const steps = borderSteps(pixels, {
        x: canvas.offsetX,
        y: canvas.offsetY,
        width: original.width,
        height: original.height,
      });
      expect(steps.across).toBeLessThanOrEqual(1.3 * steps.own);

      await page.goto('/app/history');
      await expect(page.getByTestId('made-with')).toHaveText(
        copy.history.madeWith(copy.modelOnReplicate(copy.hostedModels[model]!)),
      );
    });
  });
}
