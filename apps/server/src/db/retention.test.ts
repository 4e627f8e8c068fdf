import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../test/app.ts';
import { seedPoolBots } from '../test/pool.ts';
import {
  DEFAULT_RETENTION,
  pruneAppendOnly,
  pruneTable,
  startRetentionJob,
  type PruneResult,
} from './retention.ts';

const t = useTestApp();
const DAY = 86_400_000;
const NOW = Date.UTC(2026, 11, 2, 12);

/** A bot to hang rows on (the tables reference bots). */
async function aBot(): Promise<number> {
  const [id] = await seedPoolBots(t.app.deps.db, 1, NOW + Math.floor(Math.random() * 1e6));
  return id as number;
}

async function idsOf(
  table: 'activity' | 'bot_events' | 'signals' | 'reader_messages',
  bot: number,
) {
  const rows = await t.app.deps.db
    .selectFrom(table)
    .select('id')
    .where('bot_id', '=', bot)
    .orderBy('id')
    .execute();
  return rows.map((r) => Number(r.id));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('retention of the append-only tables', () => {
  it('deletes feed lines older than the window, batch by batch, and keeps the younger ones', async () => {
    const db = t.app.deps.db;
    const bot = await aBot();
    // 7 lines 100 days old, then 3 from yesterday: appended in time order, as the robot does.
    const ages = [100, 100, 100, 100, 100, 100, 100, 1, 1, 1];
    for (const age of ages) {
      await db
        .insertInto('activity')
        .values({
          bot_id: bot,
          at: NOW - age * DAY,
          kind: 'signal',
          signal_id: null,
          order_id: null,
          message: JSON.stringify({ key: 'robot.activity.received', params: {} }),
        })
        .execute();
    }
    const before = await idsOf('activity', bot);
    // Batches of 3: the old rows span three windows, the walk stops at the young ones.
    const deleted = await pruneTable(db, 'activity', NOW - 90 * DAY, 3);
    expect(deleted).toBe(7);
    expect(await idsOf('activity', bot)).toEqual(before.slice(7));
  });

  it('never deletes a pending entry or a bot event not done, however old', async () => {
    const db = t.app.deps.db;
    const bot = await aBot();
    const old = NOW - 400 * DAY;
    const signal = (over: Record<string, unknown>) => ({
      bot_id: bot,
      channel_id: 'inbox-1',
      status: 'accepted' as const,
      received_at: old,
      parsed_at: old,
      ...over,
    });
    const ids: number[] = [];
    for (const values of [
      signal({ decided_at: null }),
      signal({ decided_at: old, decision: 'refused', decision_reason: 'bot_off' }),
      signal({ status: 'rejected', reason: 'no_signal' }),
      signal({ received_at: NOW - DAY, parsed_at: NOW - DAY, status: 'rejected' }),
    ]) {
      const row = await db
        .insertInto('signals')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(Number(row.id));
    }
    const [pending, decided, rejected, young] = ids;
    const event = (done: number | null, due: number) =>
      db
        .insertInto('bot_events')
        .values({ bot_id: bot, kind: 'wake', ref_id: null, due_at: due, done_at: done })
        .returning('id')
        .executeTakeFirstOrThrow();
    const doneOld = Number((await event(old, old)).id);
    const notDone = Number((await event(null, old)).id);
    const doneYoung = Number((await event(NOW - DAY, NOW - DAY)).id);

    const result = await pruneAppendOnly(db, {
      retention: DEFAULT_RETENTION,
      batch: 2,
      now: NOW,
    });

    // The decided and the rejected line went; the pending entry and the young line stayed.
    const left = await idsOf('signals', bot);
    expect(left).toEqual([pending, young]);
    expect(left).not.toContain(decided);
    expect(left).not.toContain(rejected);
    const events = await idsOf('bot_events', bot);
    expect(events).toEqual([notDone, doneYoung]);
    expect(events).not.toContain(doneOld);
    expect(result.signals).toBe(2);
    expect(result.bot_events).toBe(1);
  });

  it('keeps a table forever when its retention is 0', async () => {
    const db = t.app.deps.db;
    const bot = await aBot();
    await db
      .insertInto('reader_messages')
      .values({
        bot_id: bot,
        channel_id: 'inbox-9',
        source_id: null,
        text: 'EURUSD CALL',
        received_at: NOW - 1000 * DAY,
      })
      .execute();
    const kept = await pruneAppendOnly(db, {
      retention: { ...DEFAULT_RETENTION, reader_messages: 0 },
      batch: 100,
      now: NOW,
    });
    expect(kept.reader_messages).toBe(0);
    expect(await idsOf('reader_messages', bot)).toHaveLength(1);
    const gone = await pruneAppendOnly(db, { retention: DEFAULT_RETENTION, batch: 100, now: NOW });
    expect(gone.reader_messages).toBeGreaterThanOrEqual(1);
    expect(await idsOf('reader_messages', bot)).toEqual([]);
  });

  it('runs as a job every interval and tells what it deleted', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const db = t.app.deps.db;
    const bot = await aBot();
    await db
      .insertInto('activity')
      .values({
        bot_id: bot,
        at: NOW - 200 * DAY,
        kind: 'signal',
        signal_id: null,
        order_id: null,
        message: JSON.stringify({ key: 'robot.activity.received', params: {} }),
      })
      .execute();
    const runs: PruneResult[] = [];
    const job = startRetentionJob(db, {
      retention: DEFAULT_RETENTION,
      batch: 1000,
      intervalMs: 3_600_000,
      now: () => NOW,
      onRun: (r) => runs.push(r),
    });
    // Nothing before the first interval.
    await vi.advanceTimersByTimeAsync(3_599_000);
    expect(runs).toEqual([]);
    expect(await idsOf('activity', bot)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(() => expect(runs).toHaveLength(1), { timeout: 5_000 });
    expect(runs[0]?.activity).toBeGreaterThanOrEqual(1);
    expect(await idsOf('activity', bot)).toEqual([]);
    await job.stop();
  });
});
