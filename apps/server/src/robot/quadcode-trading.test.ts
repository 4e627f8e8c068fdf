import { Broker } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.ts';
import { FakeQuadcode } from '../test/fake-quadcode.ts';
import { memoryLog } from '../test/robot.ts';
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
import { brokerResolver, type BrokerResolver } from './brokers/broker-resolver.ts';
import { runSession } from './run-session.ts';
import { runtimeDepsOf } from './runtime.ts';

// A bot trading at IQ Option (the Quadcode platform's own broker) through the runtime, on a local
// fake that acknowledges openings as the platform does (`profit_income` 187 for an 87 % payout).
// The gale after a loss is planned on the payout the platform paid that order.
const clock: TestClock = { now: Date.UTC(2026, 0, 8, 14, 0) };
const t = useTestApp({ now: () => clock.now });
const PASSWORD = 'Iq-pass-of-the-trader-7';
const log = memoryLog();
let fake: FakeQuadcode;
let brokers: BrokerResolver;

beforeAll(async () => {
  fake = await FakeQuadcode.start();
  fake.nowMs = () => clock.now;
  fake.addActive('turbo', { id: 1, ticker: 'EURUSD', commission: 13 });
  brokers = brokerResolver(
    { db: t.app.deps.db, secrets: t.app.deps.secrets, log, now: () => clock.now },
    { wsUrl: 'ws://127.0.0.1:9', appId: null, timeoutMs: 5_000 },
    new Map([
      [
        Broker.iq,
        {
          brokerId: Broker.iq,
          name: 'IQ Option',
          httpUrl: fake.httpUrl,
          wsUrl: fake.wsUrl,
          platformId: 82,
        },
      ],
    ]),
  );
});

afterAll(async () => {
  await brokers.close();
  await fake.close();
});

const rt = () => runtimeDepsOf(t.app.deps, log, { resolver: brokers });

/** A trader at IQ Option with its login stored, payout-aware martingale of one gale, on. */
async function iqTrader(): Promise<Me> {
  const me = await newTrader(t.app);
  fake.addUser({
    email: `${me.userid}@example.com`,
    password: PASSWORD,
    userId: 900 + me.botId,
    balances: [{ id: 5_000 + me.botId, type: 4, amount: 10_000, currency: 'USD' }],
  });
  await t.app.deps.db
    .insertInto('broker_credentials')
    .values({
      bot_id: me.botId,
      broker_id: Broker.iq,
      email: `${me.userid}@example.com`,
      password_enc: t.app.deps.secrets.encrypt(
        { table: 'broker_credentials', rowId: `${me.botId}/${Broker.iq}`, field: 'password_enc' },
        PASSWORD,
      ),
      token_demo_enc: null,
      token_real_enc: null,
      updated_at: clock.now,
    })
    .execute();
  // A fixed 10.00 entry; galefat 0: each gale covers the loss so far and the entry's profit.
  await saveGlobalParams(t.app, me, {
    brokerID: Broker.iq,
    lote: 10,
    galenum: 1,
    galefat: 0,
    payout: 80,
  });
  const on = await command(t.app, rt(), me, 1);
  expect(on.params).toMatchObject({ running: true });
  return me;
}

describe('a bot trading at IQ Option through the runtime', () => {
  it('plans the gale after a loss on the payout of the platform’s acknowledgement: 10.00 lost at 87 % → 21.50', async () => {
    const me = await iqTrader();
    const at = Math.ceil(clock.now / MINUTE) * MINUTE + 2 * MINUTE;
    clock.now = at - 30_000;
    await postSignal(t.app, me, { asset: 'EURUSD', direction: 'CALL', atMs: at });
    await runSession(rt(), me.botId);
    clock.now = at;
    await runSession(rt(), me.botId);
    const [entry] = await ordersOf(t.app, me);
    expect(entry).toMatchObject({ state: 'open', stake_cents: 1_000, payout_pct: 87 });
    const position = [...fake.positions.values()].at(-1)!;
    expect(String(position.id)).toBe(entry!.broker_order_id);

    fake.settle(position.id, 'loose');
    clock.now = at + MINUTE;
    await runSession(rt(), me.botId);
    const [lost, gale] = await ordersOf(t.app, me);
    expect(lost).toMatchObject({ state: 'lost', pnl_cents: -1_000 });
    // ceilCents((10.00 + 10.00 × 0.87) / 0.87) = 21.50: a win recovers 10.00 and earns 8.70.
    expect(gale).toMatchObject({ gale_level: 1, stake_cents: 2_150, state: 'open' });
    expect([...fake.positions.values()].at(-1)).toMatchObject({ invest: 21.5 });
  });
});
