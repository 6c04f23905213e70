import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { freePort } from '../../../../scripts/free-port';
import { waitFor } from './poll';
import { SERVER_COMMAND, SERVER_ROOT, answersHealth } from './server-process';

export interface ClusterProcess {
  role: 'web' | 'worker';
  /** The web process's address; empty for a worker. */
  base: string;
  /** Predictions this process started, in order (from its log). */
  started: string[];
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  signal(name: 'SIGTERM' | 'SIGKILL'): Promise<number | null>;
}

/**
 * One real Reframe process (SERVER_COMMAND) with ROLE=web or worker, resolved once it is ready:
 * a web process when it answers /api/health, a worker when it logs that it runs. Its JSON log
 * (stdout, LOG_LEVEL=info) tells which predictions it started.
 */
export async function startClusterProcess(
  role: 'web' | 'worker',
  env: Record<string, string>,
): Promise<ClusterProcess> {
  const port = role === 'web' ? await freePort() : 0;
  const base = role === 'web' ? `http://127.0.0.1:${port}` : '';
  const child: ChildProcess = spawn(process.execPath, SERVER_COMMAND, {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ROLE: role,
      ...(role === 'web' ? { PORT: String(port), APP_URL: base } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const started: string[] = [];
  let ready = false;
  createInterface({ input: child.stdout! }).on('line', (line) => {
    let entry: { msg?: string; predictionId?: string; level?: number };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      return;
    }
    if (entry.msg === 'prediction started' && entry.predictionId) started.push(entry.predictionId);
    if (entry.msg === 'Reframe worker is running') ready = true;
    if ((entry.level ?? 0) >= 50) process.stderr.write(`[${role}] ${line}\n`);
  });
  const signal = (name: 'SIGTERM' | 'SIGKILL') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    return exited;
  };

  try {
    await waitFor(
      () => {
        if (child.exitCode !== null) {
          throw new Error(`the ${role} process exited with code ${child.exitCode}`);
        }
        return role === 'worker' ? ready : answersHealth(base);
      },
      { what: `the ${role} process to start`, timeoutMs: 120_000, intervalMs: 200 },
    );
  } catch (error) {
    await signal('SIGKILL');
    throw error;
  }
  return { role, base, started, exited, signal };
}
