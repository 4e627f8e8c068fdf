import { BOT_COMMAND_CODES, type BotCommandCode, AccountType } from '@app/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPaperBroker } from '../broker/index.ts';
import type { MartingaleConfig } from '../money/index.ts';
import { DEFAULT_CHANNEL_SIGNAL_SETTINGS, parseSignal } from '../signals/index.ts';
import { planEntry } from '../timing/index.ts';
import { initialSession, step } from './session.ts';
import type { PlaceOrderCommand, SessionConfig, SessionEvent, SessionState } from './types.ts';

const T0 = Date.UTC(2024, 0, 15, 12, 0);
const martingaleCfg: MartingaleConfig = {
  entry: { kind: 'fixed', stakeCents: 200 },
  payout: 0.87,
  brokerMinCents: 100,
  brokerMaxCents: 500_000,
  gales: 2,
  multiplier: 2,
};
const config = (over: Partial<SessionConfig> = {}): SessionConfig => ({
  userid: 'b1',
  accountType: AccountType.demo,
  strategySel: 1,
  money: { martingale: martingaleCfg },
  stops: { stopType: 1, stopWin: 0, stopLoss: 0, trailing: false },
  maxOrdersPerDay: 0,
  startBalanceCents: 100_000,
  copyMode: 1,
  copyEnabled: false,
  ...over,
});

/**
 * The smallest honest runtime: parse each message, time it, step the session, execute its orders
 * on the paper broker and feed the settlements back. Returns what a log would show.
 */
function runtime(
  seed: number,
  messages: string[],
): { state: SessionState; sent: PlaceOrderCommand[]; balance: number } {
  const broker = createPaperBroker({ seed, balances: { [AccountType.demo]: 100_000 } });
  let state = initialSession(config());
  let now = T0;
  const sent: PlaceOrderCommand[] = [];
  const feed = (event: SessionEvent): void => {
    const out = step(state, event);
    state = out.state;
    for (const command of out.commands) {
      if (command.type !== 'place_order') continue;
      sent.push(command);
      const placed = broker.placeOrder({
        asset: command.asset,
        direction: command.direction,
        stakeCents: command.stakeCents,
        account: command.account,
        openAtMs: Math.max(command.sendAtMs, now),
        expiresAtMs: command.expiresAtMs,
      });
      if (!placed.ok) {
        feed({ type: 'order_result', ref: command.ref, status: 'rejected', error: placed.error });
        continue;
      }
      now = Math.max(now, command.expiresAtMs);
      const settled = broker.settle(placed.order.id, command.expiresAtMs);
      if (!settled.ok) throw new Error(settled.error);
      feed({
        type: 'order_result',
        ref: command.ref,
        status: 'settled',
        pnlCents: settled.settlement.pnlCents,
        balanceCents: settled.settlement.balanceCents,
      });
    }
  };
  for (const text of messages) {
    feed({ type: 'tick', nowMs: now });
    const parsed = parseSignal(text, DEFAULT_CHANNEL_SIGNAL_SETTINGS, {
      nowMs: now,
      channelId: 'c1',
    });
    for (const signal of parsed.signals) {
      const entry = planEntry({
        signalType: 8,
        nowMs: now,
        signalAtMs: signal.atMs,
        timeframeMin: signal.timeframeMin,
        gales: 2,
      });
      feed({ type: 'signal', signal, entry });
    }
  }
  return { state, sent, balance: broker.balance(AccountType.demo) };
}

const MESSAGES = [
  'EURUSD;12:30;CALL',
  'GBP/JPY;13:00;PUT',
  'M5;EURUSD;13:30;PUT',
  'AUD/CAD;14:00;CALL',
  'EUR/USD-OTC;14:30;PUT',
];

describe('session with the paper broker', () => {
  it('replays the same orders and balance when the seed is the same', () => {
    expect(runtime(9, MESSAGES)).toEqual(runtime(9, MESSAGES));
  });

  it('keeps its balance equal to the broker balance when every order settles', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const { state, sent, balance } = runtime(seed, MESSAGES);
      expect(state.balanceCents).toBe(balance);
      expect(state.profitCents).toBe(balance - 100_000);
      expect(state.openOrder).toBeNull();
      expect(sent.length).toBeGreaterThanOrEqual(MESSAGES.length);
      // Every ladder is the martingale 2.00 → 4.00 → 8.00, restarted after a win or its last gale.
      for (const order of sent) expect([200, 400, 800]).toContain(order.stakeCents);
    }
  });
});

