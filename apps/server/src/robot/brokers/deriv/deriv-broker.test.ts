import { AccountType } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryLedger } from '../../../test/broker-requests.ts';
import { FakeDeriv } from '../../../test/fake-deriv.ts';
import type { PlaceRequest } from '../broker-adapter.ts';
import { DerivBroker, derivSymbol, type DerivLedgerOrder } from './deriv-broker.ts';
import { derivUrl } from './deriv-connection.ts';

const DEMO = 'demo-T0ken-secret-1';
const REAL = 'real-T0ken-secret-2';
const T0 = Date.UTC(2026, 0, 5, 12, 0);

function request(over: Partial<PlaceRequest> = {}): PlaceRequest {
  return {
    clientRef: `s${Math.random().toString(36).slice(2)}-1`,
    asset: 'EURUSD',
    direction: 'CALL',
    stakeCents: 200,
    account: AccountType.demo,
    timeframeMin: 1,
    openAtMs: T0,
    expiresAtMs: T0 + 60_000,
    ...over,
  };
}

function ledgerRow(req: PlaceRequest, brokerOrderId: string | null): DerivLedgerOrder {
  return {
    brokerOrderId,
    asset: req.asset,
    direction: req.direction,
    stakeCents: req.stakeCents,
    payout: 0.85,
    account: req.account,
    attemptedAtMs: req.openAtMs,
    sendAtMs: req.openAtMs,
  };
}

let fake: FakeDeriv;
let broker: DerivBroker;
let mem: ReturnType<typeof memoryLedger>;
const logged: object[] = [];

/** The legacy API (while Deriv serves it): the public URL with the app id, then `authorize`. */
function newBroker(
  tokens: Partial<Record<AccountType, string>> = {
    [AccountType.demo]: DEMO,
    [AccountType.real]: REAL,
  },
) {
  return new DerivBroker({
    api: 'legacy',
    opener: (account) => {
      const token = tokens[account];
      return token
        ? () => Promise.resolve({ url: derivUrl(fake.url, '4321'), authorize: token })
        : null;
    },
    ledger: mem.ledger,
    account: () => 1,
    timeoutMs: 5_000,
    log: { info: (o) => void logged.push(o), error: (o) => void logged.push(o) },
  });
}

beforeEach(async () => {
  fake = await FakeDeriv.start();
  fake.nowS = () => Math.floor(T0 / 1000);
  fake.addAccount(DEMO, { balance: 1000 });
  fake.addAccount(REAL, { balance: 50, currency: 'EUR', loginid: 'CR1' });
  mem = memoryLedger();
  broker = newBroker();
  logged.length = 0;
});

afterEach(async () => {
  vi.useRealTimers();
  await broker.close();
  await fake.close();
});

/** Neither a token nor anything shaped like one in what the adapter logged or answered. */
function expectNoToken(...values: unknown[]) {
  const text = JSON.stringify([...values, logged]);
  expect(text).not.toContain(DEMO);
  expect(text).not.toContain(REAL);
}

