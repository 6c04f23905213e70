import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@reframe/shared';
import { betterAuth } from 'better-auth';
import { isAPIError } from 'better-auth/api';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../platform/config/env';
import type { Database } from '../platform/db/database';
import type { RateLimiter } from '../platform/http/rate-limit';
import type { Mailer, MailMessage } from '../adapters/mail/mailer';
import {
  confirmNewEmailMail,
  emailChangedMail,
  existingAccountSignUpMail,
  resetPasswordMail,
  verifyEmailMail,
} from '../mail/templates';
import { logAuthEvent } from './auth-events';
import { CLIENT_IP_HEADER, createAuthHooks } from './auth-hooks';
import { authSchemaNames } from './auth-schema';
import { hashPassword, verifyPassword } from './password-hashing';
import { forgotPasswordLink, resetPasswordLink, signInLink, verificationLink } from './links';

/** What auth tells the account domain of its users (app.ts hands them in). */
export interface AccountCallbacks {
  /** A user was just created: their account is made with them, or the sign-up fails. */
  userCreated(user: { id: string; email: string; name: string }): Promise<void>;
  /** A user was updated: the previous email if it changed (it is told of the change). */
  userUpdated(user: { id: string; email: string }): Promise<string | undefined>;
}

export interface AuthDeps {
  config: Readonly<Config>;
  database: Database;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  rateLimiter: RateLimiter;
  secret: string;
  accounts: AccountCallbacks;
}

/** Reads the `requestType` claim of a better-auth email token (a JWT) to pick the right email. */
function tokenRequestType(token: string): string | undefined {
  try {
    const payload: unknown = JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString(),
    );
    return typeof payload === 'object' && payload && 'requestType' in payload
      ? String(payload.requestType)
      : undefined;
  } catch {
    return undefined;
  }
}

export function createAuth(deps: AuthDeps) {
  const { config, database, mailer, logger, rateLimiter, secret, accounts } = deps;
  const { appUrl, trustedOrigins } = config.server;
  const { db, dialect } = database;

  // Mail goes out in the background so the answer takes the same time whether or not an
  // account exists (sign-up, reset request, resend); failures are logged with the recipient.
  const sendInBackground = (message: MailMessage) => {
    mailer.send(message).catch((error: unknown) => {
      logger.error({ err: error, to: message.to, subject: message.subject }, 'mail failed');
    });
    return Promise.resolve();
  };

  return betterAuth({
    appName: 'Reframe',
    baseURL: appUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [...trustedOrigins],
    database: { db, type: dialect },
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => logger[level]({ args }, `better-auth: ${message}`),
    },
    // What its hooks throw (our 429s and 404s) is an answer, not a fault: only faults are logged.
    onAPIError: {
      onError: (error) => {
        if (isAPIError(error) && error.statusCode < 500) return;
        logger.error({ err: error }, 'better-auth: request failed');
      },
    },
    ...authSchemaNames,
    user: {
      ...authSchemaNames.user,
      changeEmail: { enabled: true },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      password: {
        hash: (password) => hashPassword(password, config.auth.passwordCost),
        verify: verifyPassword,
      },
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      // Sign-up never signs in, so it answers the same for a new and an existing email.
      autoSignIn: false,
      // Unverified users may sign in (to reach /verify-email); our guard keeps them out of /app.
      requireEmailVerification: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      onPasswordReset: ({ user }) => {
        logAuthEvent(logger, 'password-reset.completed', { userId: user.id });
        return Promise.resolve();
      },
      sendResetPassword: ({ user, token }) =>
        sendInBackground(resetPasswordMail(user.email, resetPasswordLink(appUrl, token))),
      onExistingUserSignUp: ({ user }) =>
        sendInBackground(
          existingAccountSignUpMail(user.email, signInLink(appUrl), forgotPasswordLink(appUrl)),
        ),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: ({ user, token }) => {
        const link = verificationLink(appUrl, token);
        const isEmailChange = tokenRequestType(token) === 'change-email-verification';
        return sendInBackground(
          isEmailChange ? confirmNewEmailMail(user.email, link) : verifyEmailMail(user.email, link),
        );
      },
    },
    // better-auth's own limiter counts in memory and only in production; ours (platform/http/rate-limit.ts)
    // keeps the counts in the database, per IP and per account, in every mode.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: config.isProduction,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      user: {
        create: {
          after: (user) => accounts.userCreated(user),
        },
        update: {
          after: async (user) => {
            const previousEmail = await accounts.userUpdated(user);
            if (!previousEmail) return;
            logAuthEvent(logger, 'email.changed', { userId: user.id });
            await sendInBackground(emailChangedMail(previousEmail, user.email));
          },
        },
      },
    },
    hooks: createAuthHooks({ rateLimiter, log: logger }),
  });
}

export type Auth = ReturnType<typeof createAuth>;
