import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';
import { seedPoolBots, writePoolEntries } from '../test/pool.ts';
import { robotOf } from '../test/robot.ts';
import { assignedTo, partitionsOf, type Partitions } from './partitions.ts';
import { runDuePass } from './runtime.ts';
import type { RuntimeDeps } from './runtime-deps.ts';

// kill -9 of a worker 2 s before an entry, simulated in one process on a fake clock: two workers
// share 60 bots by partition, both decide their bots' entry 30 s ahead, then one stops beating
// and running 2 s before the entry. The other takes its partitions over at its first beat 2.5 s
// after the dead one's last, sends every entry within its tolerance, and the dead one, were it
// only paused, sends nothing once it may have been taken over. 0 missed, 0 doubled.
// (workers.test.ts does it with real processes and SIGKILL on PostgreSQL.)
const BOTS = 60;
const start = Date.UTC(2026, 0, 7, 10, 0);
const clock = { now: start };
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({ now: () => clock.now });
});
afterAll(() => ctx.close());

interface Worker {
  parts: Partitions;
  rt: RuntimeDeps;
}

function worker(id: string): Worker {
  const rt = robotOf(ctx.app);
  const parts = partitionsOf(ctx.app.deps.db, { id, role: 'worker', now: rt.now, log: rt.log });
  return { parts, rt: { ...rt, mayTrade: () => parts.mayTrade() } };
}

/** One pass of a worker over the partitions it holds, as its loop runs it (then lets go). */
async function pass(w: Worker): Promise<void> {
  if (w.parts.mayTrade()) await runDuePass(w.rt, { batch: 1_000, partitions: w.parts.held() });
  await w.parts.settle();
}

/** Moves the clock to `at` in heartbeats of 500 ms, every worker in `alive` beating each time. */
async function advance(at: number, alive: Worker[]): Promise<void> {
  while (clock.now < at) {
    clock.now = Math.min(at, clock.now + 500);
    for (const w of alive) await w.parts.beat();
  }
}

describe('a worker killed 2 s before an entry', () => {
  it('has its bots taken over and every entry sent on time, once', async () => {
    const db = ctx.app.deps.db;
    const botIds = await seedPoolBots(db, BOTS, clock.now);
    const a = worker('take-a');
    const b = worker('take-b');
    await a.parts.beat();
    await b.parts.beat();
    await pass(a);
    await b.parts.beat();
    expect(a.parts.held().length + b.parts.held().length).toBe(64);

    const at = start + 2 * 60_000;
    const [ids = []] = await writePoolEntries(
      db,
      botIds,
      [{ asset: 'EURUSD', direction: 'CALL', atMs: at, timeframeMin: 1 }],
      'take-over',
      clock.now,
    );
    // Both decide their own bots' entries 30 s ahead: every order in the ledger, due at `at`.
    await advance(at - 30_000, [a, b]);
    await pass(a);
    await pass(b);
    const placed = await db
      .selectFrom('orders')
      .select(['bot_id', 'state'])
      .where('signal_id', 'in', ids)
      .execute();
    expect(placed).toHaveLength(BOTS);
    expect(placed.every((o) => o.state === 'placed')).toBe(true);

    // Killed 2 s before the entry: its last beat then.
    await advance(at - 2_000, [a, b]);
    await pass(b);
    await advance(at, [b]);
    await pass(b); // b's own bots go out on time; a's wait for their new owner
    await advance(at + 500, [b]); // a's beat is 2.5 s old: dead, its partitions taken over
    expect(b.parts.held()).toHaveLength(64);
    // Were a only paused, its clock says it may have been taken over: it calls no broker.
    const openNow = async () =>
      (
        await db
          .selectFrom('orders')
          .select('id')
          .where('signal_id', 'in', ids)
          .where('state', '=', 'open')
          .execute()
      ).length;
    const before = await openNow();
    expect(before).toBeLessThan(BOTS);
    await runDuePass(a.rt, {
      batch: 1_000,
      partitions: assignedTo('take-a', ['take-a', 'take-b']),
    });
    expect(await openNow()).toBe(before);
    await pass(b);

    const orders = await db
      .selectFrom('orders')
      .select(['signal_id', 'state', 'send_at', 'confirmed_at', 'fail_reason'])
      .where('signal_id', 'in', ids)
      .execute();
    expect(orders.filter((o) => o.state !== 'open')).toEqual([]);
    expect(new Set(orders.map((o) => o.signal_id)).size).toBe(BOTS);
    const late = orders.map((o) => Number(o.confirmed_at) - Number(o.send_at));
    expect(Math.max(...late)).toBeLessThanOrEqual(500);
    const atBroker = await db
      .selectFrom('paper_orders')
      .select('bot_id')
      .where('bot_id', 'in', botIds)
      .execute();
    expect(atBroker).toHaveLength(BOTS);
  });
});
