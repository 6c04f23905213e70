import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { createOutboxMailer } from './adapters/mail/outbox-mailer';
import { createSmtpMailer } from './adapters/mail/smtp-mailer';
import { createStorage } from './adapters/storage/create-storage';
import { buildApp } from './app';
import { resolveAuthSecret } from './config/auth-secret';
import { loadConfigOrExit, type Config } from './config/env';
import { openDatabase } from './db/database';
import { runMigrations } from './db/migrate';
import type { Mailer } from './mail/mailer';

function createMailer(config: Readonly<Config>, logger: FastifyBaseLogger): Mailer {
  const { transport, from } = config.mail;
  return transport.kind === 'smtp'
    ? createSmtpMailer(transport.url, from, logger)
    : createOutboxMailer(logger);
}

const config = loadConfigOrExit();
const logger = pino({ level: config.log.level });
const database = openDatabase(config.db);
await runMigrations(database);
const mailer = createMailer(config, logger);
const app = await buildApp({
  config,
  database,
  mailer,
  authSecret: resolveAuthSecret(config.auth),
  logger,
  resizer: { storage: createStorage(config.resizer.storage) },
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info({ signal }, 'shutting down');
  try {
    await app.close();
    await mailer.close();
    await database.destroy();
    process.exit(0);
  } catch (error) {
    logger.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.server.port, host: config.server.host });
logger.info(
  { url: config.server.appUrl, database: config.db.kind, mail: mailer.kind },
  `Reframe is running at ${config.server.appUrl}`,
);
