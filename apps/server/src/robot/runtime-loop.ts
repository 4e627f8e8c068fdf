import { processMetrics } from '../lib/metrics.ts';
import { dispatchCopies } from './copy/dispatch.ts';
import { DECIDE_LEAD_MS } from './decide/decide-signals.ts';
import { dueBots, lastEventId, markEventsDone, nextDueAt } from './bot-events.ts';
import { inPartitions, partitionsOf, processOwnerId, type Partitions } from './partitions.ts';
import { decideDueBatch } from './decide/decide-batch.ts';
import { SEND_BATCH_LIMIT, sendDueBatch } from './orders/send-batch.ts';
import { runSession } from './run-session.ts';
import { describeError, type RuntimeDeps } from './runtime-deps.ts';

/** Send batches one pass runs at most (20,000 orders of the partitions held). */
const SEND_BATCHES_PER_PASS = 4;

export interface RuntimeLoopOptions {
  /** Bots run per pass at most (default 50). */
  batch?: number;
  /**
   * Longest sleep between passes, ms (default 1000): bot events written by another process (the
   * server while a worker runs) are seen within it; in-process writes call `wake()` at once.
   */
  idleMs?: number;
  /** This process's id in `robot_workers` (default `<role>-<host>-<pid>-<random>`). */
  owner?: string;
  role?: 'runtime' | 'worker';
  /**
   * Share the bots with other processes by partition (partitions.ts). Default: on PostgreSQL;
   * on SQLite the one process owns every bot and writes no heartbeat.
   */
  shared?: boolean;
  /** Heartbeat interval and the age of a beat that makes a worker dead, ms (500 and 2,500). */
  heartbeatMs?: number;
  deadMs?: number;
  /**
   * Bots advanced at the same time in a pass (default 8): a bot waiting on a slow broker (Deriv
   * answers within 8 s or fails) holds one lane, not the others' sends. No broker call runs
   * inside a database transaction, so the lanes only share the database between calls.
   */
  lanes?: number;
}

/** A running runtime loop. */
export interface RuntimeLoop {
  readonly owner: string;
  /** This process's share of the bots, or null when it owns them all (SQLite). */
  readonly partitions: Partitions | null;
  /** Runs a pass now (something was just queued). */
  wake(): void;
  /** Waits for the pass in progress, gives its partitions back and stops. */
  stop(): Promise<void>;
}

/** What a pass runs on: the partitions held (null: every bot), and its bounds. */
export interface PassOptions {
  batch?: number;
  lanes?: number;
  partitions?: readonly number[] | null;
}

/**
 * Bots of the partitions `held` with something due now: a pending bot event, a queued command,
 * or a pending entry due for its decision (so rows written before their doorbell, or by another
 * process, still trade).
 */
async function botsDue(
  rt: RuntimeDeps,
  now: number,
  limit: number,
  held: readonly number[] | null,
): Promise<number[]> {
  const fromEvents = await dueBots(rt.db, now, limit, held);
  const mine = inPartitions('bot_id', held);
  const commands = await rt.db
    .selectFrom('bot_commands')
    .select('bot_id')
    .distinct()
    .where('status', '=', 'queued')
    .$if(mine !== null, (q) => q.where(mine!))
    .limit(limit)
    .execute();
  const signals = await rt.db
    .selectFrom('signals')
    .select('bot_id')
    .distinct()
    .where('status', '=', 'accepted')
    .where('decided_at', 'is', null)
    // A pending entry makes its bot due from its decision lead on (its wake is booked too).
    .where((eb) => eb.or([eb('entry_at', 'is', null), eb('entry_at', '<=', now + DECIDE_LEAD_MS)]))
    .$if(mine !== null, (q) => q.where(mine!))
    .limit(limit)
    .execute();
  const all = new Set<number>(fromEvents);
  for (const r of [...commands, ...signals]) all.add(Number(r.bot_id));
  return [...all].slice(0, limit);
}

/**
 * One pass over the bots of the partitions held: every bot due now is advanced by
 * {@link runSession}, `lanes` at a time; returns when the runtime must look again (Unix ms, or
 * null when nothing is pending).
 */
