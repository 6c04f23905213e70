import pino from 'pino';
import { accountCallbacks } from '../src/account/profile.service';
import { createOutboxMailer } from '../src/adapters/mail/outbox-mailer';
import { createAuth } from '../src/auth/auth';
import { resolveAuthSecret } from '../src/platform/config/auth-secret';
import { loadConfigOrExit } from '../src/platform/config/env';
import { createRateLimiter } from '../src/platform/http/rate-limit';
import { openDatabase } from '../src/platform/db/database';
import { runMigrations } from '../src/platform/db/migrate';

/** The documented test user (README): verified, 5 credits, free plan. */
export const DEMO_USER = {
  name: 'Demo User',
  email: 'demo@reframe.local',
  password: 'reframe-demo',
};

const config = loadConfigOrExit();
const database = openDatabase(config.db);
const logger = pino({ level: 'warn' });
try {
  await runMigrations(database);
  const secret = resolveAuthSecret(config.auth);
  const auth = createAuth({
    config,
    database,
    mailer: createOutboxMailer(logger),
    logger,
    rateLimiter: createRateLimiter(database.db, config.rateLimit, logger),
    secret,
    accounts: accountCallbacks(database.db, secret),
  });
  const existing = await database.db
    .selectFrom('user')
    .select('id')
    .where('email', '=', DEMO_USER.email)
    .executeTakeFirst();
  if (!existing) await auth.api.signUpEmail({ body: DEMO_USER });
  const { internalAdapter } = await auth.$context;
  await internalAdapter.updateUserByEmail(DEMO_USER.email, { emailVerified: true });
  console.log(
    `${existing ? 'Demo user already exists' : 'Created demo user'}: ${DEMO_USER.email} / ${DEMO_USER.password} (verified)`,
  );
} finally {
  await database.destroy();
}
