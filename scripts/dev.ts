/**
 * `npm run dev`: the API server under `node --watch` on port 3001 and Vite's dev server with hot
 * reload on port 3000, proxying /api and /dev to the API. Links in emails point at Vite's port.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const webPort = 3000;
const apiPort = 3001;

const children: ChildProcess[] = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: String(apiPort), APP_URL: `http://localhost:${webPort}` },
  }),
  spawn('npx', ['vite', '--port', String(webPort), '--strictPort'], {
    cwd: 'apps/web',
    stdio: 'inherit',
    env: { ...process.env, API_PORT: String(apiPort) },
  }),
];

function stopAll(code: number): void {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}

for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
