import { useEffect, useRef, useState } from 'react';

/**
 * Listens to a server-sent-events stream and calls `onEvent` with the data of every event named
 * in `types` (the SSE `event:` field) or unnamed. `live` is true only while the stream is open: a
 * browser without `EventSource`, or a stream that dropped (the browser reconnects by itself),
 * leaves it false so the caller polls instead.
 */
export function useEventStream(
  url: string | null,
  types: readonly string[],
  onEvent: (data: string) => void,
) {
  const [live, setLive] = useState(false);
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  }, [onEvent]);

  useEffect(() => {
    if (url === null || typeof EventSource === 'undefined') return undefined;
    const source = new EventSource(url, { withCredentials: true });
    source.onopen = () => setLive(true);
    source.onerror = () => setLive(false);
    const listener = (event: MessageEvent<string>) => handler.current(event.data);
    for (const type of ['message', ...types]) source.addEventListener(type, listener);
    return () => {
      for (const type of ['message', ...types]) source.removeEventListener(type, listener);
      source.close();
      setLive(false);
    };
  }, [url, types]);

  return { live };
}

/** The current time, re-read every `tickMs` while `enabled` (countdowns). */
export function useNow(enabled: boolean, tickMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!enabled) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [enabled, tickMs]);
  return now;
}

/** Seconds left as `m:ss` (or `h:mm:ss`), never negative. */
export function formatCountdown(msLeft: number): string {
  const total = Math.max(0, Math.ceil(msLeft / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `${minutes}:${seconds}`;
}