describe('the Deriv adapter on the legacy API of a fake Deriv', () => {
  it('maps our asset names to Deriv symbols', () => {
    expect(derivSymbol('EURUSD')).toBe('frxEURUSD');
    expect(derivSymbol('eur/jpy')).toBe('frxEURJPY');
    expect(derivSymbol('BTCUSD')).toBe('cryBTCUSD');
    expect(derivSymbol('R_100')).toBe('R_100');
    expect(derivSymbol('EURUSD-OTC')).toBeNull();
    expect(derivSymbol('PETR4')).toBeNull();
  });

  it('authorises with the token, quotes, buys and settles a win by the contract stream', async () => {
    const req = request();
    const answer = await broker.placeOrder(req);
    const contract = [...fake.contracts.values()][0]!;
    expect(answer).toEqual({
      ok: true,
      brokerOrderId: String(contract.contractId),
      payout: 0.85,
      balanceCents: 99_800,
    });
    expect(fake.lastQuery).toBe('app_id=4321');
    expect(fake.sent('authorize')[0]).toMatchObject({ authorize: DEMO });
    expect(fake.sent('proposal')[0]).toMatchObject({
      proposal: 1,
      amount: 2,
      basis: 'stake',
      contract_type: 'CALL',
      currency: 'USD',
      duration: 1,
      duration_unit: 'm',
      symbol: 'frxEURUSD',
    });
    const quoted = fake.replies.find((r) => r.msg_type === 'proposal')?.proposal as { id: string };
    const proposalId = quoted.id;
    expect(proposalId).toMatch(/^[\w-]{32,128}$/);
    expect(fake.sent('buy')[0]).toMatchObject({
      buy: proposalId,
      price: 2,
      passthrough: { client_ref: req.clientRef },
    });
    // Every request carries its own req_id (replies are matched by it).
    const ids = fake.frames.map((f) => f.req_id);
    expect(new Set(ids).size).toBe(ids.length);

    const subscribed = await fake.next('proposal_open_contract');
    expect(subscribed).toMatchObject({ contract_id: contract.contractId, subscribe: 1 });
    mem.rows.set(req.clientRef, ledgerRow(req, answer.ok ? answer.brokerOrderId : null));
    expect(await broker.lookup(req.clientRef, T0 + 1_000)).toEqual({
      status: 'open',
      brokerOrderId: String(contract.contractId),
    });

    const forgot = fake.next('forget');
    fake.settle(contract.contractId, 'won');
    await forgot; // the stream saw the sale and ended its subscription
    expect(await broker.lookup(req.clientRef, T0 + 60_000)).toEqual({
      status: 'settled',
      brokerOrderId: String(contract.contractId),
      pnlCents: 170,
      balanceCents: null,
    });
    expect(await broker.balance(AccountType.demo)).toBe(100_170);
    expectNoToken(answer);
  });

  it('settles a loss and a draw; a PUT is a PUT; the real account uses the real token', async () => {
    const lossReq = request({
      direction: 'PUT',
      account: AccountType.real,
      stakeCents: 500,
      timeframeMin: 5,
    });
    const loss = await broker.placeOrder(lossReq);
    expect(loss.ok).toBe(true);
    expect(fake.sent('authorize').map((f) => f.authorize)).toEqual([REAL]);
    expect(fake.sent('proposal')[0]).toMatchObject({
      contract_type: 'PUT',
      currency: 'EUR',
      amount: 5,
      duration: 5,
    });
    const [lossContract] = [...fake.contracts.values()];
    fake.settle(lossContract!.contractId, 'lost');
    mem.rows.set(lossReq.clientRef, ledgerRow(lossReq, String(lossContract!.contractId)));
    expect(await broker.lookup(lossReq.clientRef, T0 + 300_000)).toMatchObject({
      status: 'settled',
      pnlCents: -500,
    });

    const drawReq = request();
    const draw = await broker.placeOrder(drawReq);
    expect(draw.ok).toBe(true);
    const drawContract = [...fake.contracts.values()][1]!;
    fake.settle(drawContract.contractId, 'draw');
    mem.rows.set(drawReq.clientRef, ledgerRow(drawReq, String(drawContract.contractId)));
    expect(await broker.lookup(drawReq.clientRef, T0 + 60_000)).toMatchObject({
      status: 'settled',
      pnlCents: 0,
    });
  });

  it('reads the payout for an asset and timeframe from a proposal', async () => {
    fake.payoutFraction = 0.78;
    expect(await broker.payout('GBPUSD', 5)).toBe(0.78);
    expect(fake.sent('proposal')[0]).toMatchObject({
      symbol: 'frxGBPUSD',
      duration: 5,
      duration_unit: 'm',
      basis: 'stake',
    });
    await expect(broker.payout('EURUSD-OTC', 1)).rejects.toThrow();
  });

  it('fails the order with its reason when Deriv refuses the buy; nothing is bought', async () => {
    fake.faults.set('buy', {
      kind: 'error',
      code: 'ContractBuyValidationError',
      message: 'Trading is not offered for this duration.',
    });
    // Deriv's own code travels with the reason (the feed shows it on real orders).
    expect(await broker.placeOrder(request())).toEqual({
      ok: false,
      error: 'rejected',
      brokerRef: 'ContractBuyValidationError',
    });
    fake.faults.set('buy', { kind: 'error', code: 'InsufficientBalance', message: 'Low.' });
    expect(await broker.placeOrder(request())).toEqual({
      ok: false,
      error: 'insufficientBalance',
      brokerRef: 'InsufficientBalance',
    });
    fake.faults.set('proposal', { kind: 'error', code: 'MarketIsClosed', message: 'Closed.' });
    expect(await broker.placeOrder(request())).toMatchObject({ ok: false, error: 'marketClosed' });
    expect(await broker.placeOrder(request({ asset: 'EURUSD-OTC' }))).toEqual({
      ok: false,
      error: 'assetUnavailable',
    });
    expect(fake.contracts.size).toBe(0);
  });

  it('fails with authFailed on a bad token, and never shows the token', async () => {
    const bad = 'bad-T0ken-never-shown';
    await broker.close();
    broker = newBroker({ [AccountType.demo]: bad });
    const answer = await broker.placeOrder(request());
    expect(answer).toMatchObject({ ok: false, error: 'authFailed' });
    const err = await broker.balance(AccountType.demo).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(String((err as Error).message)).not.toContain(bad);
    expect(JSON.stringify([answer, logged, String(err)])).not.toContain(bad);
    // Each try authorises on a new socket; the refused one is closed, not left open.
    await fake.allClosed();
    expect(fake.connections).toBe(2);
    expect(await broker.placeOrder(request({ account: AccountType.tournament }))).toEqual({
      ok: false,
      error: 'noToken',
    });
  });

  it('fails with timeout when Deriv does not answer the proposal (fake timers)', async () => {
    await broker.placeOrder(request()); // connected and authorised
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fake.faults.set('proposal', { kind: 'silent' });
    const asked = fake.next('proposal');
    const placing = broker.placeOrder(request());
    await asked;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await placing).toMatchObject({ ok: false, error: 'timeout' });
  });

  it('a drop mid-contract loses the stream; the contract is asked again by id and settles', async () => {
    const req = request();
    const answer = await broker.placeOrder(req);
    expect(answer.ok).toBe(true);
    await fake.next('proposal_open_contract');
    mem.rows.set(req.clientRef, ledgerRow(req, answer.ok ? answer.brokerOrderId : null));
    fake.dropAll();
    const contract = [...fake.contracts.values()][0]!;
    fake.settle(contract.contractId, 'won'); // sold while we were away
    const before = fake.connections;
    expect(await broker.lookup(req.clientRef, T0 + 60_000)).toMatchObject({
      status: 'settled',
      pnlCents: 170,
    });
    expect(fake.connections).toBe(before + 1);
    expect(fake.sent('proposal_open_contract').at(-1)).toEqual(
      expect.objectContaining({ contract_id: contract.contractId }),
    );
  });

  it('a drop before the buy answer is an unknown outcome, reconciled from the statement', async () => {
    const req = request();
    fake.faults.set('buy', { kind: 'drop' });
    await expect(broker.placeOrder(req)).rejects.toThrow(/buy: disconnected/);
    const contract = [...fake.contracts.values()][0]!; // bought, but we never heard
    // Another order of the bot holds an older contract of the same shape: not ours.
    mem.rows.set('s-other-1', { ...ledgerRow(req, '4999') });
    mem.rows.set(req.clientRef, ledgerRow(req, null));
    expect(await broker.lookup(req.clientRef, T0 + 5_000)).toEqual({
      status: 'open',
      brokerOrderId: String(contract.contractId),
    });
    expect(fake.sent('statement')[0]).toMatchObject({
      statement: 1,
      description: 1,
      action_type: 'buy',
    });
    // Placing the same client ref again returns that contract; nothing is bought twice.
    const again = await broker.placeOrder(req);
    expect(again).toMatchObject({ ok: true, brokerOrderId: String(contract.contractId) });
    expect(fake.contracts.size).toBe(1);
    fake.settle(contract.contractId, 'lost');
    expect(await broker.lookup(req.clientRef, T0 + 60_000)).toMatchObject({
      status: 'settled',
      pnlCents: -200,
    });
  });

  it('an order Deriv never bought is missing (the runtime may send it or fail it)', async () => {
    const req = request();
    mem.rows.set(req.clientRef, ledgerRow(req, null));
    expect(await broker.lookup(req.clientRef, T0 + 1_000)).toEqual({ status: 'missing' });
    expect(await broker.lookup('s-unknown-1', T0)).toEqual({ status: 'missing' });
  });
});
