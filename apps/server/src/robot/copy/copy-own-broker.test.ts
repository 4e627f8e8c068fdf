import { Broker, AccountType } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { seedFollowers } from '../../test/copy.ts';
import { copyScenario } from '../../test/copy-scenario.ts';
import { globalParamsRow } from '../../test/factories.ts';
import { FakeDeriv } from '../../test/fake-deriv.ts';
import { FakeQuadcode, type FakeQuadcodeUser } from '../../test/fake-quadcode.ts';
import { memoryLog } from '../../test/robot.ts';
import { findMinute, MINUTE, postSignal, type Me, type TestClock } from '../../test/trading.ts';
import { brokerResolver, type BrokerResolver } from '../brokers/broker-resolver.ts';
import { PAPER_LEDGER_PREFIX } from '../brokers/paper-batch.ts';
import { runSession } from '../run-session.ts';
import type { RuntimeDeps } from '../runtime-deps.ts';
import { runtimeDepsOf } from '../runtime.ts';
import { dispatchCopies } from './dispatch.ts';

// Followers who stored their login at a real-trading broker get their copies placed THERE, by
// the dispatcher through their own adapter (here a local fake of the Quadcode platform as IQ
// Option, and a local fake Deriv); the others stay on the paper batch, placed with the trader's
// order. The guarantees of the paper path hold: never twice, never after the deadline, never on a
// Real account the follower did not choose, within the follower's daily real-money cap.
const clock: TestClock = { now: Date.UTC(2026, 0, 7, 10, 0) };
const t = useTestApp({ now: () => clock.now });
const { copyTrader, copiesOf, feedOf, lastTraderOrderId } = copyScenario(t, clock);
const PASSWORD = 'Follower-pass-9';
const DERIV_DEMO = 'deriv-demo-Tok3n-of-a-follower';
const log = memoryLog();
let quadcode: FakeQuadcode;
let deriv: FakeDeriv;
let brokers: BrokerResolver;

beforeAll(async () => {
  quadcode = await FakeQuadcode.start();
  quadcode.nowMs = () => clock.now;
  quadcode.addActive('turbo', { id: 1, ticker: 'EURUSD' });
  deriv = await FakeDeriv.start();
  deriv.nowS = () => Math.floor(clock.now / 1000);
  deriv.addToken(DERIV_DEMO, [{ accountId: 'DOT90004580', type: 'demo', balance: 10_000 }]);
  brokers = brokerResolver(
    { db: t.app.deps.db, secrets: t.app.deps.secrets, log, now: () => clock.now },
    { wsUrl: deriv.url, restUrl: deriv.restUrl, appId: '777', timeoutMs: 5_000 },
    new Map([
      [
        Broker.iq,
        {
          brokerId: Broker.iq,
          name: 'IQ Option',
          httpUrl: quadcode.httpUrl,
          wsUrl: quadcode.wsUrl,
          platformId: null,
        },
      ],
    ]),
  );
});

afterAll(async () => {
  await brokers.close();
  await quadcode.close();
  await deriv.close();
});

/** The runtime as the server builds it, its brokers on the fakes. */
function rt(brokerTimeoutMs = 5_000): RuntimeDeps {
  return { ...runtimeDepsOf(t.app.deps, log, { resolver: brokers }), brokerTimeoutMs };
}

let users = 0;

/** The follower's IQ Option login on the card (and its account at the fake platform). */
async function iqLogin(botId: number, real = false): Promise<FakeQuadcodeUser> {
  users += 1;
  const user: FakeQuadcodeUser = {
    email: `follower${users}@example.com`,
    password: PASSWORD,
    userId: 700 + users,
    balances: [
      { id: 1_000 + users * 2, type: 1, amount: 50, currency: 'USD' },
      { id: 1_001 + users * 2, type: 4, amount: 10_000, currency: 'USD' },
    ],
  };
  quadcode.addUser(user);
  const slot = {
    table: 'broker_credentials',
    rowId: `${botId}/${Broker.iq}`,
    field: 'password_enc',
  };
  await t.app.deps.db
    .insertInto('broker_credentials')
    .values({
      bot_id: botId,
      broker_id: Broker.iq,
      email: user.email,
      password_enc: t.app.deps.secrets.encrypt(slot, PASSWORD),
      token_demo_enc: null,
      token_real_enc: null,
      updated_at: clock.now,
    })
    .execute();
  if (real) await setAccount(botId, 2);
  return user;
}

