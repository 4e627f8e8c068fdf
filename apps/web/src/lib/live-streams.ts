import { useSyncExternalStore } from 'react';

/**
 * Which bots' live streams are open now (`useTradingLive` says so): a part that would otherwise
 * poll (the pending bot's notice) polls only while its bot's stream is not open.
 */
const open = new Map<string, number>();
const listeners = new Set<() => void>();

/** Counts a stream of `userid` as open (`true`) or closed (`false`). */
export function markStream(userid: string, isOpen: boolean): void {
  const count = Math.max(0, (open.get(userid) ?? 0) + (isOpen ? 1 : -1));
  if (count === 0) open.delete(userid);
  else open.set(userid, count);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a live stream of `userid` is open. */
export function useStreamOpen(userid: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open.has(userid),
    () => false,
  );
}
