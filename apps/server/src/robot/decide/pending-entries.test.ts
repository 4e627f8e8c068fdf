import { describe, expect, it } from 'vitest';
import { fromDbJson } from '../../db/dialect.ts';
import { endpoints as api } from '@app/contract';
import { callAs, useTestApp } from '../../test/app.ts';
import { createChannel, post, subscribe } from '../../test/reader.ts';
import { tradingScenario } from '../../test/trading-scenario.ts';
import {
  command,
  findMinute,
  MINUTE,
  ordersOf,
  type Me,
  type TestClock,
} from '../../test/trading.ts';
import { sendDeadline } from '../ledger/broker-call.ts';
import { runSession } from '../run-session.ts';

// A message's accepted lines are pending entries of the bot, each decided when
// it is due (docs/decisions/2026-11-26-pending-entries.md), never all at the message's arrival.
const clock: TestClock = { now: Date.UTC(2026, 2, 10, 13, 0, 10) };
const t = useTestApp({ now: () => clock.now });
const { rt, readyTrader } = tradingScenario(t, clock);

/** `HH:MM` on the trader's clock (UTC−3, the default) of a UTC instant. */
function local(atMs: number): string {
  return new Date(atMs - 3 * 3_600_000).toISOString().slice(11, 16);
}

/** Runs the bot as the runtime does: at each instant it asked to be woken, until `untilMs`. */
async function runUntil(me: Me, untilMs: number): Promise<void> {
  while (clock.now < untilMs) {
    const report = await runSession(rt(), me.botId);
    clock.now = Math.max(clock.now + 1, Math.min(report.nextDueAt ?? untilMs, untilMs));
  }
}

async function feedOf(me: Me) {
  const rows = await t.app.deps.db
    .selectFrom('activity')
    .select(['signal_id', 'message'])
    .where('bot_id', '=', me.botId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ signalId: r.signal_id, ...fromDbJson<object>(r.message) }));
}

async function channelOf(me: Me): Promise<string> {
  const chan = await createChannel(t.app, me, 'Lista VIP');
  await subscribe(t.app, me, [{ idNum: chan, name: 'Lista VIP' }]);
  return chan;
}