/** The follower's account type at IQ Option, as its general settings say (2 = Real). */
async function setAccount(botId: number, accType: number, realCap = 0): Promise<void> {
  await t.app.deps.db
    .updateTable('global_params')
    .set({ acc_type: accType, real_cap: realCap })
    .where('bot_id', '=', botId)
    .where('broker_id', '=', Broker.iq)
    .execute();
}

const positionsOf = (user: FakeQuadcodeUser) =>
  [...quadcode.positions.values()].filter((p) => p.userId === user.userId);

/** The trader trades one CALL at a winning minute (copied at once, or after its delay). */
async function traderTrades(trader: Me): Promise<number> {
  const at = findMinute('EURUSD', 'W', clock.now + 2 * MINUTE);
  clock.now = at - 30_000;
  await postSignal(t.app, trader, { asset: 'EURUSD', direction: 'CALL', atMs: at });
  await runSession(rt(), trader.botId);
  clock.now = at;
  await runSession(rt(), trader.botId);
  return at;
}

describe("copies at the follower's own broker", () => {
  it('places a copy at IQ Option for the follower who stored its login, once; the others on paper', async () => {
    const trader = await copyTrader();
    const followers = await seedFollowers(t.app.deps.db, trader.botId, 3, clock.now);
    const user = await iqLogin(followers[0] as number);
    const at = await traderTrades(trader);
    const traderOrder = await lastTraderOrderId(trader);
    // The paper followers were placed with the trader's order; the IQ Option one waits for the
    // dispatcher (a network call never runs inside that transaction).
    expect((await copiesOf(traderOrder)).map((c) => c.state)).toEqual(['placed', 'open', 'open']);

    expect(await dispatchCopies(rt())).toMatchObject({ sent: 1, failed: 0 });
    expect(await dispatchCopies(rt())).toMatchObject({ sent: 0, reconciled: 0 });
    const [position, ...more] = positionsOf(user);
    expect(more).toHaveLength(0);
    // On the follower's demo balance, its own stake, the trader's side.
    expect(position).toMatchObject({
      balanceId: user.balances[1]?.id,
      invest: 2,
      direction: 'call',
    });
    const copies = await copiesOf(traderOrder);
    expect(copies[0]).toMatchObject({ state: 'open', broker_order_id: String(position?.id) });
    expect(copies.slice(1).every((c) => c.broker_order_id?.startsWith(PAPER_LEDGER_PREFIX))).toBe(
      true,
    );
    expect(await feedOf(followers[0] as number)).toMatchObject([
      { key: 'robot.activity.copyOpen', params: { trader: trader.userid, asset: 'EURUSD' } },
    ]);

    // The broker's result settles it: a win at 87 %.
    quadcode.settle(position!.id, 'win');
    clock.now = at + MINUTE + 1_000;
    expect(await dispatchCopies(rt())).toMatchObject({ settled: 3 });
    expect(await copiesOf(traderOrder)).toMatchObject([
      { state: 'won', pnl_cents: 174 },
      { state: 'won' },
      { state: 'won' },
    ]);
  });

  it('a Real follower copies on its real balance, a Demo one on demo, a Real one without a login nowhere', async () => {
    const trader = await copyTrader();
    const followers = await seedFollowers(t.app.deps.db, trader.botId, 3, clock.now);
    const [realBot, demoBot, paperRealBot] = followers as [number, number, number];
    const real = await iqLogin(realBot, true);
    const demo = await iqLogin(demoBot);
    await setAccount(paperRealBot, 2);
    await traderTrades(trader);
    const traderOrder = await lastTraderOrderId(trader);
    // Real on the simulator is never traded: refused at once, with what to fix.
    expect((await copiesOf(traderOrder))[2]).toMatchObject({
      state: 'failed',
      fail_reason: 'accountMismatch',
    });
    expect(await dispatchCopies(rt())).toMatchObject({ sent: 2 });
    expect(positionsOf(real).map((p) => p.balanceId)).toEqual([real.balances[0]?.id]);
    expect(positionsOf(demo).map((p) => p.balanceId)).toEqual([demo.balances[1]?.id]);
    expect((await copiesOf(traderOrder)).map((c) => [c.account_type, c.state])).toEqual([
      [2, 'open'],
      [1, 'open'],
      [2, 'failed'],
    ]);
    // The real copy's line carries the broker's own reference of it, as a real order's does.
    expect(await feedOf(realBot)).toMatchObject([
      {
        key: 'robot.activity.copyOpenReal',
        params: { trader: trader.userid, brokerRef: String(positionsOf(real)[0]?.id) },
      },
    ]);
    expect(await feedOf(demoBot)).toMatchObject([{ key: 'robot.activity.copyOpen' }]);
  });

  it('never sends a Real copy after the follower went back to Demo', async () => {
    const trader = await copyTrader({ delaysig: '2' });
    const [bot] = (await seedFollowers(t.app.deps.db, trader.botId, 1, clock.now)) as [number];
    const user = await iqLogin(bot, true);
    const at = await traderTrades(trader);
    await setAccount(bot, 1);
    clock.now = at + 2_000;
    expect(await dispatchCopies(rt())).toMatchObject({ sent: 0, failed: 1 });
    expect(positionsOf(user)).toHaveLength(0);
    expect(await copiesOf(await lastTraderOrderId(trader))).toMatchObject([
      { account_type: AccountType.real, state: 'failed', fail_reason: 'accountMismatch' },
    ]);
  });

  it("counts a Real follower's copies against its daily real-money cap", async () => {
    const trader = await copyTrader();
    const [bot] = (await seedFollowers(t.app.deps.db, trader.botId, 1, clock.now)) as [number];
    const user = await iqLogin(bot, true);
    await setAccount(bot, 2, 3); // 3.00 a day: one 2.00 copy fits, a second does not
    await traderTrades(trader);
    expect(await dispatchCopies(rt())).toMatchObject({ sent: 1 });
    await traderTrades(trader);
    expect(await dispatchCopies(rt())).toMatchObject({ sent: 0, failed: 1 });
    expect(positionsOf(user)).toHaveLength(1);
    expect(await copiesOf(await lastTraderOrderId(trader))).toMatchObject([
      { state: 'failed', fail_reason: 'realCapReached' },
    ]);
    expect((await feedOf(bot)).at(-1)).toMatchObject({
      key: 'robot.activity.copyFailed',
      params: { reason: 'realCapReached' },
    });
  });

  it('an answer that never comes is found at IQ Option by the next pass, never placed twice', async () => {
    const trader = await copyTrader();
    const [bot] = (await seedFollowers(t.app.deps.db, trader.botId, 1, clock.now)) as [number];
    const user = await iqLogin(bot);
    const at = await traderTrades(trader);
    quadcode.faults.set('binary-options.open-option', { kind: 'silent' });
    // The platform opened it, the answer was lost: the call's outcome is unknown.
    expect(await dispatchCopies(rt(300))).toMatchObject({ sent: 0, failed: 0 });
    expect(positionsOf(user)).toHaveLength(1);
    clock.now = at + 1_000;
    expect(await dispatchCopies(rt(300))).toMatchObject({ reconciled: 1, sent: 0 });
    expect(await dispatchCopies(rt(300))).toMatchObject({ reconciled: 0, sent: 0 });
    expect(positionsOf(user)).toHaveLength(1);
    expect(await copiesOf(await lastTraderOrderId(trader))).toMatchObject([
      { state: 'open', broker_order_id: String(positionsOf(user)[0]?.id) },
    ]);
  }, 20_000);

  it('places a copy at Deriv for the follower who stored its Deriv token', async () => {
    const trader = await copyTrader();
    const [bot] = (await seedFollowers(t.app.deps.db, trader.botId, 1, clock.now)) as [number];
    await t.app.deps.db
      .updateTable('bots')
      .set({ current_broker: Broker.deriv })
      .where('id', '=', bot)
      .execute();
    await t.app.deps.db
      .insertInto('global_params')
      .values(globalParamsRow(bot, clock.now, { broker_id: Broker.deriv, trader_mode: 2 }))
      .execute();
    const slot = { table: 'broker_credentials', rowId: `${bot}/${Broker.deriv}` };
    await t.app.deps.db
      .insertInto('broker_credentials')
      .values({
        bot_id: bot,
        broker_id: Broker.deriv,
        password_enc: null,
        token_demo_enc: t.app.deps.secrets.encrypt(
          { ...slot, field: 'token_demo_enc' },
          DERIV_DEMO,
        ),
        token_real_enc: null,
        updated_at: clock.now,
      })
      .execute();
    const before = deriv.contracts.size;
    await traderTrades(trader);
    expect(await dispatchCopies(rt())).toMatchObject({ sent: 1 });
    expect(deriv.contracts.size).toBe(before + 1);
    const contract = [...deriv.contracts.values()].at(-1);
    expect(await copiesOf(await lastTraderOrderId(trader))).toMatchObject([
      { broker_id: Broker.deriv, state: 'open', broker_order_id: String(contract?.contractId) },
    ]);
  });
});
