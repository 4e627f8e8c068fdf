import { endpoints as api, Broker, AccountType } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { fromDbJson } from '../db/dialect.ts';
import { callAs, useTestApp } from '../test/app.ts';
import { useFakeDeriv } from '../test/fake-deriv-scenario.ts';
import {
  command,
  MINUTE,
  newTrader,
  ordersOf,
  postSignal,
  saveGlobalParams,
  type Me,
  type TestClock,
} from '../test/trading.ts';
import { runSession } from './run-session.ts';
import { runDuePass, runtimeDepsOf } from './runtime.ts';

const clock: TestClock = { now: Date.UTC(2026, 0, 5, 12, 0) };
const t = useTestApp({ now: () => clock.now });
const DEMO = 'demo-Tok3n-for-the-fake';

// Deriv's new API: the token reaches the account, traded through OTP sockets.
const deriv = useFakeDeriv(t, clock, {
  [DEMO]: [{ accountId: 'DOT90004580', type: 'demo', balance: 1000 }],
});
const { rt, log } = deriv;

/** A trader on Deriv (broker 2) with a demo token stored, switched on. */
async function derivTrader(over: Record<string, unknown> = {}): Promise<Me> {
  const me = await newTrader(t.app);
  const saved = await callAs(t.app, me.cookie, api.saveDerivTokens, {
    body: { tokenDemo: DEMO, tokenReal: '', userid: me.userid },
  });
  expect(saved.statusCode).toBe(200);
  await saveGlobalParams(t.app, me, { brokerID: Broker.deriv, payout: 80, ...over });
  const on = await command(t.app, rt(), me, 1);
  expect(on.params).toMatchObject({ running: true });
  return me;
}

const nextMinute = () => Math.ceil((clock.now + 1) / MINUTE) * MINUTE + MINUTE;

// First in the file: the pass runs every bot due, and no other test's bot is due yet.
describe('a slow broker holds one lane of the runtime, not the other bots', () => {
  it("sends a paper bot's order while a Deriv bot's buy waits for an answer", async () => {
    const slow = await derivTrader();
    const paper = await newTrader(t.app);
    await saveGlobalParams(t.app, paper);
    await command(t.app, rt(), paper, 1);
    const at = nextMinute();
    clock.now = at - 30_000;
    for (const me of [slow, paper]) {
      await postSignal(t.app, me, { asset: 'EURUSD', direction: 'CALL', atMs: at });
      await runSession(rt(), me.botId);
    }

    clock.now = at;
    deriv.fake.faults.set('buy', { kind: 'silent' });
    let paperDone: () => void = () => undefined;
    const paperRan = new Promise<void>((resolve) => (paperDone = resolve));
    const deps = runtimeDepsOf(t.app.deps, log, {
      brokerFor: (bot, broker) => deriv.brokers.brokerFor(bot, broker),
      onChange: (botId) => botId === paper.botId && paperDone(),
    });
    const buyAsked = deriv.fake.next('buy');
    const pass = runDuePass(deps);
    await Promise.all([paperRan, buyAsked]);
    // The paper bot's order is out while the Deriv bot still waits on its buy.
    expect(await ordersOf(t.app, paper)).toMatchObject([{ state: 'open' }]);
    expect(await ordersOf(t.app, slow)).toMatchObject([{ state: 'placed', attempted_at: at }]);

    deriv.fake.dropAll(); // the buy's answer never comes: unknown, reconciled on the next run
    expect((await pass).ran).toBe(2);
    clock.now = at + 2_000;
    await runSession(rt(), slow.botId);
    expect(await ordersOf(t.app, slow)).toMatchObject([{ state: 'open' }]);
  });
});