describe('session invariants', () => {
  const assets = ['EURUSD', 'GBPUSD', 'EUR/USD'];
  const event = fc.oneof(
    fc.record({
      kind: fc.constant('signal' as const),
      asset: fc.constantFrom(...assets),
      at: fc.integer({ min: 0, max: 600 }),
    }),
    fc.record({
      kind: fc.constant('result' as const),
      outcome: fc.constantFrom('W', 'L', 'D', 'reject', 'bogus'),
    }),
    fc.record({ kind: fc.constant('tick' as const), hours: fc.integer({ min: 0, max: 30 }) }),
    fc.record({
      kind: fc.constant('command' as const),
      code: fc.constantFrom(...BOT_COMMAND_CODES),
      flag: fc.boolean(),
    }),
  );
  const setup = fc.record({
    strategySel: fc.constantFrom(1 as const, 2 as const),
    galeSchedule: fc.constantFrom('nextCandle' as const, 'nextSignal' as const),
    maxOrdersPerDay: fc.integer({ min: 0, max: 5 }),
    stopType: fc.constantFrom(1 as const, 3 as const, 4 as const, 5 as const),
    stopWin: fc.integer({ min: 0, max: 800 }),
    stopLoss: fc.integer({ min: 0, max: 800 }),
  });

  it('never throws, keeps one open order at most and sends orders only while trading', () => {
    fc.assert(
      fc.property(setup, fc.array(event, { maxLength: 60 }), (s, events) => {
        let state = initialSession(
          config({
            strategySel: s.strategySel,
            galeSchedule: s.galeSchedule,
            maxOrdersPerDay: s.maxOrdersPerDay,
            stops: {
              stopType: s.stopType,
              stopWin: s.stopWin,
              stopLoss: s.stopLoss,
              trailing: false,
            },
            money: {
              martingale: martingaleCfg,
              masaniello: {
                ...martingaleCfg,
                capitalCents: 10_000,
                totalOper: 10,
                totalWin: 4,
                type: 1,
                profitTargetCents: 0,
                hitsRestart: 0,
                restartOnBust: false,
              },
            },
          }),
        );
        let now = T0;
        for (const e of events) {
          let input: SessionEvent;
          if (e.kind === 'signal') {
            const at = now + e.at * 1_000;
            input = {
              type: 'signal',
              signal: { asset: e.asset, direction: 'PUT', timeframeMin: 1 },
              entry: planEntry({
                signalType: 8,
                nowMs: now,
                signalAtMs: at,
                timeframeMin: 1,
                gales: 2,
              }),
            };
          } else if (e.kind === 'result') {
            const open = state.openOrder;
            const ref = open && e.outcome !== 'bogus' ? open.ref : 'nope';
            const stake = open?.stakeCents ?? 100;
            input =
              e.outcome === 'reject'
                ? { type: 'order_result', ref, status: 'rejected', error: 'x' }
                : {
                    type: 'order_result',
                    ref,
                    status: 'settled',
                    pnlCents:
                      e.outcome === 'W' ? Math.round(stake * 0.87) : e.outcome === 'L' ? -stake : 0,
                  };
          } else if (e.kind === 'tick') {
            now += e.hours * 3_600_000;
            input = { type: 'tick', nowMs: now };
          } else {
            input = {
              type: 'command',
              code: e.code as BotCommandCode,
              args: e.code === 15 ? { enabled: e.flag } : {},
            };
          }
          const before = state;
          const out = step(state, input);
          state = out.state;
          const placed = out.commands.filter((c) => c.type === 'place_order');
          expect(placed.length).toBeLessThanOrEqual(1);
          if (placed.length > 0) {
            expect(['signal', 'order_result']).toContain(input.type);
            expect(before.running && before.stopReason === null).toBe(true);
            expect(state.openOrder).not.toBeNull();
          }
          for (const p of placed) {
            expect(Number.isInteger(p.stakeCents)).toBe(true);
            expect(p.stakeCents).toBeGreaterThanOrEqual(100);
          }
          if (state.openOrder) expect(state.sequence).not.toBeNull();
          expect(state.ordersToday).toBeGreaterThanOrEqual(0);
          const notes = out.commands.filter((c) => c.type === 'notify');
          for (const n of notes) expect(n.key).toMatch(/^robot\.(notify|reply)\.[a-zA-Z]+$/);
        }
      }),
      { numRuns: 300 },
    );
  });
});
