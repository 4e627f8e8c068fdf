import type { KyselyPlugin } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { fromDbJson } from '../db/dialect.ts';
import { registerAndLogin, useTestApp } from '../test/app.ts';
import { seedPoolBots } from '../test/pool.ts';
import { createChannel, post, signalsOf, subscribe, type Trader } from '../test/reader.ts';
import { ensureReaderCursor } from './messages.ts';
import { readNewMessages } from './reader.ts';

// 2026-05-12 17:00 UTC = 14:00 in Brasília (UTC−3, the default trader and channel clock).
const T0 = Date.UTC(2026, 4, 12, 17, 0, 0);
const t = useTestApp({ now: () => T0 });

/** The statements a pass runs, counted as the database answers them. */
function counting(): { plugin: KyselyPlugin; count: () => number; reset: () => void } {
  let n = 0;
  return {
    plugin: {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        n += 1;
        return args.result;
      },
    },
    count: () => n,
    reset: () => {
      n = 0;
    },
  };
}

async function botIdOf(userid: string): Promise<number> {
  const row = await t.app.deps.db
    .selectFrom('bots')
    .select('id')
    .where('userid', '=', userid)
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A trader with one followed channel and `n` bots that copy its rooms: every second one a bot of
 * the trader's account, the others of another account the trader accepted as followers.
 */
async function roomWithFollowers(n: number): Promise<{ me: Trader; chan: string; ids: number[] }> {
  const db = t.app.deps.db;
  const me = await registerAndLogin(t.app);
  const chan = await createChannel(t.app, me, 'Sala VIP');
  await subscribe(t.app, me, [{ idNum: chan, name: 'Sala VIP' }]);
  const owner = await db
    .selectFrom('bots')
    .select(['id', 'account_id'])
    .where('userid', '=', me.userid)
    .executeTakeFirstOrThrow();
  const ids = await seedPoolBots(db, n, T0 + n);
  await db.updateTable('bots').set({ traderid: me.userid }).where('id', 'in', ids).execute();
  const same = ids.filter((_, i) => i % 2 === 0);
  const accepted = ids.filter((_, i) => i % 2 === 1);
  await db
    .updateTable('bots')
    .set({ account_id: owner.account_id })
    .where('id', 'in', same)
    .execute();
  if (accepted.length > 0) {
    await db
      .insertInto('copy_follows')
      .values(
        accepted.map((id) => ({
          product: 'copy' as const,
          follower_bot_id: id,
          trader_bot_id: owner.id,
          state: 'accepted' as const,
          follower_name: 'follower',
          requested_at: T0,
          updated_at: T0,
        })),
      )
      .execute();
  }
  for (const id of ids) await ensureReaderCursor(db, id, T0);
  return { me, chan, ids };
}

async function signalRows(botId: number) {
  return t.app.deps.db
    .selectFrom('signals')
    .select(['status', 'reason', 'asset', 'direction', 'entry_at'])
    .where('bot_id', '=', botId)
    .orderBy('id')
    .execute();
}

async function feedOf(botId: number) {
  const rows = await t.app.deps.db
    .selectFrom('activity')
    .select('message')
    .where('bot_id', '=', botId)
    .orderBy('id')
    .execute();
  return rows.map((r) => fromDbJson<{ key: string; params: Record<string, unknown> }>(r.message));
}

let small: Awaited<ReturnType<typeof roomWithFollowers>>;
let large: Awaited<ReturnType<typeof roomWithFollowers>>;
beforeAll(async () => {
  small = await roomWithFollowers(3);
  large = await roomWithFollowers(300);
});

describe('a room read once for every bot that reads it', () => {
  it("writes one message as every follower's pending entry, in as many statements for 300 bots as for 3", async () => {
    const counter = counting();
    const deps = { ...t.app.reader.deps, db: t.app.deps.db.withPlugin(counter.plugin) };
    await readNewMessages(deps);
    counter.reset();
    // Idle: nothing new anywhere, one statement however many bots read.
    await readNewMessages(deps);
    expect(counter.count()).toBe(1);

    const passes: number[] = [];
    for (const room of [small, large]) {
      await post(t.app, room.me, room.chan, 'M5;EURUSD;14:30;PUT');
      counter.reset();
      await readNewMessages(deps);
      passes.push(counter.count());
    }
    expect(passes[1]).toBe(passes[0]);

    const entryAt = Date.UTC(2026, 4, 12, 17, 29, 59);
    for (const id of [...small.ids, ...large.ids]) {
      expect(await signalRows(id)).toEqual([
        { status: 'accepted', reason: null, asset: 'EURUSD', direction: 'PUT', entry_at: entryAt },
      ]);
    }
    expect(await signalsOf(t.app, large.me, large.chan)).toMatchObject([
      { status: 'accepted', asset: 'EURUSD', entryAt },
    ]);
    expect((await feedOf(large.ids[0] as number)).at(-1)).toEqual({
      key: 'robot.activity.received',
      params: { channel: 'Sala VIP', asset: 'EURUSD', direction: 'PUT', time: '14:30' },
    });
  });

  it("applies each bot's own facts: its clock, its repeats, when it joined, whether it may copy", async () => {
    const db = t.app.deps.db;
    const [onUtc, repeating, lateJoiner] = small.ids as [number, number, number];
    // Naming the trader gives nothing: another account's bot, one asked and not accepted.
    const [stranger, asking] = (await seedPoolBots(db, 2, T0 + 7)) as [number, number];
    await db
      .updateTable('bots')
      .set({ traderid: small.me.userid })
      .where('id', 'in', [stranger, asking])
      .execute();
    await db
      .insertInto('copy_follows')
      .values({
        product: 'copy',
        follower_bot_id: asking,
        trader_bot_id: await botIdOf(small.me.userid),
        state: 'pending',
        follower_name: 'asking',
        requested_at: T0,
        updated_at: T0,
      })
      .execute();
    for (const id of [stranger, asking]) await ensureReaderCursor(db, id, T0);
    await db
      .insertInto('reader_params')
      .values({
        bot_id: onUtc,
        timerzone: 0,
        maxtrades: 0,
        hour_start: '00:00',
        hour_end: '23:59',
        hour_start2: '00:00',
        hour_end2: '00:00',
        hour_start3: '00:00',
        hour_end3: '00:00',
        hour_reset: '00:00',
        hour_clear_score: '00:00',
        updated_at: T0,
      })
      .execute();
    // One follower took this signal from an earlier post; the others' were decided and reset.
    await post(t.app, small.me, small.chan, 'M5;GBPUSD;14:40;CALL');
    await readNewMessages(t.app.reader.deps);
    await db
      .updateTable('signals')
      .set({ dedupe_key: null })
      .where('asset', '=', 'GBPUSD')
      .where('bot_id', '<>', repeating)
      .execute();
    const again = await post(t.app, small.me, small.chan, 'M5;GBPUSD;14:40;CALL');
    // This one started following after the post, before the reader's pass.
    await db
      .updateTable('reader_state')
      .set({ last_message_id: again })
      .where('bot_id', '=', lateJoiner)
      .execute();
    await readNewMessages(t.app.reader.deps);

    const gbp = async (id: number) => (await signalRows(id)).filter((r) => r.asset === 'GBPUSD');
    expect((await gbp(repeating)).map((r) => [r.status, r.reason])).toEqual([
      ['accepted', null],
      ['rejected', 'duplicate'],
    ]);
    expect((await gbp(onUtc)).map((r) => r.status)).toEqual(['accepted', 'accepted']);
    expect((await gbp(lateJoiner)).map((r) => r.status)).toEqual(['accepted']);
    // Its own clock: 14:40 in Brasília is 17:40 UTC.
    expect((await feedOf(onUtc)).at(-1)?.params).toMatchObject({ asset: 'GBPUSD', time: '17:40' });
    expect((await feedOf(repeating)).at(-1)?.params).toMatchObject({ time: '14:40' });
    expect(await signalRows(stranger)).toEqual([]);
    expect(await signalRows(asking)).toEqual([]);
  });

  it("gives a doubt to every reader, and tells only the room owner's chat", async () => {
    await post(t.app, small.me, small.chan, 'EURUSD 14:30 ALTA');
    await readNewMessages(t.app.reader.deps);
    const owner = await botIdOf(small.me.userid);
    const line = (await feedOf(owner)).at(-1);
    expect(line?.key).toMatch(/^robot\.activity\.(doubt|unreadable)$/);
    expect(line?.params.notify).toBe(true);
    for (const id of small.ids) {
      expect((await feedOf(id)).at(-1)).toEqual({
        ...line,
        params: { ...line?.params, notify: false },
      });
    }
  });

  it("cancels every follower's pending entry from one cancel post, in as many statements for 300 bots as for 3", async () => {
    const counter = counting();
    const deps = { ...t.app.reader.deps, db: t.app.deps.db.withPlugin(counter.plugin) };
    const passes: number[] = [];
    for (const room of [small, large]) {
      await post(t.app, room.me, room.chan, 'M5;GBPUSD;14:40;CALL');
      await readNewMessages(deps);
      await post(t.app, room.me, room.chan, 'Sinal cancelado: GBPUSD 14:40');
      counter.reset();
      await readNewMessages(deps);
      passes.push(counter.count());
    }
    expect(passes[1]).toBe(passes[0]);
    const gbp = (id: number) =>
      t.app.deps.db
        .selectFrom('signals')
        .select(['decision', 'decision_reason', 'cancelled_by'])
        .where('bot_id', '=', id)
        .where('asset', '=', 'GBPUSD')
        .where('status', '=', 'accepted')
        .execute();
    const cancelled = {
      decision: 'refused',
      decision_reason: 'cancelled',
      cancelled_by: 'Sinal cancelado: GBPUSD 14:40',
    };
    // Every entry of it (a bot that repeats signals has two), none left to trade.
    for (const id of [...small.ids, ...large.ids]) {
      const rows = await gbp(id);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows).toEqual(rows.map(() => cancelled));
    }
    expect((await feedOf(large.ids[299] as number)).at(-1)).toEqual({
      key: 'robot.activity.cancelled',
      params: {
        asset: 'GBPUSD',
        direction: 'CALL',
        time: '14:40',
        by: 'Sinal cancelado: GBPUSD 14:40',
      },
    });
  });
});
