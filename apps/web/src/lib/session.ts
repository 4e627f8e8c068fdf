import { AUTH_ROUTES, ErrorCode, type SessionInfo } from '@app/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, request } from './api.ts';
import { clearAllStorage, forgetSessionIds, rememberSession } from './storage.ts';
import { queryKeys } from './query-keys.ts';

/**
 * The contract's auth schemas (zod) as a chunk of their own: fetched when an answer needs them
 * (a running session, a login), or earlier as a hint (the login form focused), never before the
 * login page paints (issue 12).
 */
export function loadAuthSchemas() {
  return import('./auth-schemas.ts');
}

/** Restores the session from the server's cookie; `null` when there is none (401). */
async function fetchSession(): Promise<SessionInfo | null> {
  try {
    // `api(authEndpoints.session)` in two steps: the call by its zod-free route, then the
    // answer checked by the contract's schema, loaded only when there is a session to read.
    const { status, payload } = await request(AUTH_ROUTES.session);
    const { SessionInfoSchema } = await loadAuthSchemas();
    const parsed = SessionInfoSchema.safeParse(payload);
    if (!parsed.success) throw new ApiError(status, ErrorCode.internal);
    const info = parsed.data;
    rememberSession(info, false);
    return info;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      forgetSessionIds();
      return null;
    }
    throw error;
  }
}

export type SessionState =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | { status: 'out' }
  | { status: 'in'; info: SessionInfo };

/** Logged in means a valid server session (DESIGN §5), never a stored password. */
export function useSession(): SessionState {
  const query = useQuery({
    queryKey: queryKeys.session.all,
    queryFn: fetchSession,
    staleTime: Infinity,
    retry: false,
  });
  if (query.isPending) return { status: 'loading' };
  if (query.isError) return { status: 'error', retry: () => void query.refetch() };
  return query.data ? { status: 'in', info: query.data } : { status: 'out' };
}

/** After a successful login: store the ids and switch the panel to the logged-in routes. */
export function useStartSession(): (info: SessionInfo) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (info: SessionInfo) => {
      rememberSession(info, true);
      queryClient.setQueryData(queryKeys.session.all, info);
    },
    [queryClient],
  );
}

/** After logout: drop every cached answer and all browser storage. */
export function useEndSession(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    clearAllStorage();
    queryClient.setQueryData(queryKeys.session.all, null);
    queryClient.removeQueries({
      predicate: (query) => query.queryKey[0] !== queryKeys.session.all[0],
    });
  }, [queryClient]);
}
