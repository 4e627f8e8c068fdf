import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';
import { memoryLog } from '../test/robot.ts';
import { assignedTo, partitionsOf, ROBOT_PARTITIONS, type Partitions } from './partitions.ts';

// Workers share the bots by partition: a heartbeat row each, never two holders of a partition,
// a dead worker's partitions claimed within 3 s of its last beat, a join moving only its share.
// Several "processes" on one database, each with its own clock reading (the same fake clock).
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const clock = { now: Date.UTC(2026, 0, 7, 10, 0) };

function worker(id: string): Partitions & { log: ReturnType<typeof logOf> } {
  const log = logOf();
  const p = partitionsOf(ctx.app.deps.db, { id, role: 'worker', now: () => clock.now, log });
  return Object.assign(p, { log });
}

function logOf() {
  const lines: { msg: string; obj: Record<string, unknown> }[] = [];
  const base = memoryLog();
  return {
    lines,
    info: (obj: object, msg: string) => void lines.push({ msg, obj: obj as never }),
    error: (obj: object, msg: string) => {
      lines.push({ msg, obj: obj as never });
      base.error(obj, msg);
    },
  };
}

async function owners(): Promise<Map<number, string | null>> {
  const rows = await ctx.app.deps.db
    .selectFrom('robot_partitions')
    .select(['partition', 'owner'])
    .execute();
  return new Map(rows.map((r) => [r.partition, r.owner]));
}

function disjoint(...ws: Partitions[]): void {
  const seen = new Set<number>();
  for (const w of ws) {
    for (const p of w.held()) {
      expect(seen.has(p)).toBe(false);
      seen.add(p);
    }
  }
}

describe('robot partitions', () => {
  it('gives every partition to exactly one live worker, the same from every process', () => {
    const live = ['a', 'b', 'c'];
    const shares = live.map((w) => assignedTo(w, live));
    expect(shares.flat().sort((x, y) => x - y)).toEqual(
      Array.from({ length: ROBOT_PARTITIONS }, (_, i) => i),
    );
    // Each gets a fair share (64 / 3 ≈ 21), none is left empty.
    for (const s of shares) expect(s.length).toBeGreaterThan(10);
    // A leave moves only the leaver's partitions.
    const without = assignedTo('a', ['a', 'b']);
    for (const p of shares[0] ?? []) expect(without).toContain(p);
  });

  it('shares on a join, takes a dead worker over within 3 s, and never has two holders', async () => {
    const a = worker('wa');
    const b = worker('wb');
    await a.beat();
    expect(a.held()).toHaveLength(ROBOT_PARTITIONS);
    expect(a.mayTrade()).toBe(true);

    // b joins: it gets nothing while a, alive, still holds everything.
    clock.now += 500;
    await b.beat();
    expect(b.held()).toEqual([]);
    disjoint(a, b);
    // a learns of b at its next beat and lets go of b's share once its pass is over.
    await a.beat();
    expect(a.held()).toHaveLength(ROBOT_PARTITIONS);
    await a.settle();
    expect(a.held()).toEqual(assignedTo('wa', ['wa', 'wb']));
    disjoint(a, b);
    clock.now += 500;
    await b.beat();
    expect(b.held()).toEqual(assignedTo('wb', ['wa', 'wb']));
    disjoint(a, b);
    expect([...(await owners()).values()].every((o) => o === 'wa' || o === 'wb')).toBe(true);

    // a dies (kill -9: no more beats). 2 s later it must not trade any more by its own clock;
    // b, beating every 500 ms, takes its partitions at its first beat past 2.5 s.
    const aLast = clock.now - 500;
    clock.now = aLast + 2_000;
    expect(a.mayTrade()).toBe(false);
    await b.beat();
    expect(b.held()).toEqual(assignedTo('wb', ['wa', 'wb']));
    clock.now = aLast + 2_500;
    await b.beat();
    expect(b.held()).toHaveLength(ROBOT_PARTITIONS);
    expect(clock.now - aLast).toBeLessThanOrEqual(3_000);
    const takeOver = b.log.lines.find((l) => l.msg === 'robot partitions: taken over');
    expect(takeOver?.obj).toMatchObject({ worker: 'wb', dead: 'wa' });
    expect(takeOver?.obj.partitions).toEqual(assignedTo('wa', ['wa', 'wb']));

    // a was only paused: it comes back, sees what it lost, and takes back its share only once b
    // has let go of it (never two holders).
    clock.now += 100;
    await a.beat();
    expect(a.held()).toEqual([]);
    expect(a.log.lines.some((l) => l.msg === 'robot partitions: lost to another worker')).toBe(
      true,
    );
    disjoint(a, b);
    clock.now += 400;
    await b.beat();
    await b.settle();
    disjoint(a, b);
    await a.beat();
    expect(a.held()).toEqual(assignedTo('wa', ['wa', 'wb']));
    disjoint(a, b);

    // A clean stop gives everything back at once: the other claims it at its next beat.
    await a.stop();
    clock.now += 500;
    await b.beat();
    expect(b.held()).toHaveLength(ROBOT_PARTITIONS);
    const workers = await ctx.app.deps.db.selectFrom('robot_workers').select('id').execute();
    expect(workers.map((w) => w.id)).toEqual(['wb']);
    await b.stop();
    expect([...(await owners()).values()].every((o) => o === null)).toBe(true);
  });
});
