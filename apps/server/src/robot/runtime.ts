import type { AppDeps } from '../plugins/context.ts';
import { brokerResolver, type BrokerResolver } from './brokers/broker-resolver.ts';
import { paperBatchBroker } from './brokers/paper-batch.ts';
import { dispatchCopies } from './copy/dispatch.ts';
import { DECIDE_LEAD_MS } from './decide/decide-signals.ts';
import { dueBots, lastEventId, markEventsDone, nextDueAt } from './inbox.ts';
import {
  acquireLease,
  processOwnerId,
  reclaimDeadLeases,
  releaseLeases,
  renewLeases,
} from './leases.ts';
import { runSession } from './run-session.ts';
import { describeError, type RuntimeDeps, type RuntimeLog } from './runtime-deps.ts';

/** One broker resolver per app (its Deriv connections are shared by the runtime and the API). */
const resolvers = new WeakMap<AppDeps, BrokerResolver>();

/**
 * The app's broker resolver (brokers/broker-resolver.ts), made on first use with
 * `DERIV_WS_URL`/`DERIV_APP_ID`; {@link closeBrokers} ends its connections when the app closes.
 */
export function brokersOf(deps: AppDeps): BrokerResolver {
  let r = resolvers.get(deps);
  if (!r) {
    r = brokerResolver(deps);
    resolvers.set(deps, r);
  }
  return r;
}

/** Closes the app's broker connections (if any were made). */
export async function closeBrokers(deps: AppDeps): Promise<void> {
  const r = resolvers.get(deps);
  resolvers.delete(deps);
  await r?.close();
}

/**
 * The runtime's deps from the server's: the bot's broker from the app's resolver (Deriv when the
 * bot's broker is Deriv and a token for its account is stored, else paper).
 */
export function runtimeDepsOf(
  deps: AppDeps,
  log: RuntimeLog,
  extra: Partial<Pick<RuntimeDeps, 'onChange' | 'fault' | 'brokerFor'>> & {
    /** Brokers from this resolver instead of the app's (tests bring one on a fake broker). */
    resolver?: BrokerResolver;
  } = {},
): RuntimeDeps {
  const { resolver, ...rest } = extra;
  const brokers = (): BrokerResolver => resolver ?? brokersOf(deps);
  return {
    db: deps.db,
    dialect: deps.dialect,
    now: deps.now,
    secrets: deps.secrets,
    log,
    brokerFor: (botId, brokerId) => brokers().brokerFor(botId, brokerId),
    // Copies go to the paper broker in one batch, unless a test or caller brings its own
    // `brokerFor` (then one call at a time through it); a copy whose follower stored its login at
    // a real-trading broker (Deriv, Quadcode platform) goes one call at a time through its own
    // adapter (copy-send.ts).
    ...(rest.brokerFor ? {} : copyRouting(brokers)),
    ...rest,
  };
}

/** The paper batch for copies, and the follower's own adapter where it stored its login. */
export function copyRouting(
  brokers: () => BrokerResolver,
): Pick<RuntimeDeps, 'batchBroker' | 'ownBroker'> {
  const batch = paperBatchBroker();
  return {
    batchBroker: () => batch,
    ownBroker: (db, targets) => brokers().ownAdapters(db, targets),
  };
}

export interface RuntimeLoopOptions {
  /** Bots run per pass at most (default 50). */
  batch?: number;
  /**
   * Longest sleep between passes, ms (default 1000): inbox rows written by another process (the
   * server while a worker runs) are seen within it; in-process writes call `wake()` at once.
   */
  idleMs?: number;
  /** Lease owner id (default a random one); leases make one writer per bot across workers. */
  owner?: string;
  /** Lease length, ms (default 15 s); renewed every pass. */
  leaseMs?: number;
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
  /** Runs a pass now (something was just queued). */
  wake(): void;
  /** Waits for the pass in progress, gives the leases back and stops. */
  stop(): Promise<void>;
}

/**
 * Bots with something due now: a pending inbox event, a queued command, or a pending entry due
 * for its decision (so rows written before their doorbell, or by another process, still trade).
 */
async function botsDue(rt: RuntimeDeps, now: number, limit: number): Promise<number[]> {
  const fromInbox = await dueBots(rt.db, now, limit);
  const commands = await rt.db
    .selectFrom('bot_commands')
    .select('bot_id')
    .distinct()
    .where('status', '=', 'queued')
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
    .limit(limit)
    .execute();
  const all = new Set<number>(fromInbox);
  for (const r of [...commands, ...signals]) all.add(Number(r.bot_id));
  return [...all].slice(0, limit);
}

/**
 * One pass: every bot due now is leased and advanced by {@link runSession}; returns when the
 * runtime must look again (Unix ms, or null when nothing is pending).
 */
export async function runDuePass(
  rt: RuntimeDeps,
  { batch = 50, owner = 'local', leaseMs = 15_000, lanes = 8 }: RuntimeLoopOptions = {},
): Promise<{ ran: number; nextDueAt: number | null }> {
  const now = rt.now();
  await renewLeases(rt.db, owner, now, leaseMs);
  let ran = 0;
  const queue = await botsDue(rt, now, batch);
  const lane = async (): Promise<void> => {
    for (let botId = queue.shift(); botId !== undefined; botId = queue.shift()) {
      if (!(await acquireLease(rt.db, botId, owner, rt.now(), leaseMs))) continue;
      const upTo = await lastEventId(rt.db, botId);
      try {
        await runSession(rt, botId);
        ran += 1;
      } catch (err) {
        rt.log.error({ err: describeError(err), botId }, 'robot runtime: bot run failed');
      }
      await markEventsDone(rt.db, botId, upTo, now);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(lanes, queue.length)) }, lane));
  // Copies the passes above fanned out (or another process did) are sent, reconciled, settled.
  let copiesDue: number | null = null;
  try {
    const copies = await dispatchCopies(rt);
    copiesDue = copies.nextDueAt;
  } catch (err) {
    rt.log.error({ err: describeError(err) }, 'robot runtime: copy dispatch failed');
  }
  const inboxDue = await nextDueAt(rt.db);
  const due = [inboxDue, copiesDue].filter((x): x is number => x !== null);
  return { ran, nextDueAt: due.length ? Math.min(...due) : null };
}

/**
 * Starts the runtime loop (the server's in-process runtime and `npm run worker` alike): a pass,
 * then a sleep until the next due instant (at most `idleMs`), a chain of timeouts so a slow pass
 * delays the next instead of overlapping. A failing pass is logged and the loop goes on.
 */
export function startRuntimeLoop(rt: RuntimeDeps, options: RuntimeLoopOptions = {}): RuntimeLoop {
  const owner = options.owner ?? processOwnerId('runtime');
  const idleMs = options.idleMs ?? 1000;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  let again = false;

  // A restart takes back at once the bots a dead process of this host still held by lease.
  let reclaimed = false;
  const pass = async (): Promise<number> => {
    try {
      if (!reclaimed) {
        reclaimed = true;
        const freed = await reclaimDeadLeases(rt.db);
        if (freed > 0) rt.log.info({ freed }, 'robot runtime: leases of a dead process taken back');
      }
      const { nextDueAt: next } = await runDuePass(rt, { ...options, owner });
      return next === null ? idleMs : Math.min(idleMs, Math.max(0, next - rt.now()));
    } catch (err) {
      rt.log.error({ err: describeError(err) }, 'robot runtime: pass failed');
      return idleMs;
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

  schedule(idleMs);
  return {
    owner,
    wake() {
      if (running) again = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
      await releaseLeases(rt.db, owner).catch(() => undefined);
    },
  };
}
