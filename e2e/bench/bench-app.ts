/**
 * What the browser benches share: the built app started on its own port and data folder, and a
 * user signed up and verified through the dev mailbox, as a newcomer would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Starts `npm run serve`'s program on `port` and waits until it is healthy. With `logLevel`, its
 * log lines (JSON, on stdout) are the caller's to read.
 */
export async function startBenchServer(
  port: number,
  dataDir: string,
  logLevel?: 'info',
): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['scripts/run.mjs', 'serve'], {
    cwd: REPO,
    stdio: ['ignore', logLevel ? 'pipe' : 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      APP_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      ...(logLevel ? { LOG_LEVEL: logLevel } : {}),
      RATE_LIMIT_MAX_PER_IP: '100000',
      RATE_LIMIT_MAX_PER_ACCOUNT: '100000',
    },
  });
  for (let attempt = 0; attempt < 240; attempt += 1) {
    const healthy = await fetch(`http://localhost:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return server;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill();
  throw new Error('the server did not become healthy within 60 s');
}

async function verificationLink(base: string, email: string): Promise<string> {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const mails = (await (await fetch(`${base}/api/dev/mail`)).json()) as {
      to: string;
      text: string;
    }[];
    const mail = mails.find((candidate) => candidate.to.includes(email));
    const link = mail?.text.match(/https?:\/\/[^\s<>"')\]]+\/__\/auth\/action[^\s<>"')\]]*/)?.[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no verification mail for ${email}`);
}

/** Signs a new user up through the screens, verifies them, and leaves them on /app. */
export async function signUpAndVerify(page: Page, base: string, email: string): Promise<void> {
  await page.goto(`${base}/signup`);
  await page.getByLabel('Full name').fill('Bench User');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('correct-horse-1');
  await page.getByLabel('Confirm password').fill('correct-horse-1');
  await page.getByLabel(/I agree to the Terms/).check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL(/\/verify-email$/);
  await page.goto(await verificationLink(base, email));
  await page.getByRole('link', { name: 'Go to App Now' }).click();
  await page.getByRole('heading', { name: 'AI Image Resizer' }).waitFor();
}
