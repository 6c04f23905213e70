import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { TEST_APP_URL } from './test-app';

/**
 * One browser: keeps its cookies between requests and sends our Origin, like the web app does.
 * Requests go through the real HTTP stack with app.inject.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly origin = TEST_APP_URL,
    private readonly ip = '127.0.0.1',
  ) {}

  get(url: string): Promise<LightMyRequestResponse> {
    return this.request('GET', url);
  }

  post(url: string, body: unknown = {}): Promise<LightMyRequestResponse> {
    return this.request('POST', url, body);
  }

  delete(url: string): Promise<LightMyRequestResponse> {
    return this.request('DELETE', url);
  }

  patch(url: string, body: unknown = {}): Promise<LightMyRequestResponse> {
    return this.request('PATCH', url, body);
  }

  async request(
    method: 'GET' | 'POST' | 'DELETE' | 'PATCH',
    url: string,
    body?: unknown,
  ): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        origin: this.origin,
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    this.storeCookies(response);
    return response;
  }

  private storeCookies(response: LightMyRequestResponse) {
    for (const cookie of response.cookies as {
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const expired =
        cookie.value === '' ||
        cookie.maxAge === 0 ||
        (cookie.expires && cookie.expires.getTime() < Date.now());
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }
}
