import { TRADING_REFUSAL_REASONS, AccountType } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { initialSession } from './session.ts';
import { insideWindows, TRADE_BLOCKS, tradeBlock, type TradeGateInput } from './trade-gate.ts';
import type { SessionConfig } from './types.ts';

const T = Date.UTC(2026, 0, 5, 13, 0); // 10:00 at UTC−3
const config: SessionConfig = {
  userid: 'b1',
  accountType: AccountType.demo,
  strategySel: 1,
  money: {},
  stops: { stopType: 1, stopWin: 0, stopLoss: 0, trailing: false },
  maxOrdersPerDay: 2,
  startBalanceCents: 100_000,
  copyMode: 1,
  copyEnabled: false,
};
const input = (over: Partial<TradeGateInput> = {}): TradeGateInput => ({
  state: initialSession(config),
  configured: true,
  verified: true,
  botExpSec: 0,
  nowMs: T,
  windows: [],
  utcOffsetHours: -3,
  sendAtMs: T + 30_000,
  payout: 0.87,
  minPayoutPct: 80,
  lateToleranceMs: 5_000,
  ...over,
});

describe('tradeBlock', () => {
  it.each([
    ['not_configured', { configured: false }],
    ['not_verified', { verified: false }],
    ['bot_off', { state: { ...initialSession(config), running: false } }],
    ['expired', { botExpSec: T / 1000 - 1 }],
    ['stopped', { state: { ...initialSession(config), stopReason: 'stop_loss' as const } }],
    ['outside_windows', { windows: [{ start: '11:00', end: '12:00' }] }],
    ['max_orders_reached', { state: { ...initialSession(config), ordersToday: 2 } }],
    ['payout_below_min', { minPayoutPct: 90 }],
    ['entry_missed', { sendAtMs: T - 6_000 }],
  ] as const)('says %s', (reason, over) => {
    expect(tradeBlock(input(over as Partial<TradeGateInput>))).toBe(reason);
  });

  it('lets a configured, running bot trade inside its windows', () => {
    expect(tradeBlock(input({ windows: [{ start: '09:30', end: '10:30' }] }))).toBeNull();
  });

  it('names only reasons the panel translates', () => {
    for (const reason of TRADE_BLOCKS) expect(TRADING_REFUSAL_REASONS).toContain(reason);
  });
});

describe('insideWindows', () => {
  it('runs a window over midnight when its end is before its start', () => {
    const w = [{ start: '22:00', end: '02:00' }];
    expect(insideWindows(Date.UTC(2026, 0, 5, 4, 0), w, -3)).toBe(true); // 01:00 local
    expect(insideWindows(Date.UTC(2026, 0, 5, 6, 0), w, -3)).toBe(false); // 03:00 local
  });
});
