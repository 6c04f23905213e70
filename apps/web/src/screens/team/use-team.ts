import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { copy, teamWebCopy, type CreateInviteBody, type InviteRole } from '@reframe/shared';
import { historyQueryKey } from '../../api/history';
import { usageStatsQueryKey } from '../../api/resizer';
import {
  changeRole,
  createInvite,
  fetchTeam,
  leaveTeam,
  removeMember,
  revokeInvite,
  teamQueryKey,
} from '../../api/team';
import { useAuth } from '../../auth/use-auth';
import { useConfirm } from '../../components/use-confirm';

export function useTeam() {
  return useQuery({ queryKey: teamQueryKey, queryFn: fetchTeam });
}

/**
 * After any change to who is in the team, everything that depends on it is read again: the team,
 * the balance the user spends from (usage and /api/me) and the history the team shares.
 */
export function useRefreshTeamState() {
  const queryClient = useQueryClient();
  const { refresh } = useAuth();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: teamQueryKey }),
      queryClient.invalidateQueries({ queryKey: usageStatsQueryKey }),
      queryClient.invalidateQueries({ queryKey: historyQueryKey }),
      refresh(),
    ]);
  };
}

export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInviteBody) => createInvite(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryKey }),
  });
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: InviteRole }) =>
      changeRole(userId, role),
    onSuccess: (view) => queryClient.setQueryData(teamQueryKey, view),
  });
}

/**
 * Remove, revoke and leave: each asks first in the app's confirm dialog (render it with
 * `dialogProps`), then refreshes the team. `busy` names the member or invitation in progress.
 */
export function useTeamActions() {
  const refreshTeam = useRefreshTeamState();
  const { confirm, dialogProps } = useConfirm();
  const mutation = useMutation({
    mutationFn: (action: { kind: 'remove' | 'revoke' | 'leave'; id: string }) => {
      if (action.kind === 'remove') return removeMember(action.id);
      if (action.kind === 'revoke') return revokeInvite(action.id);
      return leaveTeam();
    },
    onSuccess: refreshTeam,
  });
  const busyId = mutation.isPending ? mutation.variables.id : null;

  return {
    dialogProps,
    busyId,
    error: mutation.error,
    async remove(userId: string, name: string) {
      const q = copy.team.confirmRemove;
      if (await confirm({ ...q, title: q.title(name), danger: true })) {
        mutation.mutate({ kind: 'remove', id: userId });
      }
    },
    async revoke(inviteId: string, email: string) {
      const q = teamWebCopy.confirmRevoke;
      if (await confirm({ ...q, body: q.body(email), danger: true })) {
        mutation.mutate({ kind: 'revoke', id: inviteId });
      }
    },
    async leave(userId: string) {
      if (await confirm({ ...copy.team.confirmLeave, danger: true })) {
        mutation.mutate({ kind: 'leave', id: userId });
      }
    },
  };
}
