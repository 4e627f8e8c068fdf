import { AUTH_ROUTES, ErrorCode, type SessionInfo } from '@app/contract';
import type { QueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useSyncExternalStore } from 'react';
import { ApiError, request } from './api.ts';
import { forgetSessionIds, rememberSession } from './storage.ts';

/**
 * The contract's auth schemas (zod) as a chunk of their own: fetched when an answer needs them
 * (a running session, a login), or earlier as a hint (the login form focused), never before the
 * login page paints.
 */
export function loadAuthSchemas() {
  return import('./auth-schemas.ts');
}

/**
 * Restores the session from the server's cookie; `null` when there is none (401). `onAnswer` runs
 * as soon as the server says there is one, before its answer is checked: the logged-in screens'
 * chunks can start loading alongside the schemas that check it.
 */
async function fetchSession(onAnswer?: (payload: unknown) => void): Promise<SessionInfo | null> {
  try {
    // `api(authEndpoints.session)` in two steps: the call by its zod-free route, then the
    // answer checked by the contract's schema, loaded only when there is a session to read.
    const { status, payload } = await request(AUTH_ROUTES.session);
    onAnswer?.(payload);
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

/**
 * The panel's session, held without TanStack Query so the logged-out screens do not load it:
 * read once at start-up (`GET /api/session`), set by login and logout, read again
 * by {@link SessionStore.refresh} (the logged-in frame ties it to the `queryKeys.session.all`
 * query, so invalidating that key still re-reads the session). One store per app (`Providers`).
 */
export class SessionStore {
  private state: SessionState = { status: 'loading' };
  private readonly listeners = new Set<() => void>();
  private pending: Promise<SessionInfo | null> | null = null;
  private started = false;

  /** `onSession`: called once a session read finds one, with its answer not checked yet. */
  constructor(private readonly onSession?: (payload: unknown) => void) {}

  readonly getSnapshot = (): SessionState => this.state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Logged out, as the server said by sending the page it rendered for that (`prerender.tsx`):
   * nothing to ask it, and the ids a former session left are forgotten.
   */
  startLoggedOut(): void {
    this.started = true;
    forgetSessionIds();
    this.set(null);
  }

  /** Reads the session from the server once, the first time a screen asks for it. */
  start(): void {
    if (this.started) return;
    this.started = true;
    void this.refresh().catch(() => undefined);
  }

  /** Reads the session from the server again; a failure (not a 401) shows the retry notice. */
  refresh = (): Promise<SessionInfo | null> => {
    this.pending ??= fetchSession(this.onSession)
      .then(
        (info) => {
          this.set(info);
          return info;
        },
        (error: unknown) => {
          this.setState({ status: 'error', retry: () => void this.refresh().catch(() => {}) });
          throw error;
        },
      )
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  };

  /** Logged in with `info`, or logged out (`null`). */
  set(info: SessionInfo | null): void {
    this.setState(info ? { status: 'in', info } : { status: 'out' });
  }

  private setState(state: SessionState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}

export const SessionContext = createContext<SessionStore | null>(null);

/**
 * The server-state cache of the logged-in screens, handed by `Providers` (tests pass their
 * own); `lib/query-scope.tsx` makes one on first use, with the first screen that needs it.
 */
export const QueryClientHolderContext = createContext<{ client: QueryClient | null }>({
  client: null,
});

export function useSessionStore(): SessionStore {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useSessionStore outside Providers');
  return store;
}

/** Logged in means a valid server session (DESIGN §5), never a stored password. */
export function useSession(): SessionState {
  const store = useSessionStore();
  useEffect(() => store.start(), [store]);
  // The same snapshot for a page rendered on the server (prerender.tsx) and its hydration.
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

/** After a successful login: store the ids and switch the panel to the logged-in routes. */
export function useStartSession(): (info: SessionInfo) => void {
  const store = useSessionStore();
  return useCallback(
    (info: SessionInfo) => {
      rememberSession(info, true);
      store.set(info);
    },
    [store],
  );
}
