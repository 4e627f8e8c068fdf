import { apiUrl } from './api-url.ts';
import { PATHS } from './paths.ts';
import { storage } from './storage.ts';

// Nothing here may import a zod schema at run time: this module is in the first chunk.

/**
 * Reads started at navigation, in parallel with the screen's chunks. A screen's first paint waits
 * for its data (`FirstReads`), and its queries run only once its lazy chunk has arrived: on a
 * phone that chain (HTML → entry chunks → lazy chunks → reads) put the first read about 400 ms
 * (unthrottled) after the page, most of the gap between home's largest paint and a bare page's
 * (docs/performance.md, "Mobile budget"). So the first load of a screen starts its reads as soon
 * as the session answers, and `request` takes a pending answer instead of asking again.
 *
 * The addresses are the screen's own queries' (`early-reads.test.ts` checks them against the
 * contract's endpoints), built by `apiUrl` as `request` builds them.
 */
export const SCREEN_READS: Readonly<Record<string, (userid: string) => readonly string[]>> = {
  [PATHS.home]: (userid) => [
    apiUrl('/getbots', { userid }),
    apiUrl('/config'),
    apiUrl('/trading/dashboard', { userid }),
    apiUrl('/trading/channel-results', { userid, period: 'today' }),
  ],
  [PATHS.masaniello]: (userid) => [apiUrl('/masaparams', { userid })],
};

/** An answer older than this is not used: the screen asks again. */
const FRESH_MS = 10_000;

const pending = new Map<string, { at: number; answer: Promise<Response> }>();

/** Starts the first reads of the screen at `path` for the bot `userid` (none for other screens). */
export function readScreenEarly(path: string, userid: string | null): void {
  const reads = SCREEN_READS[path];
  if (!reads || !userid) return;
  const at = Date.now();
  for (const url of reads(userid)) {
    if (pending.has(url)) continue;
    const answer = fetch(url, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    // A failure here is the screen's own read's to report, when it asks again.
    answer.catch(() => undefined);
    pending.set(url, { at, answer });
  }
}

/**
 * The pending early answer for `url`, once (a second read asks the server), or null. An answer
 * that failed or is not a success is not handed over: the caller asks again, so a read started
 * before a session ended never stands in for one made after the next login.
 */
export function takeEarly(url: string, ask: () => Promise<Response>): Promise<Response> | null {
  const early = pending.get(url);
  if (!early) return null;
  pending.delete(url);
  if (Date.now() - early.at > FRESH_MS) return null;
  return early.answer.then(
    (response) => (response.ok ? response : ask()),
    () => ask(),
  );
}

/** Forgets every pending early read (logout, login). */
export function forgetEarlyReads(): void {
  pending.clear();
}

/**
 * The bot a session's answer will select (as `rememberSession` does: the stored bot when the
 * account still has it, else the session's own), read from the unchecked answer: the early
 * reads start before the schemas that check it have loaded.
 */
export function sessionBotOf(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { userid, botIDs } = payload as { userid?: unknown; botIDs?: unknown };
  const stored = storage.get('userId');
  const kept =
    Array.isArray(botIDs) &&
    botIDs.some((b: unknown) => (b as { userid?: unknown } | null)?.userid === stored);
  if (stored !== null && kept) return stored;
  return typeof userid === 'string' ? userid : null;
}