describe('a list of entries a minute apart', () => {
  it('places all four, each decided when it is due, once the sequence before has ended', async () => {
    const me = await readyTrader({ galenum: 0 });
    const chan = await channelOf(me);
    const first = Math.ceil((clock.now + 2 * MINUTE) / MINUTE) * MINUTE;
    const times = [0, 1, 2, 3].map((k) => first + k * MINUTE);
    const assets = ['EURUSD', 'GBPUSD', 'USDJPY', 'AUDUSD'];
    await post(
      t.app,
      me,
      chan,
      ['LISTA M1', ...times.map((at, i) => `${assets[i]};${local(at)};CALL;M1`)].join('\n'),
    );
    await t.app.reader.runOnce();
    await runSession(rt(), me.botId);
    // Four pending entries, none decided at the message's arrival, each with its send instant.
    const pending = await t.app.deps.db
      .selectFrom('signals')
      .select(['id', 'asset', 'entry_at', 'decided_at'])
      .where('bot_id', '=', me.botId)
      .where('status', '=', 'accepted')
      .orderBy('id')
      .execute();
    expect(pending.map((s) => s.asset)).toEqual(assets);
    // The status command's reply lists them.
    const status = await command(t.app, rt(), me, 3);
    expect(status.params.pending).toBe(
      times.map((at, i) => `${assets[i]} CALL ${local(at)}`).join(', '),
    );
    expect(pending.every((s) => s.decided_at === null)).toBe(true);
    // The default card sends 1 s before the candle (type 7 with its delay).
    expect(pending.map((s) => Number(s.entry_at))).toEqual(times.map((at) => at - 1_000));

    await runUntil(me, first + 5 * MINUTE);

    const orders = await ordersOf(t.app, me);
    expect(orders.map((o) => o.asset)).toEqual(assets);
    expect(orders.every((o) => ['won', 'lost', 'draw'].includes(o.state))).toBe(true);
    // Each sent within its tolerance: the ones after the first as soon as the one before settled.
    for (const o of orders) {
      expect(o.attempted_at).not.toBeNull();
      expect(Number(o.attempted_at)).toBeGreaterThanOrEqual(o.send_at);
      expect(Number(o.attempted_at)).toBeLessThanOrEqual(sendDeadline(o.send_at));
    }
    const decisions = await t.app.deps.db
      .selectFrom('signals')
      .select('decision')
      .where('bot_id', '=', me.botId)
      .where('status', '=', 'accepted')
      .execute();
    expect(decisions.map((d) => d.decision)).toEqual(['traded', 'traded', 'traded', 'traded']);
  });

  it('refuses an entry whose time comes while a gale ladder is in flight, with the reason in the feed', async () => {
    const me = await readyTrader({ galenum: 1 });
    const chan = await channelOf(me);
    // Find two minutes where the first CALL loses: its G1 then overlaps the second entry.
    const first = findMinute('EURUSD', 'L', clock.now + 2 * MINUTE);
    clock.now = first - 90_000;
    await post(
      t.app,
      me,
      chan,
      `EURUSD;${local(first)};CALL;M1\nGBPUSD;${local(first + MINUTE)};CALL;M1`,
    );
    await t.app.reader.runOnce();
    await runUntil(me, first + 3 * MINUTE);
    const orders = await ordersOf(t.app, me);
    expect(orders.map((o) => [o.asset, o.gale_level])).toEqual([
      ['EURUSD', 0],
      ['EURUSD', 1],
    ]);
    const [, second] = await t.app.deps.db
      .selectFrom('signals')
      .select(['id', 'decision', 'decision_reason'])
      .where('bot_id', '=', me.botId)
      .where('status', '=', 'accepted')
      .orderBy('id')
      .execute();
    expect(second).toMatchObject({ decision: 'refused', decision_reason: 'sequence_in_flight' });
    expect((await feedOf(me)).filter((l) => l.signalId === second?.id)).toMatchObject([
      { key: 'robot.refusal.sequence_in_flight', params: { asset: 'GBPUSD' } },
    ]);
  });
});

describe('a cancel post in the channel', () => {
  it('cancels the matching pending entry: never sent, the feed quotes the post; a sent one is too late', async () => {
    const me = await readyTrader({ galenum: 0 });
    const chan = await channelOf(me);
    const first = Math.ceil((clock.now + 2 * MINUTE) / MINUTE) * MINUTE;
    const times = [0, 1, 2].map((k) => first + k * MINUTE);
    const assets = ['EURUSD', 'EURGBP', 'USDJPY'];
    await post(
      t.app,
      me,
      chan,
      times.map((at, i) => `${assets[i]};${local(at)};CALL;M1`).join('\n'),
    );
    await t.app.reader.runOnce();
    await runUntil(me, first + 10_000); // the first entry is sent and open
    const cancel = `CANCELADO o sinal de EUR/GBP ${local(times[1] ?? 0)}. Não entrem!`;
    await post(t.app, me, chan, cancel);
    const late = `CANCELADO o sinal de EURUSD ${local(first)}`;
    await post(t.app, me, chan, late);
    await t.app.reader.runOnce();
    await runUntil(me, first + 4 * MINUTE);

    expect((await ordersOf(t.app, me)).map((o) => o.asset)).toEqual(['EURUSD', 'USDJPY']);
    const rows = await t.app.deps.db
      .selectFrom('signals')
      .select(['id', 'asset', 'decision', 'decision_reason', 'cancelled_by'])
      .where('bot_id', '=', me.botId)
      .where('status', '=', 'accepted')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.asset, r.decision, r.decision_reason])).toEqual([
      ['EURUSD', 'traded', null],
      ['EURGBP', 'refused', 'cancelled'],
      ['USDJPY', 'traded', null],
    ]);
    const feed = await feedOf(me);
    expect(feed.filter((l) => l.signalId === rows[1]?.id)).toEqual([
      {
        signalId: rows[1]?.id,
        key: 'robot.activity.cancelled',
        params: { asset: 'EURGBP', direction: 'CALL', time: local(times[1] ?? 0), by: cancel },
      },
    ]);
    expect(feed.filter((l) => l.signalId === rows[0]?.id)).toContainEqual({
      signalId: rows[0]?.id,
      key: 'robot.activity.tooLateToCancel',
      params: { asset: 'EURUSD', direction: 'CALL', time: local(first), by: late },
    });
  });
});

