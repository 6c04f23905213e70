import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, type ReactNode } from 'react';
import type { MeResponse, UserSettings } from '@reframe/shared';
import { fetchMe, hasSession } from '../api/account';
import { ApiError } from '../api/api-error';
import { AuthContext, type AuthContextValue } from './auth-context';

const meQueryKey = ['me'] as const;

async function fetchMeOrSignedOut(): Promise<MeResponse | null> {
  // Most visitors of the landing page are signed out: ask first in a way that is not an error.
  if (!(await hasSession())) return null;
  try {
    return await fetchMe();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * Loads the session and the profile once and keeps them fresh (refetch on focus, so verifying in
 * another tab is noticed). It does not hold the page back: the landing page renders at once, and
 * every other page waits for the first check behind SessionGate.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const me = useQuery({
    queryKey: meQueryKey,
    queryFn: fetchMeOrSignedOut,
    retry: false,
    staleTime: 30_000,
  });

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
    [queryClient],
  );

  const mergeSettings = useCallback(
    (partial: Partial<UserSettings>) => {
      queryClient.setQueryData<MeResponse | null>(meQueryKey, (previous) =>
        previous ? { ...previous, settings: { ...previous.settings, ...partial } } : previous,
      );
    },
    [queryClient],
  );

  const value = useMemo<AuthContextValue>(() => {
    const data = me.data ?? null;
    const user = data?.user ?? null;
    const emailVerified = user?.emailVerified ?? false;
    return {
      sessionChecked: !me.isPending,
      currentUser: user && {
        uid: user.id,
        email: user.email,
        displayName: data?.settings.displayName || user.name,
        emailVerified,
      },
      userSettings: data?.settings ?? null,
      isAuthenticated: user !== null && emailVerified,
      emailVerified,
      refresh,
      mergeSettings,
    };
  }, [me.isPending, me.data, refresh, mergeSettings]);

  return <AuthContext value={value}>{children}</AuthContext>;
}
