import { AccountType } from '@app/contract';
import { afterEach, beforeEach, vi } from 'vitest';
import type { PlaceRequest } from '../robot/brokers/broker-adapter.ts';
import type { LedgerOrder } from '../robot/brokers/ledger-view.ts';
import {
  QuadcodeBroker,
  type QuadcodePlatform,
} from '../robot/brokers/quadcode/quadcode-broker.ts';
import { memoryLedger } from './broker-requests.ts';
import { FakeQuadcode } from './fake-quadcode.ts';

export const QC_EMAIL = 'trader@example.com';
export const QC_PASSWORD = 'S3cret-pass-never-shown';
// 12:00:10 UTC: an M1 turbo bought now expires at 12:01:00 (its purchase closes 30 s before).
export const QC_T0 = Date.UTC(2026, 10, 26, 12, 0, 10);

let seq = 0;

/** An order request for the adapter (a fresh client ref each time). */
export function qcRequest(over: Partial<PlaceRequest> = {}): PlaceRequest {
  seq += 1;
  return {
    clientRef: `s${seq}-1`,
    asset: 'EURUSD',
    direction: 'CALL',
    stakeCents: 500,
    account: AccountType.demo,
    timeframeMin: 1,
    openAtMs: QC_T0,
    expiresAtMs: QC_T0 + 50_000,
    ...over,
  };
}

/** The ledger's row of a request, as the runtime would have written it. */
export function qcRow(req: PlaceRequest, brokerOrderId: string | null): LedgerOrder {
  return {
    brokerOrderId,
    asset: req.asset,
    direction: req.direction,
    stakeCents: req.stakeCents,
    payout: 0.87,
    account: req.account,
    attemptedAtMs: req.openAtMs,
    sendAtMs: req.openAtMs,
  };
}

/**
 * A Quadcode-platform broker's adapter on a fresh local fake for each test: a user with a real
 * (type 1, id 11) and a demo (type 4, id 14) balance, and EURUSD (13 % commission) and
 * EURUSD-OTC (8 %) turbo, EURUSD binary (20 %) and blitz (10 %) actives.
 */
export function useQuadcodeBroker(platform: Omit<QuadcodePlatform, 'httpUrl' | 'wsUrl'>) {
  const s = {
    fake: undefined as unknown as FakeQuadcode,
    broker: undefined as unknown as QuadcodeBroker,
    mem: undefined as unknown as ReturnType<typeof memoryLedger>,
    optionType: 1,
    logged: [] as object[],
    newBroker(password = QC_PASSWORD, over: { timeoutMs?: number } = {}): QuadcodeBroker {
      return new QuadcodeBroker({
        platform: { ...platform, httpUrl: s.fake.httpUrl, wsUrl: s.fake.wsUrl },
        email: QC_EMAIL,
        password,
        ledger: s.mem.ledger,
        account: () => 1 as AccountType,
        optionType: () => s.optionType,
        timeoutMs: over.timeoutMs ?? 4_000,
        log: {
          info: (o) => void s.logged.push(o),
          error: (o) => void s.logged.push(o),
        },
      });
    },
  };

  beforeEach(async () => {
    s.fake = await FakeQuadcode.start();
    s.fake.nowMs = () => QC_T0;
    s.fake.addUser({
      email: QC_EMAIL,
      password: QC_PASSWORD,
      userId: 501,
      balances: [
        { id: 11, type: 1, amount: 120.5, currency: 'BRL' },
        { id: 14, type: 4, amount: 10_000, currency: 'BRL' },
      ],
    });
    s.fake.addActive('turbo', { id: 1, ticker: 'EURUSD' });
    s.fake.addActive('turbo', { id: 76, ticker: 'EURUSD-OTC', commission: 8 });
    s.fake.addActive('binary', { id: 1, ticker: 'EURUSD', commission: 20 });
    s.fake.addActive('blitz', { id: 1, ticker: 'EURUSD', commission: 10 });
    s.optionType = 1;
    s.mem = memoryLedger();
    s.logged.length = 0;
    s.broker = s.newBroker();
  });

  afterEach(async () => {
    vi.useRealTimers();
    await s.broker.close();
    await s.fake.close();
  });

  return s;
}