describe('a cancel post after the entry was decided, before it is sent', () => {
  it('fails the order cancelled: never sent, no gale, the feed quotes the post', async () => {
    const me = await readyTrader({ galenum: 1 });
    const chan = await channelOf(me);
    const at = Math.ceil((clock.now + 3 * MINUTE) / MINUTE) * MINUTE;
    await post(t.app, me, chan, `AUDCAD;${local(at)};PUT;M1`);
    await t.app.reader.runOnce();
    // 20 s before the entry: decided (30 s ahead of its send), its order written, not sent.
    await runUntil(me, at - 20_000);
    expect(await ordersOf(t.app, me)).toMatchObject([{ asset: 'AUDCAD', state: 'placed' }]);
    const cancel = `Sinal cancelado: AUDCAD ${local(at)}`;
    await post(t.app, me, chan, cancel);
    await t.app.reader.runOnce();
    await runUntil(me, at + 3 * MINUTE);

    expect(await ordersOf(t.app, me)).toMatchObject([
      { asset: 'AUDCAD', state: 'failed', fail_reason: 'cancelled' },
    ]);
    const [entry] = await t.app.deps.db
      .selectFrom('signals')
      .select(['id', 'decision', 'cancelled_by'])
      .where('bot_id', '=', me.botId)
      .where('status', '=', 'accepted')
      .execute();
    expect(entry).toMatchObject({ decision: 'traded', cancelled_by: cancel });
    expect((await feedOf(me)).filter((l) => l.signalId === entry?.id)).toContainEqual({
      signalId: entry?.id,
      key: 'robot.activity.cancelled',
      params: { asset: 'AUDCAD', direction: 'PUT', time: local(at), by: cancel },
    });
  });
});

describe('the Cancel button of a next entry (POST /trading/entries/cancel)', () => {
  it("cancels the trader's own pending entry, never another account's, and says when it is gone", async () => {
    const me = await readyTrader({ galenum: 0 });
    const other = await readyTrader({ galenum: 0 });
    const chan = await channelOf(me);
    const at = Math.ceil((clock.now + 3 * MINUTE) / MINUTE) * MINUTE;
    await post(t.app, me, chan, `EURUSD;${local(at)};PUT;M1`);
    await t.app.reader.runOnce();
    const [entry] = await t.app.deps.db
      .selectFrom('signals')
      .select('id')
      .where('bot_id', '=', me.botId)
      .where('status', '=', 'accepted')
      .execute();
    const signalId = Number(entry?.id);
    const cancel = (who: Me, userid = who.userid) =>
      callAs(t.app, who.cookie, api.cancelEntry, { body: { userid, signalId } });
    // Another account: its own bot does not hold this entry; naming this bot is a 403.
    expect((await cancel(other)).statusCode).toBe(409);
    expect((await cancel(other, me.userid)).statusCode).toBe(403);
    const res = await cancel(me);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ outcome: 'cancelled' });
    expect((await cancel(me)).json()).toMatchObject({ error: { code: 'pendingEntries.gone' } });
    await runUntil(me, at + MINUTE);
    expect(await ordersOf(t.app, me)).toEqual([]);
    expect((await feedOf(me)).filter((l) => l.signalId === signalId)).toMatchObject([
      { key: 'robot.activity.cancelledByTrader', params: { asset: 'EURUSD', by: '' } },
    ]);
  });
});
