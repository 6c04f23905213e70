import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { FastifyBaseLogger } from 'fastify';
import {
  createProfileWithSignupGrant,
  deleteUserWithoutProfile,
  updateProfileEmail,
} from '../account/account.repo';
import type { Config } from '../config/env';
import type { Database } from '../db/database';
import type { Mailer, MailMessage } from '../mail/mailer';
import {
  confirmNewEmailMail,
  existingAccountSignUpMail,
  resetPasswordMail,
  verifyEmailMail,
} from '../mail/templates';
import { authSchemaNames } from './auth-schema';
import { hashPassword, verifyPassword } from './password-hashing';
import { forgotPasswordLink, resetPasswordLink, signInLink, verificationLink } from './links';

/** The header through which the Fastify route passes the client IP it computed (TRUST_PROXY). */
export const CLIENT_IP_HEADER = 'x-reframe-client-ip';

export interface AuthDeps {
  config: Readonly<Config>;
  database: Database;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  secret: string;
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

export function createAuth({ config, database, mailer, logger, secret }: AuthDeps) {
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
    ...authSchemaNames,
    user: {
      ...authSchemaNames.user,
      changeEmail: { enabled: true },
    },
    emailAndPassword: {
      enabled: true,
      // The brief: "Password must be at least 6 characters".
      minPasswordLength: 6,
      password: { hash: hashPassword, verify: verifyPassword },
      maxPasswordLength: 128,
      // Sign-up never signs in, so it answers the same for a new and an existing email.
      autoSignIn: false,
      // Unverified users may sign in (to reach /verify-email); our guard keeps them out of /app.
      requireEmailVerification: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
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
    // better-auth's own limiter counts in memory and only in production; ours (http/rate-limit.ts)
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
          after: async (user) => {
            try {
              await createProfileWithSignupGrant(db, user);
            } catch (error) {
              await deleteUserWithoutProfile(db, user.id);
              throw error;
            }
          },
        },
        update: {
          after: async (user) => {
            await updateProfileEmail(db, user.id, user.email);
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware((ctx) => {
        // Its change-email endpoint only asks for a session; ours (/api/account/change-email)
        // checks the current password first and calls it through auth.api, without a request.
        if (ctx.path === '/change-email' && ctx.request) {
          throw APIError.from('NOT_FOUND', { code: 'NOT_FOUND', message: 'Not found' });
        }
        // Changing the password always ends the other sessions, whatever the client asks.
        // (The endpoint reads this same body object.)
        if (ctx.path === '/change-password' && ctx.body && typeof ctx.body === 'object') {
          (ctx.body as Record<string, unknown>).revokeOtherSessions = true;
        }
        return Promise.resolve();
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
