import { AccountType } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { common } from '../money/money.test-helpers.ts';
import type { EntryPlan } from '../timing/index.ts';
import { signalLadderCents } from './commands.ts';
import { initialSession, step } from './session.ts';
import { channelPlanOf, signalPlan, type ChannelPlan } from './signal-plan.ts';
import type { MoneyConfigs, PlaceOrderCommand, SessionConfig, SessionState } from './types.ts';

const money: MoneyConfigs = {
  martingale: { ...common(200, 0.87), gales: 2, multiplier: 2.2 },
  soros: { ...common(1000, 0.87), levels: 2, pct: 100, gales: 1, galeMultiplier: 2 },
  cycles: { ...common(200, 0.87), cycles: 3, cycleMultiplier: 3, gales: 2, galeMultiplier: 2 },
  lossRecovery: {
    ...common(500, 0.87),
    factor: 2,
    mode: 1,
    gales: 1,
    galeMultiplier: 2,
    recoverProfitCents: 0,
  },
  customCycles: {
    ...common(200, 0.87),
    rows: [
      { cycle: 1, entrada: 2, mg1: 4, mg2: 8 },
      { cycle: 2, entrada: 5, mg1: 10 },
    ],
    gales: 3,
    multiplier: 2,
  },
  masaniello: {
    brokerMinCents: 1,
    brokerMaxCents: 10_000_000,
    capitalCents: 10_000,
    totalOper: 10,
    totalWin: 4,
    payout: 0.8,
    gales: 2,
    type: 1,
    profitTargetCents: 0,
    hitsRestart: 0,
    restartOnBust: false,
  },
};
const plan = (over: Partial<ChannelPlan> = {}): ChannelPlan => ({
  gales: null,
  lote: null,
  galefat: null,
  ...over,
});

describe('channelPlanOf', () => {
  it("takes the message's gale count over the card's", () => {
    expect(channelPlanOf(1, { galenum: 2, lote: 0, galefat: 0 })).toEqual(plan({ gales: 1 }));
  });

  it("takes the card's galenum when the message states none, and 0 on the card as not set", () => {
    expect(channelPlanOf(null, { galenum: 2, lote: 5, galefat: 2.5 })).toEqual(
      plan({ gales: 2, lote: 5, galefat: 2.5 }),
    );
    expect(channelPlanOf(undefined, { galenum: 0, lote: 0, galefat: 0 })).toEqual(plan());
  });

  it('keeps a message that states no gale at all (gale 0)', () => {
    expect(channelPlanOf(0, { galenum: 2, lote: 0, galefat: 0 }).gales).toBe(0);
  });
});

describe('signalPlan', () => {
  it.each([
    // strategy, channel gales, effective gales, source
    [1, null, 2, 'strategy'], // martingale: global galenum 2
    [1, 1, 1, 'channel'], // the message says gale 1
    [1, 3, 3, 'channel'], // martingale takes a higher channel count too
    [1, 0, 0, 'channel'], // "sem gale"
    [6, null, 1, 'strategy'], // soros: sorosgale 1
    [6, 3, 1, 'strategy'], // soros: the channel's count is only a ceiling
    [3, 1, 1, 'channel'], // cycles: ciclosgale 2 capped at 1
    [4, 0, 0, 'channel'], // loss recovery: recoverGale 1 capped at 0
    [2, 1, 1, 'channel'], // masaniello: plan gale 2 capped at 1
    [5, null, 2, 'strategy'], // custom cycles: row C1 has MG1, MG2
    [5, 1, 1, 'channel'],
  ] as const)('strategy %i with channel gales %s places at most %i (%s)', (sel, g, gales, from) => {
    const out = signalPlan(sel, money, plan({ gales: g }));
    expect({ gales: out.gales, from: out.galesFrom }).toEqual({ gales, from });
  });

  it("reads a custom cycles row's gale count at the walk's current cycle", () => {
    const state = { balanceCents: 0, startBalanceCents: null, ladder: null, halted: false };
    expect(
      signalPlan(5, money, plan(), { ...state, cycle: 2, bankCents: 1400 } as never).gales,
    ).toBe(1);
  });

  it("applies the card's lote and galefat where the strategy starts from the globals", () => {
    const out = signalPlan(1, money, plan({ gales: 1, lote: 5, galefat: 3 })).money;
    expect(out.martingale).toMatchObject({
      entry: { kind: 'fixed', stakeCents: 500 },
      gales: 1,
      multiplier: 3,
    });
    const soros = signalPlan(6, money, plan({ lote: 4, galefat: 3 })).money.soros;
    expect(soros).toMatchObject({ entry: { stakeCents: 400 }, galeMultiplier: 3, gales: 1 });
    // Cycles keep their own gale multiplier; Masaniello stakes from its capital.
    const cycles = signalPlan(3, money, plan({ lote: 4, galefat: 3 })).money.cycles;
    expect(cycles).toMatchObject({ entry: { stakeCents: 400 }, galeMultiplier: 2 });
    expect(signalPlan(2, money, plan({ lote: 4, galefat: 3 })).money.masaniello).toEqual(
      money.masaniello,
    );
  });

  it("reads the card's lote as a percent when the global entry is a percent", () => {
    const pct: MoneyConfigs = {
      martingale: { ...money.martingale!, entry: { kind: 'percent', pct: 2 } },
    };
    expect(signalPlan(1, pct, plan({ lote: 1 })).money.martingale?.entry).toEqual({
      kind: 'percent',
      pct: 1,
    });
  });
});

