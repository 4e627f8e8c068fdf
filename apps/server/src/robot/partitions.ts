import { processMetrics } from '../lib/metrics.ts';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ROBOT_PARTITIONS } from '../db/migrations/1101-robot-partitions.ts';
import { describeError, type RuntimeLog } from './runtime-deps.ts';

export { ROBOT_PARTITIONS };

/**
 * The bots shared by the live workers (docs/decisions/2026-12-02-worker-partitions.md): a bot
 * belongs to partition `bot_id % 64`, each partition is held by at most one live worker, and a
 * worker advances only the bots of the partitions it holds. Liveness is one heartbeat row per
 * worker (`robot_workers.beat_at`), written every `beatMs` whatever the number of bots; a worker
 * whose beat is older than `deadMs` is dead and its partitions are claimed by the workers the
 * assignment now gives them to.
 */

/** Defaults: a beat every 500 ms, dead after 2.5 s (a take-over within 3 s). */
export const HEARTBEAT_MS = 500;
export const DEAD_AFTER_MS = 2_500;

/** A runtime process's id: `<role>-<host>-<pid>-<random>` (WORKER_ID replaces it). */
export function processOwnerId(role: 'runtime' | 'worker', host = hostname()): string {
  return `${role}-${host}-${process.pid}-${randomBytes(4).toString('hex')}`;
}

