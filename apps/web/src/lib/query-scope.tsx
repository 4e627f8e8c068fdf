import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useContext, type ReactNode } from 'react';
import { queryKeys } from './query-keys.ts';
import {
  QueryClientHolderContext,
  useSession,
  useSessionStore,
  type SessionState,
} from './session.ts';
import { clearAllStorage } from './storage.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: 1 },
      mutations: { retry: false },
    },
  });
}

/**
 * The server-state cache around a lazy screen (each `lazyScreen` wraps its page in it): TanStack
 * Query loads with the first screen that needs it, never with the login page. Every
 * screen of an app shares one client.
 */
export function QueryScope({ children }: { children: ReactNode }) {
  const holder = useContext(QueryClientHolderContext);
  holder.client ??= createQueryClient();
  return <QueryClientProvider client={holder.client}>{children}</QueryClientProvider>;
}

/**
 * `useSession()` for the logged-in frame, which also keeps the session under
 * `queryKeys.session.all` in the cache: a screen that invalidates that key (a bot created or
 * removed) has the session read again, and every `useSession()` follows.
 */
export function useSessionQuery(): SessionState {
  const store = useSessionStore();
  const session = useSession();
  useQuery({
    queryKey: queryKeys.session.all,
    queryFn: store.refresh,
    initialData: session.status === 'in' ? session.info : null,
    staleTime: Infinity,
    retry: false,
  });
  return session;
}

/** After logout: drop every cached answer and all browser storage. */
export function useEndSession(): () => void {
  const queryClient = useQueryClient();
  const store = useSessionStore();
  return useCallback(() => {
    clearAllStorage();
    store.set(null);
    queryClient.removeQueries();
  }, [queryClient, store]);
}
