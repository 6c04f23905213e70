import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { DevMailMessage } from '@reframe/shared';
import { waitFor } from './poll';

/**
 * How a test starts the real server as a process of its own: as `npm start` runs it, the compiled
 * bundle of src/main.ts, built first when a source is newer (scripts/run.mjs). Loading the
 * sources through tsx instead costs each process 2.5 s more of a core.
 */
export const SERVER_COMMAND = [
  fileURLToPath(new URL('../../../../scripts/run.mjs', import.meta.url)),
  'serve',
];
export const SERVER_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A browser against a real listening server: cookies kept, our Origin sent. */
export class HttpClient {
  private cookie = '';
  constructor(readonly base: string) {}

  /** The same signed-in browser, talking to another process of the same site. */
  at(base: string): HttpClient {
    const other = new HttpClient(base);
    other.cookie = this.cookie;
    return other;
  }

  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const isBuffer = body instanceof Buffer;
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        origin: this.base,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body !== undefined && !isBuffer ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: isBuffer ? body : JSON.stringify(body) }),
      redirect: 'manual',
    });
    const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0]!);
    if (cookies.length > 0) {
      const jar = new Map(
        this.cookie ? this.cookie.split('; ').map((c) => c.split('=') as [string, string]) : [],
      );
      for (const c of cookies) {
        const [name, ...value] = c.split('=');
        jar.set(name!, value.join('='));
      }
      this.cookie = [...jar].map(([n, v]) => `${n}=${v}`).join('; ');
    }
    return response;
  }
}

/**
 * The real server (SERVER_COMMAND) as a child process on 127.0.0.1:`port`, resolved once it
 * answers /api/health; `kill` is a SIGKILL, a crash with no chance to clean up.
 */
export async function startServerProcess(
  port: number,
  env: Record<string, string>,
): Promise<{ kill(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, SERVER_COMMAND, {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const kill = () =>
    child.exitCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        });
  try {
    await waitFor(() => answersHealth(`http://127.0.0.1:${port}`), {
      what: `the server on port ${port} to answer /api/health`,
      timeoutMs: 120_000,
      intervalMs: 200,
    });
  } catch (error) {
    await kill();
    throw error;
  }
  return { kill };
}

/** Whether the server at `base` answers /api/health yet (false while it is not listening). */
export function answersHealth(base: string): Promise<boolean> {
  return fetch(`${base}/api/health`).then(
    (response) => response.ok,
    () => false,
  );
}

/** Signs up through the API and follows the verification link from the dev mailbox. */
export async function signUpVerifiedOverHttp(client: HttpClient, email: string): Promise<void> {
  await client.request('POST', '/api/auth/sign-up/email', {
    name: 'R',
    email,
    password: 'correct-horse-1',
  });
  const mails = (await (await client.request('GET', '/api/dev/mail')).json()) as DevMailMessage[];
  const link = /https?:\/\/\S+/.exec(mails.find((m) => m.to === email)!.text)![0];
  const token = new URL(link).searchParams.get('oobCode');
  await client.request('GET', `/api/auth/verify-email?token=${token}`);
}
