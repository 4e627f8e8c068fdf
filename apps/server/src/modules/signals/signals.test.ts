import { endpoints as api } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { callAs, registerAndLogin, useTestApp } from '../../test/app.ts';
import { createChannel, post, signalsOf, subscribe, type Trader } from '../../test/reader.ts';

// 14:00 in Brasília.
const T0 = Date.UTC(2026, 4, 12, 17, 0, 0);
const t = useTestApp({ now: () => T0 });

let me: Trader;
let chan: string;
beforeAll(async () => {
  me = await registerAndLogin(t.app);
  chan = await createChannel(t.app, me, 'Tester');
  await subscribe(t.app, me, [{ idNum: chan, name: 'Tester' }]);
});

const tester = (text: string, idNum = chan, who = me) =>
  callAs(t.app, who.cookie, api.testSignal, { body: { userid: who.userid, idNum, text } });
const signalCount = () =>
  t.app.deps.db
    .selectFrom('signals')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));

describe('POST /api/signals/test', () => {
  it('reads each line like the reader, with entry and expiry on the trader clock, and writes nothing', async () => {
    const res = await tester('EURUSD;14:30;PUT;M5\nWIN ✅\nGBPUSD;14:40;CALL;M1 gale 2\nhello');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      traderTimezone: -3,
      channelEnabled: true,
      brokerid: expect.any(Number),
    });
    expect(body.lines.filter((l: { status: string }) => l.status === 'accepted')).toMatchObject([
      {
        asset: 'EURUSD',
        direction: 'PUT',
        signalTime: '14:30',
        entryTime: '14:29:59',
        expiryTime: '14:35',
        timeframeMin: 5,
      },
      { asset: 'GBPUSD', direction: 'CALL', signalTime: '14:40', gales: 2, expiryTime: '14:41' },
    ]);
    expect(body.lines.some((l: { reason: string }) => l.reason === 'result_post')).toBe(true);
    // The bot's stake now: the default martingale entry of the global params, in cents.
    expect(body.stakeCents).toBeGreaterThan(0);
    expect(await signalCount()).toBe(0);
  });

  it("uses the card's stake when it has one, and says why a cancelled or late signal is not taken", async () => {
    const [card] = (
      await callAs(t.app, me.cookie, api.getGroups, {
        query: { userid: me.userid, traderid: me.userid },
      })
    ).json() as Record<string, unknown>[];
    await callAs(t.app, me.cookie, api.saveGroup, { body: { ...card, lote: 7.5 } });
    const res = await tester('EURUSD;13:00;PUT;M5');
    expect(res.json()).toMatchObject({
      stakeCents: 750,
      lines: [{ status: 'rejected', reason: 'too_late', asset: 'EURUSD', signalTime: '13:00' }],
    });
  });

  it('reports a signal the bot already took as duplicate', async () => {
    await post(t.app, me, chan, 'AUDUSD;14:50;CALL;M5');
    await t.app.reader.runOnce();
    const res = await tester('AUDUSD;14:50;CALL;M5');
    expect(res.json().lines).toMatchObject([{ status: 'rejected', reason: 'duplicate' }]);
  });

  it('answers 404 for a channel the bot neither follows nor owns, 400 for an empty message', async () => {
    const unknown = await tester('EURUSD;14:30;PUT', '-100123');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('channels.errors.unknownChannel');
    const empty = await tester('  ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.text).toBe('signals.errors.textRequired');
    const other = await registerAndLogin(t.app);
    const foreign = await tester('EURUSD;14:30;PUT', chan, other);
    expect(foreign.statusCode).toBe(404);
  });

  it('tests an own local channel before it is followed, with a default card', async () => {
    const fresh = await createChannel(t.app, me, 'Fresh');
    const res = await tester('EURUSD;14:30;CALL;M1', fresh);
    expect(res.json().lines).toMatchObject([{ status: 'accepted', entryTime: '14:29:59' }]);
  });
});

describe('GET /api/signals', () => {
  it('lists newest first, filters by channel, and never another bot’s', async () => {
    await post(t.app, me, chan, 'NZDUSD;14:55;PUT;M5\nLOSS ❌');
    await t.app.reader.runOnce();
    const all = await signalsOf(t.app, me);
    expect(all[0]).toMatchObject({ channelId: chan, channelName: 'Tester' });
    const ids = all.map((s) => s.id as number);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(await signalsOf(t.app, me, 'inbox-999999')).toEqual([]);
    const limited = await callAs(t.app, me.cookie, api.listSignals, {
      query: { userid: me.userid, limit: 1 },
    });
    expect(limited.json()).toHaveLength(1);
    const bad = await callAs(t.app, me.cookie, api.listSignals, {
      query: { userid: me.userid, limit: 0 },
    });
    expect(bad.statusCode).toBe(400);
    const other = await registerAndLogin(t.app);
    expect(await signalsOf(t.app, other)).toEqual([]);
    const theirs = await callAs(t.app, other.cookie, api.listSignals, {
      query: { userid: me.userid },
    });
    expect(theirs.statusCode).toBe(403);
  });
});