describe('a session trading a signal with its plan', () => {
  const T = Date.UTC(2024, 0, 15, 14, 30);
  const MIN = 60_000;
  const entry: EntryPlan = {
    sendAtMs: T,
    expiresAtMs: T + MIN,
    gales: [1, 2, 3].map((k) => ({ sendAtMs: T + k * MIN, expiresAtMs: T + (k + 1) * MIN })),
  };
  const config = (strategySel: SessionConfig['strategySel']): SessionConfig => ({
    userid: 'b1',
    accountType: AccountType.demo,
    strategySel,
    money,
    stops: { stopType: 1, stopWin: 0, stopLoss: 0, trailing: false },
    maxOrdersPerDay: 0,
    startBalanceCents: 100_000,
    copyMode: 1,
    copyEnabled: false,
  });

  /** Plays a signal whose every order loses; the stakes placed. */
  function loseAll(state: SessionState, channel: ChannelPlan): number[] {
    let out = step(state, {
      type: 'signal',
      signal: { asset: 'EURUSD', direction: 'CALL', timeframeMin: 1 },
      entry,
      plan: channel,
    });
    const stakes: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const place = out.commands.find((c): c is PlaceOrderCommand => c.type === 'place_order');
      if (!place) break;
      stakes.push(place.stakeCents);
      out = step(out.state, {
        type: 'order_result',
        ref: place.ref,
        status: 'settled',
        pnlCents: -place.stakeCents,
      });
    }
    return stakes;
  }

  it('never places a G2 for a signal stating 1 gale, with the globals at 2 gales', () => {
    const state = initialSession(config(1));
    expect(loseAll(state, plan({ gales: 1 }))).toEqual([200, 440]);
    expect(loseAll(state, plan())).toEqual([200, 440, 968]);
  });

  it("trades every gale of the ladder with the card's multiplier and lote", () => {
    const state = initialSession(config(1));
    expect(loseAll(state, plan({ gales: 2, lote: 5, galefat: 2 }))).toEqual([500, 1000, 2000]);
  });

  it('previews the same ladder the session places (signalLadderCents)', () => {
    const state = initialSession(config(1));
    expect(signalLadderCents(state, plan({ gales: 1 }))).toEqual([200, 440]);
    expect(signalLadderCents(state, plan({ gales: 2, lote: 5, galefat: 2 }))).toEqual([
      500, 1000, 2000,
    ]);
    expect(signalLadderCents(initialSession(config(3)), plan({ gales: 1 }))).toEqual([200, 400]);
  });

  it('caps the ladder of a strategy with its own gale setting (cycles: G2 → 1)', () => {
    const state = initialSession(config(3));
    expect(loseAll(state, plan({ gales: 1 }))).toEqual([200, 400]);
  });
});
