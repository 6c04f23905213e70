import {
  changeEmailBodySchema,
  copy,
  deleteAccountBodySchema,
  type ChangeEmailResponse,
  type DeleteAccountResponse,
  type MeResponse,
} from '@reframe/shared';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Auth } from '../auth/auth';
import { currentUser, passwordCheckClient, requireSession } from '../auth/guards';
import { parseInput } from '../platform/http/parse';
import type { AccountService } from './account.service';

interface AccountRoutesDeps {
  auth: Auth;
  accountService: AccountService;
}

async function clearSessionCookies(auth: Auth, reply: FastifyReply): Promise<void> {
  const { authCookies } = await auth.$context;
  for (const cookie of [
    authCookies.sessionToken,
    authCookies.sessionData,
    authCookies.dontRememberToken,
  ]) {
    void reply.header(
      'set-cookie',
      `${cookie.name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${cookie.attributes.secure ? '; Secure' : ''}`,
    );
  }
}

export function accountRoutes({ auth, accountService }: AccountRoutesDeps) {
  return function register(app: FastifyInstance) {
    app.get('/api/me', { preHandler: [requireSession] }, async (request): Promise<MeResponse> =>
      accountService.getMe(currentUser(request)),
    );

    app.post(
      '/api/account/change-email',
      { preHandler: [requireSession] },
      async (request): Promise<ChangeEmailResponse> => {
        const body = parseInput(changeEmailBodySchema, request.body);
        await accountService.changeEmail(
          currentUser(request),
          passwordCheckClient(request),
          body,
          fromNodeHeaders(request.headers),
        );
        // Nothing has changed yet: the address changes when the link is opened (issue 16). The
        // answer is the same whether or not the address has an account.
        return { message: copy.settings.confirmationSent(body.newEmail) };
      },
    );

    app.post(
      '/api/account/delete',
      { preHandler: [requireSession] },
      async (request, reply): Promise<DeleteAccountResponse> => {
        const { password } = parseInput(deleteAccountBodySchema, request.body);
        await accountService.deleteAccount(
          currentUser(request),
          passwordCheckClient(request),
          password,
        );
        await clearSessionCookies(auth, reply);
        return { success: true };
      },
    );
  };
}
