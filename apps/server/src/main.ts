import pino from 'pino';
import { buildApp } from './app';
import { createAdapters } from './compose';
import { resolveAuthSecret } from './platform/config/auth-secret';
import { loadConfigOrExit } from './platform/config/env';
import { openDatabase } from './platform/db/database';
import { runMigrations } from './platform/db/migrate';
import { installSafetyNet } from './platform/process-safety-net';

const config = loadConfigOrExit();
const logger = pino({ level: config.log.level });
installSafetyNet(process, logger);
const database = openDatabase(config.db);
await runMigrations(database);
const adapters = createAdapters(config, logger, database.db);
const app = await buildApp({
  config,
  database,
  adapters,
  authSecret: resolveAuthSecret(config.auth),
  logger,
});

let closing = false;
/**
 * Stops accepting requests and jobs; in-flight requests and running jobs get the grace period
 * (SHUTDOWN_GRACE_SECONDS), then running jobs are aborted and handed back to the queue.
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info({ signal, role: config.role.name }, 'shutting down');
  setTimeout(() => {
    logger.error('shutdown took longer than its grace period; exiting');
    process.exit(1);
  }, config.role.shutdownGraceMs + 15_000).unref();
  // A keep-alive connection whose last request finishes after close() began would stay open
  // until its time-out: close each as it goes idle, and any left at the end of the grace period.
  const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
  const closeAll = setTimeout(() => app.server.closeAllConnections(), config.role.shutdownGraceMs);
  try {
    await app.close();
    clearInterval(closeIdle);
    clearTimeout(closeAll);
    await database.destroy();
    process.exit(0);
  } catch (error) {
    logger.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));

if (config.role.serves) {
  await app.listen({ port: config.server.port, host: config.server.host });
  logger.info(
    {
      url: config.server.appUrl,
      database: config.db.kind,
      mail: adapters.mailer.kind,
      role: config.role.name,
    },
    `Reframe is running at ${config.server.appUrl}`,
  );
} else {
  await app.ready();
  logger.info({ database: config.db.kind, role: config.role.name }, 'Reframe worker is running');
}
