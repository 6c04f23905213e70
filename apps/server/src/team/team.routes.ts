import {
  changeRoleBodySchema,
  createInviteBodySchema,
  invitationQuerySchema,
  joinTeamBodySchema,
  type CreateInviteResponse,
  type Invitation,
  type TeamResponse,
  type TeamView,
} from '@reframe/shared';
import type { FastifyInstance } from 'fastify';
import { currentUser, requireVerifiedUser } from '../auth/guards';
import { parseInput } from '../platform/http/parse';
import type { TeamService } from './team.service';

type IdParams = { Params: { id: string } };
type UserParams = { Params: { userId: string } };

/**
 * The team API of issue 26; every route is for a signed-in, verified user but the invitation's
 * details, which its token alone shows (the mail's link): so sign-up from it can fill in the
 * invited address (issue 41).
 */
export function teamRoutes(deps: { teamService: TeamService }) {
  const { teamService } = deps;
  return function team(app: FastifyInstance) {
    const guarded = { preHandler: requireVerifiedUser };

    app.get('/api/team', guarded, async (request): Promise<TeamResponse> =>
      teamService.get(currentUser(request).id),
    );

    app.post('/api/team/invites', guarded, async (request, reply) => {
      const body = parseInput(createInviteBodySchema, request.body);
      const invite = await teamService.invite(currentUser(request), body);
      const answer: CreateInviteResponse = { invite };
      return reply.status(201).send(answer);
    });

    app.delete<IdParams>('/api/team/invites/:id', guarded, async (request, reply) => {
      await teamService.revoke(currentUser(request).id, request.params.id);
      return reply.status(204).send();
    });

    app.delete<UserParams>('/api/team/members/:userId', guarded, async (request, reply) => {
      await teamService.remove(currentUser(request).id, request.params.userId);
      return reply.status(204).send();
    });

    app.patch<UserParams>(
      '/api/team/members/:userId',
      guarded,
      async (request): Promise<TeamView> => {
        const { role } = parseInput(changeRoleBodySchema, request.body);
        return teamService.changeRole(currentUser(request).id, request.params.userId, role);
      },
    );

    app.post('/api/team/leave', guarded, async (request, reply) => {
      await teamService.leave(currentUser(request).id);
      return reply.status(204).send();
    });

    app.get('/api/team/invitation', async (request): Promise<Invitation> => {
      const { token } = parseInput(invitationQuerySchema, request.query);
      return teamService.invitation(token);
    });

    app.post('/api/team/join', guarded, async (request): Promise<TeamView> => {
      const { token } = parseInput(joinTeamBodySchema, request.body);
      return teamService.join(currentUser(request), token);
    });
  };
}
