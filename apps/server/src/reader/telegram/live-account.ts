import { errors } from 'telegram';
import { TelegramUnreachableError, within } from './calls.ts';
import type { ConnectionState, TelegramClientPort } from './client.ts';

/** Catch-ups of one account start at least this far apart, ms (Telegram flood-waits more). */
export const CATCH_UP_MIN_GAP_MS = 60_000;
/**
 * How often a connected account asks its followed chats' newest ids (one GetPeerDialogs call),
 * ms: gramjs 2.26 has no getDifference, so a channel update Telegram never pushed would otherwise
 * stay unread while the connection lasts.
 */
export const GAP_CHECK_MS = 10 * 60_000;
/**
 * How long a dropped connection may stay down before the reader replaces the client, ms:
 * gramjs's sender makes a bounded number of attempts (`connectionRetries`) and then gives up for
 * good, reporting nothing more.
 */
export const DOWN_GRACE_MS = 2 * 60_000;
/**
 * One catch-up or gap-check call's time, ms: the longest flood wait gramjs sleeps through (60 s)
 * and some. A call that outlasts it is a dead client.
 */
export const READ_CALL_TIMEOUT_MS = 90_000;

/** What one catch-up reads: every chat (after a drop or a start), or the chats a check found. */
export type CatchUpScope = { kind: 'all' } | { kind: 'chats'; tops: Map<string, number> };

export interface LiveAccountHooks {
  /** Reads the chats (catch-up.ts); throws FloodWaitError, TelegramUnreachableError… */
  catchUp(client: TelegramClientPort, scope: CatchUpScope, active: () => boolean): Promise<void>;
  /** The followed chats whose newest id is above their cursor, with that id. */
  gaps(client: TelegramClientPort): Promise<Map<string, number>>;
  /** The client is of no more use (dead, or its calls never answer): replace it. */
  replace(): void;
  onError(err: unknown, context: Record<string, unknown>): void;
}

/**
 * One signed-in account's live client and what keeps it honest on gramjs 2.26:
 *
 * - **Catch-ups on a real reconnection only.** gramjs dispatches `connected` after every healthy
 *   keep-alive ping (its update loop's wake-up branch), so only a `connected` that follows a
 *   `disconnected`/`broken` means messages may have been missed.
 * - **Never two at once, at most one a minute.** A request while one runs, or within
 *   {@link CATCH_UP_MIN_GAP_MS} of the last start, runs once when both are over.
 * - **Gaps while connected** are found by a check every {@link GAP_CHECK_MS}.
 * - **A client that never comes back** (down past {@link DOWN_GRACE_MS}, or a call that never
 *   answers) is replaced.
 *
 * `caughtUp` says whether every message up to now is stored, so a live message may move the
 * chat's cursor without skipping a gap.
 */
export class LiveAccount {
  caughtUp = false;
  private up = true;
  private closed = false;
  private drops = 0;
  private running: Promise<void> | null = null;
  private pending: CatchUpScope | null = null;
  private cooldown: NodeJS.Timeout | null = null;
  private floodRetry: NodeJS.Timeout | null = null;
  private downTimer: NodeJS.Timeout | null = null;
  private gapTimer: NodeJS.Timeout | null = null;

  constructor(
    readonly client: TelegramClientPort,
    private readonly hooks: LiveAccountHooks,
    private readonly track: (work: Promise<void>) => void,
  ) {
    client.onConnectionState((state) => this.onState(state));
    this.scheduleGapCheck();
  }

  get active(): boolean {
    return !this.closed;
  }

  /** Stops every timer; a catch-up in flight stops at its next step. */
  close(): void {
    this.closed = true;
    this.caughtUp = false;
    for (const timer of [this.cooldown, this.floodRetry, this.downTimer, this.gapTimer]) {
      if (timer) clearTimeout(timer);
    }
  }

  /** Asks for a catch-up; it runs now, or once the running one and the minute are over. */
  requestCatchUp(scope: CatchUpScope = { kind: 'all' }): void {
    if (this.closed) return;
    this.caughtUp = false;
    this.pending = merge(this.pending, scope);
    this.kick();
  }

  private onState(state: ConnectionState): void {
    if (this.closed) return;
    if (state === 'connected') {
      // A keep-alive on a healthy connection: nothing was missed.
      if (this.up) return;
      this.up = true;
      if (this.downTimer) clearTimeout(this.downTimer);
      this.downTimer = null;
      this.requestCatchUp();
      return;
    }
    this.caughtUp = false;
    this.drops += 1;
    if (!this.up) return;
    this.up = false;
    this.downTimer = this.timer(DOWN_GRACE_MS, () => {
      this.downTimer = null;
      if (!this.up) this.hooks.replace();
    });
  }

  private kick(): void {
    if (this.closed || this.running || this.cooldown || this.pending === null) return;
    const scope = this.pending;
    this.pending = null;
    this.cooldown = this.timer(CATCH_UP_MIN_GAP_MS, () => {
      this.cooldown = null;
      this.kick();
    });
    const run = this.run(scope).finally(() => {
      this.running = null;
      this.kick();
    });
    this.running = run;
    this.track(run);
  }

  private async run(scope: CatchUpScope): Promise<void> {
    const dropsBefore = this.drops;
    try {
      await this.hooks.catchUp(this.client, scope, () => this.active);
      if (this.active && this.drops === dropsBefore && this.pending === null) this.caughtUp = true;
    } catch (err) {
      this.hooks.onError(err, { catchUp: true });
      if (!this.active) return;
      if (err instanceof errors.FloodWaitError) {
        // Asked again once the wait is over (and the minute, whichever is later).
        if (this.floodRetry) clearTimeout(this.floodRetry);
        this.floodRetry = this.timer(err.seconds * 1000, () => {
          this.floodRetry = null;
          this.requestCatchUp(scope);
        });
      } else if (err instanceof TelegramUnreachableError) {
        this.hooks.replace();
      } else {
        // A drop during the pass (its call failed): the reconnection asks again; if none
        // comes, the next gap check does.
        this.caughtUp = false;
      }
    }
  }

  private scheduleGapCheck(): void {
    this.gapTimer = this.timer(GAP_CHECK_MS, () => {
      this.gapTimer = null;
      const check = this.checkGaps().finally(() => this.scheduleGapCheck());
      this.track(check);
    });
  }

  private async checkGaps(): Promise<void> {
    if (this.closed || !this.up || this.running || this.pending !== null) return;
    if (!this.caughtUp) {
      // The last catch-up failed (a call dropped) and no reconnection asked again.
      this.requestCatchUp();
      return;
    }
    try {
      const tops = await within(this.hooks.gaps(this.client), READ_CALL_TIMEOUT_MS, 'gaps');
      if (tops.size > 0 && this.active) this.requestCatchUp({ kind: 'chats', tops });
    } catch (err) {
      this.hooks.onError(err, { gapCheck: true });
      if (err instanceof TelegramUnreachableError && this.active) this.hooks.replace();
    }
  }

  private timer(ms: number, run: () => void): NodeJS.Timeout {
    const timer = setTimeout(run, ms);
    timer.unref();
    return timer;
  }
}

/** Two requests as one: every chat wins over some; two sets of chats are joined. */
function merge(a: CatchUpScope | null, b: CatchUpScope): CatchUpScope {
  if (a === null) return b;
  if (a.kind === 'all' || b.kind === 'all') return { kind: 'all' };
  const tops = new Map(a.tops);
  for (const [chat, top] of b.tops) tops.set(chat, Math.max(top, tops.get(chat) ?? 0));
  return { kind: 'chats', tops };
}