describe('a bot on Deriv with a stored token trades on Deriv (the fake)', () => {
  it('trades a signal through runSession: proposal, buy, open, settled as a win', async () => {
    const me = await derivTrader();
    expect((await deriv.brokers.brokerFor(me.botId, Broker.deriv)).name).toBe('deriv');
    const at = nextMinute();
    clock.now = at - 30_000;
    await postSignal(t.app, me, { asset: 'EURUSD', direction: 'CALL', atMs: at });
    await runSession(rt(), me.botId);
    expect(await ordersOf(t.app, me)).toMatchObject([{ state: 'placed', payout_pct: 85 }]);

    clock.now = at;
    await runSession(rt(), me.botId);
    const [open] = await ordersOf(t.app, me);
    const contract = [...deriv.fake.contracts.values()].at(-1)!;
    expect(open).toMatchObject({
      state: 'open',
      broker_order_id: String(contract.contractId),
      stake_cents: 200,
    });
    expect(deriv.fake.sent('proposal').at(-1)).toMatchObject({
      underlying_symbol: 'frxEURUSD',
      contract_type: 'CALL',
      amount: 2,
      basis: 'stake',
      duration: 1,
      duration_unit: 'm',
    });

    clock.now = at + MINUTE;
    deriv.fake.settle(contract.contractId, 'won');
    await runSession(rt(), me.botId);
    expect(await ordersOf(t.app, me)).toMatchObject([
      {
        state: 'won',
        pnl_cents: 170,
        // Deriv's balance after the sale (the account is shared by this file's bots).
        balance_after_cents: Math.round(deriv.fake.accounts.get('DOT90004580')!.balance * 100),
      },
    ]);
    expect(JSON.stringify(log.errors)).not.toContain(DEMO);
  });

  it('a drop before the buy answer leaves the outcome unknown; it is reconciled, never bought twice', async () => {
    const me = await derivTrader();
    const at = nextMinute();
    clock.now = at - 30_000;
    await postSignal(t.app, me, { asset: 'GBPUSD', direction: 'PUT', atMs: at });
    await runSession(rt(), me.botId);
    const contractsBefore = deriv.fake.contracts.size;

    clock.now = at;
    deriv.fake.faults.set('buy', { kind: 'drop' });
    await runSession(rt(), me.botId);
    const [unknown] = await ordersOf(t.app, me);
    expect(unknown).toMatchObject({ state: 'placed', broker_order_id: null });
    expect(unknown!.attempted_at).toBe(at);
    expect(deriv.fake.contracts.size).toBe(contractsBefore + 1); // Deriv did buy it

    // The next run reconciles before anything else trades on the bot: found in the statement.
    clock.now = at + 2_000;
    await runSession(rt(), me.botId);
    const contract = [...deriv.fake.contracts.values()].at(-1)!;
    expect(await ordersOf(t.app, me)).toMatchObject([
      { state: 'open', broker_order_id: String(contract.contractId) },
    ]);
    expect(deriv.fake.contracts.size).toBe(contractsBefore + 1);

    clock.now = at + MINUTE;
    deriv.fake.settle(contract.contractId, 'lost');
    await runSession(rt(), me.botId);
    const [lost, gale] = await ordersOf(t.app, me);
    expect(lost).toMatchObject({ state: 'lost', pnl_cents: -200 });
    // The martingale's gale goes out on Deriv too, at once.
    expect(gale).toMatchObject({ state: 'open', gale_level: 1, stake_cents: 440 });
    expect(JSON.stringify(log.errors)).not.toContain(DEMO);
  });

  it('settles an open Deriv order on Deriv after the bot switched to another broker', async () => {
    const me = await derivTrader({ galenum: 0 });
    const at = nextMinute();
    clock.now = at - 30_000;
    await postSignal(t.app, me, { asset: 'EURUSD', direction: 'CALL', atMs: at });
    await runSession(rt(), me.botId);
    clock.now = at;
    await runSession(rt(), me.botId);
    const contract = [...deriv.fake.contracts.values()].at(-1)!;
    await saveGlobalParams(t.app, me, { brokerID: Broker.iq });
    clock.now = at + MINUTE;
    deriv.fake.settle(contract.contractId, 'lost');
    await runSession(rt(), me.botId);
    expect(await ordersOf(t.app, me)).toMatchObject([
      { state: 'lost', broker_id: Broker.deriv, broker_order_id: String(contract.contractId) },
    ]);
  });

  it("fails the order with Deriv's reason when the buy is refused", async () => {
    const me = await derivTrader();
    const at = nextMinute();
    clock.now = at - 30_000;
    await postSignal(t.app, me, { asset: 'EURUSD', direction: 'CALL', atMs: at });
    await runSession(rt(), me.botId);
    clock.now = at;
    deriv.fake.faults.set('buy', {
      kind: 'error',
      code: 'ContractBuyValidationError',
      message: 'No.',
    });
    await runSession(rt(), me.botId);
    expect(await ordersOf(t.app, me)).toMatchObject([{ state: 'failed', fail_reason: 'rejected' }]);
  });

  it("refuses a signal when Deriv's payout is under the minimum payout", async () => {
    const me = await derivTrader({ payout: 90 });
    clock.now = nextMinute() - 30_000;
    const id = await postSignal(t.app, me, {
      asset: 'EURUSD',
      direction: 'CALL',
      atMs: clock.now + 30_000,
    });
    await runSession(rt(), me.botId);
    const signal = await t.app.deps.db
      .selectFrom('signals')
      .select(['decision', 'decision_reason'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(signal).toEqual({ decision: 'refused', decision_reason: 'payout_below_min' });
  });

  it('refuses, when it is decided, a signal whose asset Deriv does not offer; nothing is bought', async () => {
    const me = await derivTrader();
    deriv.fake.unoffered.add('frxEURNZD');
    clock.now = nextMinute() - 30_000;
    const id = await postSignal(t.app, me, {
      asset: 'EURNZD',
      direction: 'PUT',
      atMs: clock.now + 30_000,
    });
    const buys = deriv.fake.sent('buy').length;
    await runSession(rt(), me.botId);
    const signal = await t.app.deps.db
      .selectFrom('signals')
      .select(['decision', 'decision_reason'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(signal).toEqual({ decision: 'refused', decision_reason: 'not_offered' });
    const feed = await t.app.deps.db
      .selectFrom('activity')
      .select('message')
      .where('bot_id', '=', me.botId)
      .where('signal_id', '=', id)
      .execute();
    expect(feed.map((f) => fromDbJson<unknown>(f.message))).toContainEqual({
      key: 'robot.refusal.not_offered',
      params: { asset: 'EURNZD', direction: 'PUT' },
    });
    expect(deriv.fake.sent('buy')).toHaveLength(buys);
  });

  it('refuses real trading when the token in the Real slot reaches no real account', async () => {
    const me = await newTrader(t.app);
    deriv.fake.addToken('demo-only-in-real-slot', [
      { accountId: 'DOT90005555', type: 'demo', balance: 500 },
    ]);
    await callAs(t.app, me.cookie, api.saveDerivTokens, {
      body: { tokenDemo: '', tokenReal: 'demo-only-in-real-slot', userid: me.userid },
    });
    await saveGlobalParams(t.app, me, {
      brokerID: Broker.deriv,
      payout: 0,
      accType: AccountType.real,
    });
    await command(t.app, rt(), me, 1);
    const at = nextMinute();
    clock.now = at - 30_000;
    const buys = deriv.fake.sent('buy').length;
    const id = await postSignal(t.app, me, { asset: 'EURUSD', direction: 'CALL', atMs: at });
    await runSession(rt(), me.botId);
    const signal = await t.app.deps.db
      .selectFrom('signals')
      .select(['decision', 'decision_reason'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(signal).toEqual({ decision: 'refused', decision_reason: 'account_mismatch' });
    expect(await ordersOf(t.app, me)).toEqual([]);
    expect(deriv.fake.sent('buy')).toHaveLength(buys);
  });

  it('uses the paper broker when no token is stored for the account type', async () => {
    const me = await newTrader(t.app);
    // Real needs a real token to be switched on; removed afterwards, the bot falls to paper
    // (and its signals are refused as `real_on_simulator`: real-money/real-money.test.ts).
    await callAs(t.app, me.cookie, api.saveDerivTokens, {
      body: { tokenDemo: DEMO, tokenReal: 'some-real-token', userid: me.userid },
    });
    await saveGlobalParams(t.app, me, { brokerID: Broker.deriv, accType: AccountType.real });
    await callAs(t.app, me.cookie, api.saveDerivTokens, {
      body: { tokenDemo: '', tokenReal: '', userid: me.userid, remove: ['tokenReal'] },
    });
    expect((await deriv.brokers.brokerFor(me.botId, Broker.deriv)).name).toBe('paper');
    expect((await deriv.brokers.brokerFor(me.botId, Broker.iq)).name).toBe('paper');
  });
});