export async function runDuePass(
  rt: RuntimeDeps,
  { batch = 50, lanes = 8, partitions = null }: PassOptions = {},
): Promise<{ ran: number; nextDueAt: number | null }> {
  const now = rt.now();
  let ran = 0;
  if (rt.mayTrade?.() === false) return { ran, nextDueAt: null };
  // The entries due for their decision and the orders due now of every bot at once (set-based;
  // what needs a bot's own run is left to it, below).
  try {
    await decideDueBatch(rt, partitions);
  } catch (err) {
    rt.log.error({ err: describeError(err) }, 'robot runtime: batch of decisions failed');
  }
  try {
    // More due than one batch takes (5,000): the next batches at once, before any bot's own run,
    // so the orders after the first 5,000 do not wait a whole pass past their tolerance.
    for (let i = 0; i < SEND_BATCHES_PER_PASS; i += 1) {
      if ((await sendDueBatch(rt, partitions)).claimed < SEND_BATCH_LIMIT) break;
    }
  } catch (err) {
    rt.log.error({ err: describeError(err) }, 'robot runtime: batch send failed');
  }
  const queue = await botsDue(rt, now, batch, partitions);
  const lane = async (): Promise<void> => {
    for (let botId = queue.shift(); botId !== undefined; botId = queue.shift()) {
      const upTo = await lastEventId(rt.db, botId);
      try {
        await runSession(rt, botId);
        ran += 1;
      } catch (err) {
        rt.log.error({ err: describeError(err), botId }, 'robot runtime: bot run failed');
      }
      // A run fenced off half-way (this process may have been taken over) leaves the bot's
      // doorbells ringing for its new owner.
      if (rt.mayTrade?.() === false) continue;
      await markEventsDone(rt.db, botId, upTo, now);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(lanes, queue.length)) }, lane));
  // Copies the passes above fanned out (or another process did) are sent, reconciled, settled:
  // every copy is claimed by compare-and-set, so any process may dispatch any copy.
  let copiesDue: number | null = null;
  try {
    const copies = await dispatchCopies(rt);
    copiesDue = copies.nextDueAt;
  } catch (err) {
    rt.log.error({ err: describeError(err) }, 'robot runtime: copy dispatch failed');
  }
  const eventsDue = await nextDueAt(rt.db, partitions);
  const due = [eventsDue, copiesDue].filter((x): x is number => x !== null);
  return { ran, nextDueAt: due.length ? Math.min(...due) : null };
}

/**
 * Starts the runtime loop (the server's in-process runtime and `npm run worker` alike): a pass,
 * then a sleep until the next due instant (at most `idleMs`), a chain of timeouts so a slow pass
 * delays the next instead of overlapping. A failing pass is logged and the loop goes on. Shared
 * (PostgreSQL), the process beats, holds its partitions and runs only their bots; between passes
 * it gives back the partitions a join moved to another worker.
 */
export function startRuntimeLoop(rt: RuntimeDeps, options: RuntimeLoopOptions = {}): RuntimeLoop {
  const role = options.role ?? 'runtime';
  const owner = options.owner ?? processOwnerId(role);
  const idleMs = options.idleMs ?? 1000;
  const shared = options.shared ?? rt.dialect === 'postgres';
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  let again = false;
  let wake = (): void => undefined;
  const parts = shared
    ? partitionsOf(rt.db, {
        id: owner,
        role,
        now: rt.now,
        log: rt.log,
        ...(options.heartbeatMs === undefined ? {} : { beatMs: options.heartbeatMs }),
        ...(options.deadMs === undefined ? {} : { deadMs: options.deadMs }),
        onClaimed: () => wake(),
      })
    : null;
  const deps: RuntimeDeps = parts ? { ...rt, mayTrade: () => parts.mayTrade() } : rt;
  let started = false;

  const pass = async (): Promise<number> => {
    const passStarted = Date.now();
    try {
      if (parts && !started) {
        started = true;
        await parts.beat();
        parts.start();
      }
      // Not sure to be alive in the others' eyes (a beat failed or is late): no broker call.
      if (parts && !parts.mayTrade()) return Math.min(idleMs, options.heartbeatMs ?? 500);
      const partitions = parts ? parts.held() : null;
      const { nextDueAt: next } = await runDuePass(deps, {
        ...(options.batch === undefined ? {} : { batch: options.batch }),
        ...(options.lanes === undefined ? {} : { lanes: options.lanes }),
        partitions,
      });
      processMetrics().runtimePassed(Date.now() - passStarted, rt.now());
      return next === null ? idleMs : Math.min(idleMs, Math.max(0, next - rt.now()));
    } catch (err) {
      rt.log.error({ err: describeError(err) }, 'robot runtime: pass failed');
      processMetrics().runtimePassed(Date.now() - passStarted, rt.now(), true);
      return idleMs;
    } finally {
      await parts?.settle().catch((err: unknown) => {
        rt.log.error({ err: describeError(err) }, 'robot partitions: release failed');
      });
    }
  };

  const schedule = (delayMs: number): void => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      running = pass().then((next) => {
        running = null;
        schedule(again ? 0 : next);
        again = false;
      });
    }, delayMs);
    timer.unref();
  };
  wake = () => {
    if (running) again = true;
    else schedule(0);
  };

  schedule(parts ? 0 : idleMs);
  return {
    owner,
    partitions: parts,
    wake: () => wake(),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
      await parts?.stop().catch(() => undefined);
    },
  };
}
