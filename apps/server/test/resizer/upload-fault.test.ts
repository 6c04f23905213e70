import { errorMessages } from '@reframe/shared';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../../src/platform/http/error-handler';
import { readUploadImage, type UploadDecoder } from '../../src/resizer/uploads/upload-image';
import { captureLog } from '../helpers/log-capture';
import { photo } from './images';

describe('readUploadImage', () => {
  it('answers a fault of the decoder with a logged 500, not a refusal of the file', async () => {
    const png = await photo('chelsea.png', 96, 'png');
    const failing: UploadDecoder = {
      prepareUpload: () => Promise.reject(new Error('the upload worker exited')),
    };
    const log = captureLog();
    const logger: FastifyBaseLogger = log.logger;
    const app = Fastify({ loggerInstance: logger });
    registerErrorHandler(app);
    app.post('/upload', () => readUploadImage(failing, png));

    const response = await app.inject({ method: 'POST', url: '/upload' });
    await app.close();

    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 'INTERNAL', message: errorMessages.INTERNAL });
    expect(log.text()).toContain('the upload worker exited');
  });
});
