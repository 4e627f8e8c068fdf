import { endpoints as api, virtualBotIdCandidates } from '@app/contract';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { build, type BuildOptions } from '../app.ts';
import {
  callAs,
  proveBot,
  registerAndLogin,
  sameOriginByDefault,
  useTestApp,
} from '../test/app.ts';
import { createChannel, post, signalsOf, subscribe, type Trader } from '../test/reader.ts';

// 2026-05-12 17:00 UTC = 14:00 in Brasília (UTC−3, the default trader and channel clock).
const T0 = Date.UTC(2026, 4, 12, 17, 0, 0);
let clock = T0;
// The injectable clock also injects one failure: the first read of the clock in a pass is the
// first bot with new messages.
let failNextClockRead = false;
const t = useTestApp({
  now: () => {
    if (failNextClockRead) {
      failNextClockRead = false;
      throw new Error('clock unavailable');
    }
    return clock;
  },
});

let me: Trader;
let chan: string;
beforeAll(async () => {
  me = await registerAndLogin(t.app);
  chan = await createChannel(t.app, me, 'VIP Sinais');
  await subscribe(t.app, me, [{ idNum: chan, name: 'VIP Sinais' }]);
});

describe('the reader on the local inbox', () => {
  it('turns a posted signal into an accepted row with its stamps, timing and card snapshot', async () => {
    clock = T0;
    const messageId = await post(t.app, me, chan, 'M5;EURUSD;14:30;PUT');
    clock = T0 + 1500;
    await t.app.reader.runOnce();

    const [signal] = await signalsOf(t.app, me, chan);
    expect(signal).toMatchObject({
      channelId: chan,
      channelName: 'VIP Sinais',
      status: 'accepted',
      reason: null,
      asset: 'EURUSD',
      direction: 'PUT',
      signalTime: '14:30',
      timeframeMin: 5,
      // Card default: type 1 (end of candle → 7), 1 s delay: 14:30 − 2 s + 1 s.
      signalType: 7,
      delayMs: 1000,
      entryTime: '14:29:59',
      expiryTime: '14:35',
      receivedAt: T0,
      parsedAt: T0 + 1500,
      decidedAt: null,
    });
    expect(signal?.entryAt).toBe(Date.UTC(2026, 4, 12, 17, 29, 59));
    const row = await t.app.deps.db
      .selectFrom('signals')
      .select(['message_id', 'dedupe_key', 'lote', 'galefat', 'broker_id'])
      .where('id', '=', signal?.id as number)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ message_id: messageId, lote: 0, galefat: 0, broker_id: 0 });
    expect(row.dedupe_key).toContain('EURUSD|PUT');
  });

  it('records a result post as rejected with its reason, and a repeat of a signal as duplicate', async () => {
    await post(t.app, me, chan, 'WIN ✅✅ EURUSD');
    await post(t.app, me, chan, 'M5;EURUSD;14:30;PUT');
    await t.app.reader.runOnce();
    const [repeat, result] = await signalsOf(t.app, me, chan);
    expect(result).toMatchObject({ status: 'rejected', reason: 'result_post' });
    expect(repeat).toMatchObject({ status: 'rejected', reason: 'duplicate', asset: 'EURUSD' });
  });

  it('reads a message stored before a restart as of when it arrived: a passed "agora" is too late, a later time still taken', async () => {
    clock = T0 + 10 * 60_000; // 14:10
    await post(t.app, me, chan, 'AUDCAD PUT M1 agora');
    await post(t.app, me, chan, 'M5;AUDCAD;14:45;CALL');
    // The server went down before the reader's pass, and is back five minutes later.
    clock = T0 + 15 * 60_000;
    await t.app.reader.runOnce();
    const [later, now] = await signalsOf(t.app, me, chan);
    expect(now).toMatchObject({ status: 'rejected', reason: 'too_late', asset: 'AUDCAD' });
    expect(later).toMatchObject({ status: 'accepted', asset: 'AUDCAD', signalTime: '14:45' });
    clock = T0;
  });

  it('announces new accepted signals to the trading runtime, once', async () => {
    const heard: number[][] = [];
    const off = t.app.reader.onSignals((ids) => heard.push(ids));
    await post(t.app, me, chan, 'GBPUSD;15:00;CALL;M1');
    await t.app.reader.runOnce();
    await t.app.reader.runOnce();
    off();
    expect(heard).toHaveLength(1);
    const bot = await t.app.deps.db
      .selectFrom('bots')
      .select('id')
      .where('userid', '=', me.userid)
      .executeTakeFirstOrThrow();
    expect(heard[0]).toEqual([bot.id]);
  });

  it('tells the feed what a message brought: one signal, or a list with its first entry', async () => {
    const feed = async () => {
      const res = await callAs(t.app, me.cookie, api.tradingActivity, {
        query: { userid: me.userid, limit: 2 },
      });
      return api.tradingActivity.response.parse(res.json()).items.map((i) => i.message);
    };
    await post(t.app, me, chan, 'USDJPY;16:05;PUT;M1');
    await t.app.reader.runOnce();
    expect((await feed())[0]).toEqual({
      key: 'robot.activity.received',
      params: { channel: 'VIP Sinais', asset: 'USDJPY', direction: 'PUT', time: '16:05' },
    });
    // A list: counted, its earliest entry named whatever the order of its lines.
    await post(t.app, me, chan, 'LISTA M1\nAUDUSD;16:40;CALL\nEURJPY;16:20;PUT\nEURGBP;16:30;CALL');
    // A post that brings nothing new (a repeat) adds no line.
    await post(t.app, me, chan, 'USDJPY;16:05;PUT;M1');
    await t.app.reader.runOnce();
    const [latest, before] = await feed();
    expect(latest).toEqual({
      key: 'robot.activity.receivedList',
      params: { channel: 'VIP Sinais', asset: 'EURJPY', direction: 'PUT', time: '16:20', count: 3 },
    });
    expect(before?.key).toBe('robot.activity.received');
  });

  it('ignores messages of a channel that is not in the chat list, and of a disabled card', async () => {
    const other = await createChannel(t.app, me, 'Not followed');
    const before = (await signalsOf(t.app, me)).length;
    await post(t.app, me, other, 'AUDCAD;15:10;CALL;M1');
    await t.app.reader.runOnce();
    expect(await signalsOf(t.app, me)).toHaveLength(before);

    const [card] = (
      await callAs(t.app, me.cookie, api.getGroups, {
        query: { userid: me.userid, traderid: me.userid },
      })
    ).json() as Record<string, unknown>[];
    const off = await callAs(t.app, me.cookie, api.saveGroup, {
      body: { ...card, chanEnable: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    await post(t.app, me, chan, 'AUDCAD;15:20;CALL;M1');
    await t.app.reader.runOnce();
    expect(await signalsOf(t.app, me)).toHaveLength(before);
    await callAs(t.app, me.cookie, api.saveGroup, { body: { ...card, chanEnable: true } });
  });

  it('reads with the card: invert, word filter and signal type', async () => {
    const [card] = (
      await callAs(t.app, me.cookie, api.getGroups, {
        query: { userid: me.userid, traderid: me.userid },
      })
    ).json() as Record<string, unknown>[];
    const saved = await callAs(t.app, me.cookie, api.saveGroup, {
      body: { ...card, inverter: true, wordfilter: 'vip', signaltype: 2, delaysig: 3, lote: 2.5 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await post(t.app, me, chan, 'USDJPY;15:30;CALL;M1');
    await post(t.app, me, chan, 'VIP: USDJPY;15:40;CALL;M1');
    await t.app.reader.runOnce();
    const [accepted, filtered] = await signalsOf(t.app, me, chan);
    expect(filtered).toMatchObject({ status: 'rejected', reason: 'filtered' });
    // Type 2 → full minute (8): T + d.
    expect(accepted).toMatchObject({
      status: 'accepted',
      direction: 'PUT',
      signalType: 8,
      delayMs: 3000,
      entryTime: '15:40:03',
    });
    await callAs(t.app, me.cookie, api.saveGroup, { body: card });
  });
});

describe("a card's robot (SPEC §3 botID)", () => {
  it("routes the channel to the robot it names, among the account's bots", async () => {
    const owner = await registerAndLogin(t.app);
    const room = await createChannel(t.app, owner, 'Routed');
    await subscribe(t.app, owner, [{ idNum: room, name: 'Routed' }]);
    // A second robot of the same account that reads the owner's rooms (copy rooms).
    await proveBot(t.app, owner);
    const second = virtualBotIdCandidates(owner.userid)[0] ?? '';
    const added = await callAs(t.app, owner.cookie, api.addBot, {
      body: { userid: owner.userid, botid: second, virtual: true },
    });
    expect(added.statusCode, added.body).toBe(200);
    const copied = await callAs(t.app, owner.cookie, api.copyRooms, {
      body: { userid: second, traderid: owner.userid },
    });
    expect(copied.statusCode, copied.body).toBe(200);
    const secondBot = { ...owner, userid: second };

    clock = T0;
    await post(t.app, owner, room, 'EURUSD;15:10;CALL;M1');
    await t.app.reader.runOnce();
    // No robot named: both read it.
    expect(await signalsOf(t.app, owner, room)).toHaveLength(1);
    expect(await signalsOf(t.app, secondBot, room)).toHaveLength(1);

    const [card] = (
      await callAs(t.app, owner.cookie, api.getGroups, {
        query: { userid: owner.userid, traderid: owner.userid },
      })
    ).json() as Record<string, unknown>[];
    const routed = await callAs(t.app, owner.cookie, api.saveGroup, {
      body: { ...card, botID: second },
    });
    expect(routed.statusCode, routed.body).toBe(200);
    await post(t.app, owner, room, 'GBPUSD;15:20;PUT;M1');
    await t.app.reader.runOnce();
    expect(await signalsOf(t.app, owner, room)).toHaveLength(1);
    expect(await signalsOf(t.app, secondBot, room)).toMatchObject([
      { asset: 'GBPUSD' },
      { asset: 'EURUSD' },
    ]);
  });
});

describe('the reader across a restart', () => {
  /** Options for two apps over one database: a SQLite file, or a PostgreSQL schema of its own. */
  async function sharedDatabase(): Promise<{ options: BuildOptions; drop: () => Promise<void> }> {
    const common = {
      secretKey: 'k'.repeat(64),
      webDist: '/nonexistent-web-dist',
      robot: false as const,
      reader: false as const,
      telegram: null,
      now: () => clock,
    };
    const base = process.env.TEST_DATABASE_URL;
    if (!base) {
      const dir = mkdtempSync(join(tmpdir(), 'reader-restart-'));
      return {
        options: { ...common, sqliteFile: join(dir, 'app.db') },
        drop: async () => rmSync(dir, { recursive: true, force: true }),
      };
    }
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const url = new URL(base);
    url.searchParams.set('options', `-c search_path=${schema}`);
    return {
      options: { ...common, databaseUrl: url.toString() },
      drop: async () => {
        await admin.query(`drop schema ${schema} cascade`);
        await admin.end();
      },
    };
  }

  it('reads every message once: the cursor commits with the signal rows', async () => {
    const shared = await sharedDatabase();
    onTestFinished(shared.drop);
    const first = sameOriginByDefault(await build(shared.options));
    const trader = await registerAndLogin(first);
    const channel = await createChannel(first, trader, 'Restart');
    await subscribe(first, trader, [{ idNum: channel, name: 'Restart' }]);
    clock = T0;
    await post(first, trader, channel, 'EURJPY;14:45;CALL;M5');
    await first.reader.runOnce();
    await post(first, trader, channel, 'EURGBP;14:50;PUT;M5');
    await first.close();

    const second = sameOriginByDefault(await build(shared.options));
    try {
      await second.reader.runOnce();
      await second.reader.runOnce();
      const rows = await second.deps.db
        .selectFrom('signals')
        .select(['asset', 'status'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { asset: 'EURJPY', status: 'accepted' },
        { asset: 'EURGBP', status: 'accepted' },
      ]);
    } finally {
      await second.close();
    }
  });
});

describe("one bot's failure", () => {
  it("never stops another bot's reading", async () => {
    const broken = await registerAndLogin(t.app);
    const brokenChan = await createChannel(t.app, broken, 'Broken');
    await subscribe(t.app, broken, [{ idNum: brokenChan, name: 'Broken' }]);
    const healthy = await registerAndLogin(t.app);
    const healthyChan = await createChannel(t.app, healthy, 'Healthy');
    await subscribe(t.app, healthy, [{ idNum: healthyChan, name: 'Healthy' }]);
    await post(t.app, broken, brokenChan, 'EURUSD;16:00;CALL;M1');
    await post(t.app, healthy, healthyChan, 'EURUSD;16:00;CALL;M1');
    const failures: Record<string, unknown>[] = [];
    const onError = t.app.reader.deps.onError;
    t.app.reader.deps.onError = (_err, context) => failures.push(context);
    try {
      failNextClockRead = true;
      await t.app.reader.runOnce();
      expect(await signalsOf(t.app, healthy)).toMatchObject([
        { status: 'accepted', asset: 'EURUSD' },
      ]);
      expect(await signalsOf(t.app, broken)).toEqual([]);
      expect(failures).toHaveLength(1);

      // Its message was not lost: the next pass reads it.
      await t.app.reader.runOnce();
      expect(await signalsOf(t.app, broken)).toMatchObject([
        { status: 'accepted', asset: 'EURUSD' },
      ]);
      expect(await signalsOf(t.app, healthy)).toHaveLength(1);
    } finally {
      t.app.reader.deps.onError = onError;
    }
  });
});

describe('reader requests on the local inbox', () => {
  it('reset lets a signal already decided be taken again; delete unsubscribes every chat', async () => {
    const trader = await registerAndLogin(t.app);
    const channel = await createChannel(t.app, trader, 'Requests');
    await subscribe(t.app, trader, [{ idNum: channel, name: 'Requests' }]);
    clock = T0;
    await post(t.app, trader, channel, 'CADJPY;14:45;CALL;M5');
    await t.app.reader.runOnce();
    const [first] = await signalsOf(t.app, trader);
    // The trading runtime decided it.
    await t.app.deps.db
      .updateTable('signals')
      .set({ decided_at: T0 + 10, decision: 'traded' })
      .where('id', '=', first?.id as number)
      .execute();

    await callAs(t.app, trader.cookie, api.resetReader, { body: { userid: trader.userid } });
    await post(t.app, trader, channel, 'CADJPY;14:45;CALL;M5');
    await t.app.reader.runOnce();
    expect((await signalsOf(t.app, trader)).map((s) => s.status)).toEqual(['accepted', 'accepted']);

    await callAs(t.app, trader.cookie, api.deleteReader, { body: { userid: trader.userid } });
    await t.app.reader.runOnce();
    const status = await callAs(t.app, trader.cookie, api.getReaderStatus, {
      query: { userid: trader.userid },
    });
    expect(status.json()).toMatchObject({
      source: 'inbox',
      telegramAvailable: false,
      connected: false,
      chats: 0,
      roomsOf: trader.userid,
      requests: [
        { action: 'delete', status: 'done', settledAt: T0 },
        { action: 'reset', status: 'done', settledAt: T0 },
      ],
    });
    await post(t.app, trader, channel, 'CADJPY;14:55;CALL;M5');
    await t.app.reader.runOnce();
    expect(await signalsOf(t.app, trader)).toHaveLength(2);
  });
});
