import { afterEach, describe, expect, it, vi } from 'vitest';
import { getPrediction, startPrediction, uploadImage } from './resizer';
import { testPrediction } from './test-prediction';

const input = { upload_id: 'up1', aspect_ratio: '16:9', regenerate: false };

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(() =>
    Promise.resolve(
      new Response(body === undefined ? '' : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('startPrediction', () => {
  it('posts the proxy body and reads the prediction', async () => {
    const prediction = testPrediction({ framing: 'auto' });
    const fetchMock = answer(202, prediction);
    await expect(startPrediction(input)).resolves.toEqual(prediction);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/replicate',
      expect.objectContaining({ method: 'POST' }),
    );
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({ endpoint: 'predictions', data: { input } });
  });

  it('says "API error: …" with the server message', async () => {
    answer(402, {
      code: 'NO_CREDITS',
      message: 'You have no remaining credits. Please upgrade your plan to continue.',
    });
    await expect(startPrediction(input)).rejects.toThrow(
      'API error: You have no remaining credits. Please upgrade your plan to continue.',
    );
  });

  it('falls back to the status when the server gave no reason', async () => {
    answer(502, undefined);
    await expect(startPrediction(input)).rejects.toThrow(
      'API error: Server responded with status 502',
    );
  });

  it('says "Server responded with status N" for an HTML error page, never parser text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('<html>Bad Gateway</html>', { status: 502 }))),
    );
    await expect(startPrediction(input)).rejects.toThrow(
      /^API error: Server responded with status 502$/,
    );
    await expect(getPrediction('p1')).rejects.toThrow(
      /^Status check error: Server responded with status 502$/,
    );
    await expect(uploadImage(new File(['x'], 'a.png'))).rejects.toThrow(
      /^Upload failed: Server responded with status 502$/,
    );
  });

  it('refuses an answer without a prediction id', async () => {
    answer(202, { status: 'starting' });
    await expect(startPrediction(input)).rejects.toThrow(
      'Invalid response from API: Missing prediction ID',
    );
  });
});

describe('getPrediction', () => {
  it('reports a failed poll as a status check error', async () => {
    answer(404, { code: 'NOT_FOUND', message: 'Not found' });
    await expect(getPrediction('p1')).rejects.toThrow('Status check error: Not found');
  });
});

describe('uploadImage', () => {
  it("shows the server's refusal as it is", async () => {
    answer(400, {
      code: 'INVALID_FILE_TYPE',
      message: 'Invalid file type. Please upload an image file.',
    });
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    await expect(uploadImage(file)).rejects.toThrow(
      'Invalid file type. Please upload an image file.',
    );
  });
});