/** A 32-bit hash of worker and partition (the rendezvous weight of a worker for a partition). */
function weight(worker: string, partition: number): number {
  let h = 0x811c9dc5;
  const s = `${worker}/${partition}`;
  for (let i = 0; i < s.length; i += 1) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  // murmur3's finaliser: FNV alone spreads ids that differ in one character poorly.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * The partitions `me` should hold among `live` workers: each partition goes to the live worker of
 * highest weight (rendezvous hashing), so every process computes the same assignment from the same
 * list, and a join or a leave moves only the partitions of that worker.
 */
export function assignedTo(me: string, live: readonly string[]): number[] {
  const out: number[] = [];
  for (let p = 0; p < ROBOT_PARTITIONS; p += 1) {
    let best: string | null = null;
    let bestWeight = -1;
    for (const w of live) {
      const x = weight(w, p);
      if (x > bestWeight || (x === bestWeight && best !== null && w < best)) {
        best = w;
        bestWeight = x;
      }
    }
    if (best === me) out.push(p);
  }
  return out;
}

/** `bot_id % 64 in (held)`, or true when every partition is held (the one-process runtime). */
export function inPartitions(
  column: string,
  held: readonly number[] | null,
): Expression<SqlBool> | null {
  if (held === null || held.length === ROBOT_PARTITIONS) return null;
  if (held.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`(${sql.ref(column)} % ${sql.lit(ROBOT_PARTITIONS)}) in (${sql.join(held.map((p) => sql.lit(p)))})`;
}

export interface PartitionOptions {
  id: string;
  role: 'runtime' | 'worker';
  now: () => number;
  log: RuntimeLog;
  beatMs?: number;
  deadMs?: number;
  /** Told when partitions were claimed (the loop runs a pass at once). */
  onClaimed?: () => void;
}

/** This process's share of the bots, kept by its heartbeat. */
export interface Partitions {
  readonly id: string;
  /** The partitions held now (sorted). */
  held(): number[];
  /**
   * Whether this process may call brokers: its last successful beat is recent enough that no
   * other worker can have judged it dead and taken its partitions.
   */
  mayTrade(): boolean;
  /** One heartbeat: beat, read who is live, claim and mark for release (tests call it by hand). */
  beat(): Promise<void>;
  /** Gives back the partitions the assignment moved away (the loop calls it between passes). */
  settle(): Promise<void>;
  /** Starts beating every `beatMs` (a timer that never keeps the process alive). */
  start(): void;
  /** Stops beating, leaves the worker list and gives back every partition (a clean stop). */
  stop(): Promise<void>;
}

/** The heartbeat and partition claims of one process over `db`. */
export function partitionsOf(db: Kysely<Database>, options: PartitionOptions): Partitions {
  const { id, role, now, log } = options;
  const beatMs = options.beatMs ?? HEARTBEAT_MS;
  const deadMs = options.deadMs ?? DEAD_AFTER_MS;
  let held: number[] = [];
  let release: number[] = [];
  let lastBeat = -Infinity;
  let timer: NodeJS.Timeout | null = null;
  let beating: Promise<void> | null = null;
  let beats = 0;

  const register = async (at: number): Promise<void> => {
    const res = await db
      .updateTable('robot_workers')
      .set({ beat_at: at })
      .where('id', '=', id)
      .executeTakeFirst();
    if (res.numUpdatedRows > 0n) return;
    await db
      .insertInto('robot_workers')
      .values({ id, role, host: hostname(), pid: process.pid, started_at: at, beat_at: at })
      .onConflict((oc) => oc.column('id').doUpdateSet({ beat_at: at }))
      .execute();
  };

  const once = async (): Promise<void> => {
    const at = now();
    await register(at);
    lastBeat = at;
    const alive = at - deadMs;
    const live = await db
      .selectFrom('robot_workers')
      .select('id')
      .where('beat_at', '>', alive)
      .execute();
    const wanted = new Set(assignedTo(id, [...new Set([id, ...live.map((w) => w.id)])]));
    const rows = await db.selectFrom('robot_partitions').select(['partition', 'owner']).execute();
    const liveIds = new Set(live.map((w) => w.id));
    const mine = rows.filter((r) => r.owner === id).map((r) => r.partition);
    const lost = held.filter((p) => !mine.includes(p));
    if (lost.length > 0)
      log.error({ worker: id, lost }, 'robot partitions: lost to another worker');
    const free = rows.filter(
      (r) =>
        wanted.has(r.partition) && r.owner !== id && (r.owner === null || !liveIds.has(r.owner)),
    );
    let claimed: number[] = [];
    if (free.length > 0) {
      const got = await db
        .updateTable('robot_partitions')
        .set({ owner: id, taken_at: at })
        .where(
          'partition',
          'in',
          free.map((r) => r.partition),
        )
        .where((eb) =>
          eb.or([
            eb('owner', 'is', null),
            eb('owner', '=', id),
            eb(
              'owner',
              'not in',
              eb.selectFrom('robot_workers').select('id').where('beat_at', '>', alive),
            ),
          ]),
        )
        .returning('partition')
        .execute();
      claimed = got.map((r) => r.partition);
      const taken = new Map<string, number[]>();
      for (const r of free) {
        if (r.owner === null || !claimed.includes(r.partition)) continue;
        taken.set(r.owner, [...(taken.get(r.owner) ?? []), r.partition]);
      }
      for (const [dead, partitions] of taken) {
        log.info({ worker: id, dead, partitions }, 'robot partitions: taken over');
      }
    }
    held = [...new Set([...mine, ...claimed])].sort((a, b) => a - b);
    release = held.filter((p) => !wanted.has(p));
    processMetrics().held({ partitions: held.length });
    processMetrics().heartbeatAt(at);
    beats += 1;
    // Rows of workers dead for 10 minutes are removed now and then (a restart gets a new id).
    if (beats % 120 === 1) {
      await db
        .deleteFrom('robot_workers')
        .where('beat_at', '<', at - 600_000)
        .execute();
    }
    if (claimed.length > 0) options.onClaimed?.();
  };

  const beat = (): Promise<void> => {
    beating ??= once()
      .catch((err: unknown) => {
        log.error({ err: describeError(err), worker: id }, 'robot partitions: heartbeat failed');
      })
      .finally(() => {
        beating = null;
      });
    return beating;
  };

  return {
    id,
    held: () => held,
    mayTrade: () => now() - lastBeat < deadMs - beatMs,
    beat,
    async settle() {
      if (release.length === 0) return;
      const gone = release;
      release = [];
      held = held.filter((p) => !gone.includes(p));
      await db
        .updateTable('robot_partitions')
        .set({ owner: null, taken_at: null })
        .where('owner', '=', id)
        .where('partition', 'in', gone)
        .execute();
      log.info({ worker: id, partitions: gone }, 'robot partitions: released');
    },
    start() {
      if (timer) return;
      timer = setInterval(() => void beat(), beatMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await beating;
      held = [];
      await db
        .updateTable('robot_partitions')
        .set({ owner: null, taken_at: null })
        .where('owner', '=', id)
        .execute();
      await db.deleteFrom('robot_workers').where('id', '=', id).execute();
    },
  };
}
