import { describe, expect, it } from 'vitest';
import {
  allowsOrder,
  initialStops,
  onOrderSettled,
  resetStops,
  stopsConfigFromParams,
  trailingFloorCents,
  type SettledOrder,
  type StopHit,
  type StopsConfig,
  type StopsState,
} from './stops.ts';

/** Plays orders and returns the first hit with the 1-based order that fired it. */
function play(config: StopsConfig, orders: SettledOrder[], start = 100_000) {
  let state: StopsState = initialStops(start);
  for (const [i, order] of orders.entries()) {
    const step = onOrderSettled(state, order, config);
    state = step.state;
    if (step.hit) return { hit: step.hit as StopHit, at: i + 1, state };
  }
  return { hit: null, at: 0, state };
}

const o = (pnlCents: number, sequenceEnd?: 'W' | 'L'): SettledOrder =>
  sequenceEnd ? { pnlCents, sequenceEnd } : { pnlCents };
const FIXED: StopsConfig = { stopType: 1, stopWin: 1000, stopLoss: 1500, trailing: false };

describe('onOrderSettled', () => {
  it.each([
    {
      name: 'type 1 profit reaches SW 10.00',
      config: FIXED,
      orders: [o(870), o(-500), o(870)],
      hit: 'stop_win',
      at: 3,
    },
    {
      name: 'type 1 loss reaches −SL −15.00',
      config: FIXED,
      orders: [o(-1000), o(-500)],
      hit: 'stop_loss',
      at: 2,
    },
    {
      name: 'type 2 profit reaches 2 % of a 1 000.00 start',
      config: { stopType: 2, stopWin: 2, stopLoss: 1, trailing: false },
      orders: [o(1000), o(1000)],
      hit: 'stop_win',
      at: 2,
    },
    {
      name: 'type 2 loss reaches 1 % of the start',
      config: { stopType: 2, stopWin: 2, stopLoss: 1, trailing: false },
      orders: [o(-600), o(-400)],
      hit: 'stop_loss',
      at: 2,
    },
    {
      name: 'type 3 wins 2 sequences more than it lost (gale orders do not count)',
      config: { stopType: 3, stopWin: 2, stopLoss: 2, trailing: false },
      orders: [o(-100), o(174, 'W'), o(-100), o(-200), o(348, 'W')],
      hit: 'stop_win',
      at: 5,
    },
    {
      name: 'type 4 loses 2 orders more than it won (every gale order counts)',
      config: { stopType: 4, stopWin: 2, stopLoss: 2, trailing: false },
      orders: [o(-100), o(174, 'W'), o(-100), o(-200)],
      hit: 'stop_loss',
      at: 4,
    },
    {
      name: 'type 5 reaches SL 2 losing sequences',
      config: { stopType: 5, stopWin: 3, stopLoss: 2, trailing: false },
      orders: [o(-100, 'L'), o(174, 'W'), o(-100, 'L')],
      hit: 'stop_loss',
      at: 3,
    },
    {
      name: 'type 5 reaches SW 3 winning sequences',
      config: { stopType: 5, stopWin: 3, stopLoss: 2, trailing: false },
      orders: [o(87, 'W'), o(-100, 'L'), o(87, 'W'), o(87, 'W')],
      hit: 'stop_win',
      at: 4,
    },
    {
      name: 'stop móvel profit falls back to peak − SL (peak 12.00, SL 15.00 → floor −3.00)',
      config: { ...FIXED, stopWin: 5000, trailing: true },
      orders: [o(800), o(400), o(-1000), o(-500)],
      hit: 'trailing',
      at: 4,
    },
  ])('fires $hit when $name', ({ config, orders, hit, at }) => {
    expect(play(config as StopsConfig, orders)).toMatchObject({ hit, at });
  });

  it.each([
    { name: 'a side is 0', config: { ...FIXED, stopWin: 0 }, orders: [o(100_000)] },
    {
      name: 'draws only',
      config: { stopType: 4 as const, stopWin: 1, stopLoss: 1, trailing: false },
      orders: [o(0), o(0)],
    },
    {
      name: 'the trailing floor is not reached',
      config: { ...FIXED, stopWin: 0, trailing: true },
      orders: [o(800), o(-1400)],
    },
  ])('does not fire when $name', ({ config, orders }) => {
    expect(play(config, orders).hit).toBeNull();
  });

  it('keeps scoring but never fires when suspended by an active Masaniello plan', () => {
    const step = onOrderSettled(initialStops(100_000), o(-5000), FIXED, { suspended: true });
    expect(step.hit).toBeUndefined();
    expect(step.state.profitCents).toBe(-5000);
  });

  it('reports a hit once and stays stopped when more orders settle', () => {
    const { state } = play(FIXED, [o(1000)]);
    expect(onOrderSettled(state, o(-10), FIXED).hit).toBeUndefined();
    expect(allowsOrder(state, 100, FIXED)).toBe('stopped');
    expect(allowsOrder(resetStops(state), 100, FIXED)).toBe(true);
  });
});

describe('trailingFloorCents', () => {
  it.each([
    { peak: 0, floor: -1500 },
    { peak: 1200, floor: -300 },
    { peak: 5000, floor: 3500 },
  ])('is $floor when the peak is $peak and SL 15.00', ({ peak, floor }) => {
    const state = { ...initialStops(100_000), peakCents: peak };
    expect(trailingFloorCents(state, { ...FIXED, trailing: true })).toBe(floor);
  });

  it('does not apply when the stop type is a score (3–5)', () => {
    expect(
      trailingFloorCents(initialStops(100_000), {
        stopType: 3,
        stopWin: 1,
        stopLoss: 1,
        trailing: true,
      }),
    ).toBeNull();
  });
});

describe('allowsOrder', () => {
  it.each([
    { profit: -1000, stake: 500, allowed: true },
    { profit: -1000, stake: 501, allowed: 'pre_stop' },
    { profit: 0, stake: 1600, allowed: 'pre_stop' },
  ])(
    'answers $allowed when profit $profit and stake $stake under SL 15.00',
    ({ profit, stake, allowed }) => {
      const state = { ...initialStops(100_000), profitCents: profit };
      expect(allowsOrder(state, stake, FIXED)).toBe(allowed);
    },
  );

  it('skips the pre-stop when the stop type counts sequences', () => {
    const state = { ...initialStops(100_000), profitCents: -100_000 };
    expect(
      allowsOrder(state, 1000, { stopType: 5, stopWin: 1, stopLoss: 1, trailing: false }),
    ).toBe(true);
  });
});

describe('stopsConfigFromParams', () => {
  it.each([
    {
      params: { stopType: 1 as const, stopWin: 50, stopLoss: 30.5, stopMovel: 1 },
      expected: { stopWin: 5000, stopLoss: 3050, trailing: true },
    },
    {
      params: { stopType: 5 as const, stopWin: 3, stopLoss: 2, stopMovel: true },
      expected: { stopWin: 3, stopLoss: 2, trailing: false },
    },
    {
      params: { stopType: 2 as const, stopWin: 10, stopLoss: 5, stopMovel: 0 },
      expected: { stopWin: 10, stopLoss: 5, trailing: false },
    },
  ])(
    'maps type $params.stopType (cents for type 1, stopMovel forced off for Quant)',
    ({ params, expected }) => {
      expect(stopsConfigFromParams(params)).toMatchObject(expected);
    },
  );
});
