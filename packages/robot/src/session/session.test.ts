import { BOT_COMMANDS, type BotCommandCode, AccountType } from '@app/contract';
import { describe, expect, it } from 'vitest';
import type { MartingaleConfig, MasanielloConfig } from '../money/index.ts';
import type { EntryPlan } from '../timing/index.ts';
import { initialSession, step } from './session.ts';
import type {
  PlaceOrderCommand,
  SessionCommand,
  SessionConfig,
  SessionEvent,
  SessionState,
} from './types.ts';

const T = Date.UTC(2024, 0, 15, 14, 30);
const MIN = 60_000;
const martingaleCfg: MartingaleConfig = {
  entry: { kind: 'fixed', stakeCents: 200 },
  payout: 0.87,
  brokerMinCents: 100,
  brokerMaxCents: 1_000_000,
  gales: 3,
  multiplier: 2.2,
};
const masanielloCfg: MasanielloConfig = {
  brokerMinCents: 100,
  brokerMaxCents: 1_000_000,
  capitalCents: 10_000,
  totalOper: 10,
  totalWin: 4,
  payout: 0.8,
  gales: 0,
  type: 1,
  profitTargetCents: 0,
  hitsRestart: 0,
  restartOnBust: false,
};
const config = (over: Partial<SessionConfig> = {}): SessionConfig => ({
  userid: 'b1',
  accountType: AccountType.demo,
  strategySel: 1,
  money: { martingale: martingaleCfg, masaniello: masanielloCfg },
  stops: { stopType: 1, stopWin: 0, stopLoss: 0, trailing: false },
  maxOrdersPerDay: 0,
  startBalanceCents: 100_000,
  copyMode: 1,
  copyEnabled: false,
  ...over,
});

const entry = (atMs: number, gales = 3): EntryPlan => ({
  sendAtMs: atMs - 2_000,
  expiresAtMs: atMs + MIN,
  gales: Array.from({ length: gales }, (_, k) => ({
    sendAtMs: atMs + (k + 1) * MIN,
    expiresAtMs: atMs + (k + 2) * MIN,
  })),
});
const signal = (asset = 'EURUSD', atMs = T): SessionEvent => ({
  type: 'signal',
  signal: { asset, direction: 'CALL', timeframeMin: 1 },
  entry: entry(atMs),
});

/** Runs events in order; returns the final state and every command, flattened. */
function run(
  state: SessionState,
  events: SessionEvent[],
): { state: SessionState; commands: SessionCommand[] } {
  const commands: SessionCommand[] = [];
  for (const event of events) {
    const out = step(state, event);
    state = out.state;
    commands.push(...out.commands);
  }
  return { state, commands };
}

const places = (cs: SessionCommand[]): PlaceOrderCommand[] =>
  cs.filter((c): c is PlaceOrderCommand => c.type === 'place_order');
const keys = (cs: SessionCommand[]): string[] =>
  cs.flatMap((c) => (c.type === 'notify' ? [c.key] : [c.type]));
function reasonOf(cs: SessionCommand[]): unknown {
  for (const c of cs) {
    if (c.type === 'notify' && c.key === 'robot.notify.signalIgnored') return c.params.reason;
  }
  return undefined;
}

/** Settles the open order of `state` with a result letter at the given stake's payout 0.87. */
function settle(state: SessionState, result: 'W' | 'L' | 'D'): SessionEvent {
  const open = state.openOrder;
  if (!open) throw new Error('no open order');
  const pnlCents =
    result === 'W' ? Math.round(open.stakeCents * 0.87) : result === 'L' ? -open.stakeCents : 0;
  return { type: 'order_result', ref: open.ref, status: 'settled', pnlCents };
}

/** Plays a signal then settles each order with the given letters. */
function playLadder(
  state: SessionState,
  letters: string,
  asset = 'EURUSD',
): { state: SessionState; commands: SessionCommand[] } {
  let out = run(state, [signal(asset)]);
  const all = [...out.commands];
  for (const letter of letters) {
    out = run(out.state, [settle(out.state, letter as 'W' | 'L' | 'D')]);
    all.push(...out.commands);
  }
  return { state: out.state, commands: all };
}

describe('session', () => {
  it('sends the martingale ladder 2.00, 4.40, 9.68 on the planned candles when LLW', () => {
    const { state, commands } = playLadder(initialSession(config()), 'LLW');
    const sent = places(commands);
    expect(sent.map((p) => p.stakeCents)).toEqual([200, 440, 968]);
    expect(sent.map((p) => p.galeLevel)).toEqual([0, 1, 2]);
    expect(sent.map((p) => p.sendAtMs)).toEqual([T - 2_000, T + MIN, T + 2 * MIN]);
    expect(sent.map((p) => p.ref)).toEqual(['b1-1', 'b1-2', 'b1-3']);
    expect(sent[0]).toMatchObject({
      asset: 'EURUSD',
      direction: 'CALL',
      account: AccountType.demo,
      expiresAtMs: T + MIN,
    });
    expect(state.sequence).toBeNull();
    expect(state.profitCents).toBe(-200 - 440 + 842);
    expect(state.score).toEqual({
      wins: 1,
      losses: 2,
      draws: 0,
      sequenceWins: 1,
      sequenceLosses: 0,
    });
    expect(keys(commands)).toContain('robot.notify.sequenceEnd');
  });

  it('re-sends the same stake on the next candle when an order draws', () => {
    const { commands } = playLadder(initialSession(config()), 'DW');
    expect(places(commands).map((p) => [p.stakeCents, p.galeLevel, p.sendAtMs])).toEqual([
      [200, 0, T - 2_000],
      [200, 0, T + MIN],
    ]);
  });

  it('continues candle after candle when the plan has fewer gale instants than the ladder', () => {
    let state = initialSession(config());
    state = step(state, { ...signal(), entry: entry(T, 0) } as SessionEvent).state;
    const out = run(state, [settle(state, 'L')]);
    expect(places(out.commands)[0]).toMatchObject({ sendAtMs: T + MIN, expiresAtMs: T + 2 * MIN });
  });

  it.each<[string, (s: SessionState) => SessionState, SessionEvent, string]>([
    ['bot is off', (s) => ({ ...s, running: false }), signal(), 'bot_off'],
    ['a stop was hit', (s) => ({ ...s, stopReason: 'stop_win' }), signal(), 'stopped'],
    [
      'the strategy has no settings',
      (s) => ({ ...s, config: { ...s.config, strategySel: 3 } }),
      signal(),
      'invalid_config',
    ],
    [
      'the asset has an open order',
      (s) => step(s, signal()).state,
      signal('EUR/USD'),
      'asset_busy',
    ],
    [
      'another sequence is in flight',
      (s) => step(s, signal()).state,
      signal('GBPUSD'),
      'sequence_in_flight',
    ],
    [
      'the day limit is reached',
      (s) => ({ ...s, ordersToday: 2, config: { ...s.config, maxOrdersPerDay: 2 } }),
      signal(),
      'max_orders_reached',
    ],
  ])('ignores a signal with a reason when %s', (_, prepare, event, reason) => {
    const before = prepare(initialSession(config()));
    const out = step(before, event);
    expect(places(out.commands)).toEqual([]);
    expect(reasonOf(out.commands)).toBe(reason);
    expect(out.state).toEqual(before);
  });

  it('counts orders per day and resets the counter when the day changes', () => {
    let { state } = run(initialSession(config({ maxOrdersPerDay: 2 })), [
      { type: 'tick', nowMs: T },
    ]);
    state = playLadder(state, 'LW').state;
    expect(state.ordersToday).toBe(2);
    expect(reasonOf(step(state, signal()).commands)).toBe('max_orders_reached');
    const next = run(state, [{ type: 'tick', nowMs: T + 12 * 3_600_000 }]);
    expect(next.state.ordersToday).toBe(0);
    expect(keys(next.commands)).toEqual(['robot.notify.dayReset']);
    expect(places(step(next.state, signal()).commands)).toHaveLength(1);
  });

  it('lets a ladder finish when the day limit is reached inside it', () => {
    const { commands } = playLadder(initialSession(config({ maxOrdersPerDay: 1 })), 'LLW');
    expect(places(commands)).toHaveLength(3);
  });

  it('waits for the next signal to send the gale when the schedule is nextSignal', () => {
    let out = playLadder(initialSession(config({ galeSchedule: 'nextSignal' })), 'L');
    expect(places(out.commands)).toHaveLength(1);
    expect(keys(out.commands)).toContain('robot.notify.galeWaiting');
    out = run(out.state, [signal('GBPUSD', T + 10 * MIN)]);
    expect(places(out.commands)).toEqual([
      expect.objectContaining({
        asset: 'GBPUSD',
        stakeCents: 440,
        galeLevel: 1,
        sendAtMs: T + 10 * MIN - 2_000,
      }),
    ]);
  });

  it('drops the ladder and un-counts the order when the broker refuses it', () => {
    let state = step(initialSession(config()), signal()).state;
    const ref = state.openOrder?.ref ?? '';
    const out = step(state, {
      type: 'order_result',
      ref,
      status: 'rejected',
      error: 'insufficient_balance',
    });
    state = out.state;
    expect(state.sequence).toBeNull();
    expect(state.openOrder).toBeNull();
    expect(state.ordersToday).toBe(0);
    expect(keys(out.commands)).toEqual(['robot.notify.orderRejected', 'robot.notify.sequenceEnd']);
  });

  it('ignores a result when its ref is not the open order', () => {
    const before = step(initialSession(config()), signal()).state;
    const out = step(before, {
      type: 'order_result',
      ref: 'other',
      status: 'settled',
      pnlCents: 5,
    });
    expect(out.state).toBe(before);
    expect(keys(out.commands)).toEqual(['robot.notify.unknownResult']);
  });

  it('aborts the remaining gales after the open order settles when the bot is turned off mid-ladder', () => {
    let state = step(initialSession(config()), signal()).state;
    const off = step(state, { type: 'command', code: 2 });
    expect(off.commands[0]).toEqual({ type: 'stop', reason: 'command_off' });
    state = off.state;
    const out = step(state, settle(state, 'L'));
    expect(places(out.commands)).toEqual([]);
    expect(out.state.sequence).toBeNull();
    expect(out.state.money.ladder).toBeNull();
  });

  it('stops with plan_complete when a normal Masaniello plan hits its target', () => {
    let state = initialSession(config({ strategySel: 2 }));
    const all: SessionCommand[] = [];
    for (const letter of 'LWLWLWW') {
      const opened = step(state, signal());
      const open = opened.state.openOrder;
      if (!open) throw new Error('no order');
      const settled = step(opened.state, {
        type: 'order_result',
        ref: open.ref,
        status: 'settled',
        pnlCents: letter === 'W' ? Math.round(open.stakeCents * 0.8) : -open.stakeCents,
      });
      all.push(...opened.commands, ...settled.commands);
      state = settled.state;
    }
    expect(places(all).map((p) => p.stakeCents)).toEqual([682, 1023, 690, 1110, 666, 1199, 539]);
    expect(all).toContainEqual({ type: 'stop', reason: 'plan_complete' });
    expect(state.stopReason).toBe('plan_complete');
    expect(reasonOf(step(state, signal()).commands)).toBe('stopped');
    const zeroed = step(state, { type: 'command', code: 11 });
    expect(zeroed.commands).toContainEqual({ type: 'resume' });
    expect(places(step(zeroed.state, signal()).commands)).toHaveLength(1);
  });
});

describe('session stops', () => {
  const stops = (over: Partial<SessionConfig['stops']>): Partial<SessionConfig> => ({
    stops: { stopType: 1, stopWin: 0, stopLoss: 0, trailing: false, ...over },
  });

  it('aborts the remaining gales and stops when a stop is hit mid-ladder', () => {
    const { state, commands } = playLadder(
      initialSession(config(stops({ stopType: 4, stopLoss: 2 }))),
      'LL',
    );
    expect(places(commands).map((p) => p.stakeCents)).toEqual([200, 440]);
    expect(commands).toContainEqual({ type: 'stop', reason: 'stop_loss' });
    expect(state.sequence).toBeNull();
    expect(state.money.ladder).toBeNull();
    expect(state.stopReason).toBe('stop_loss');
    expect(reasonOf(step(state, signal()).commands)).toBe('stopped');
  });

  it('stops with stop_win when the fixed profit target is reached', () => {
    const { state, commands } = playLadder(initialSession(config(stops({ stopWin: 100 }))), 'W');
    expect(commands.at(-1)).toEqual({ type: 'stop', reason: 'stop_win' });
    expect(state.stopReason).toBe('stop_win');
  });

  it('does not send a gale that could breach the stop loss when the pre-stop applies', () => {
    const { state, commands } = playLadder(initialSession(config(stops({ stopLoss: 500 }))), 'L');
    expect(places(commands).map((p) => p.stakeCents)).toEqual([200]);
    expect(keys(commands)).toContain('robot.notify.preStop');
    expect(state.sequence).toBeNull();
    expect(state.stopReason).toBeNull();
  });

  it('ignores a signal whose entry could breach the stop loss', () => {
    const state = { ...initialSession(config(stops({ stopLoss: 300 }))) };
    const losing = { ...state, stops: { ...state.stops, profitCents: -150 } };
    expect(reasonOf(step(losing, signal()).commands)).toBe('pre_stop');
  });

  it('skips the ordinary stops while a Masaniello plan is active', () => {
    let state = initialSession(config({ strategySel: 2, ...stops({ stopType: 4, stopLoss: 1 }) }));
    state = playLadder(state, 'L').state;
    expect(state.stopReason).toBeNull();
    expect(state.stops.ordersLost).toBe(1);
    expect(places(step(state, signal()).commands)).toHaveLength(1);
  });

  it('counts the score from the instant zeroScore was sent', () => {
    const ticked = step(initialSession(config()), { type: 'tick', nowMs: 5_000 }).state;
    expect(step(ticked, { type: 'command', code: 10 }).state.scoreSinceMs).toBe(5_000);
  });

  describe('the daily score-clear time (hourClearScore)', () => {
    // 18:00 at UTC−3 is 21:00 UTC.
    const clearAt = Date.UTC(2026, 11, 3, 21, 0);
    const played = playLadder(
      initialSession({ ...config(stops({ stopType: 4, stopLoss: 9 })), scoreClearMinuteUtc: 1260 }),
      'LLW',
    ).state;
    const before = step(played, { type: 'tick', nowMs: clearAt - 60_000 }).state;

    it('keeps the score before the clear time', () => {
      expect(before.score.losses).toBe(2);
      expect(before.stops.ordersLost).toBe(2);
    });

    it('zeroes the score and the stops count at the first tick past it, from the clear time', () => {
      const after = step(before, { type: 'tick', nowMs: clearAt + 90_000 }).state;
      expect(after.score).toEqual({
        wins: 0,
        losses: 0,
        draws: 0,
        sequenceWins: 0,
        sequenceLosses: 0,
      });
      expect(after.stops.ordersLost).toBe(0);
      expect(after.scoreSinceMs).toBe(clearAt);
    });

    it('does not clear twice in one day', () => {
      const after = step(before, { type: 'tick', nowMs: clearAt + 90_000 }).state;
      const later = step(
        { ...after, score: { ...after.score, wins: 1 } },
        {
          type: 'tick',
          nowMs: clearAt + 3_600_000,
        },
      ).state;
      expect(later.score.wins).toBe(1);
    });

    it('never clears a session with no clear time set', () => {
      const { scoreClearMinuteUtc: _none, ...plain } = before.config;
      const after = step({ ...before, config: plain }, { type: 'tick', nowMs: clearAt + 90_000 });
      expect(after.state.score.losses).toBe(2);
    });
  });

  it('restarts the stops score when zeroScore is sent', () => {
    const state = playLadder(
      initialSession(config(stops({ stopType: 4, stopLoss: 5 }))),
      'LLLL',
    ).state;
    expect(state.stops.ordersLost).toBe(4);
    const zeroed = step(state, { type: 'command', code: 10 }).state;
    expect(zeroed.stops.ordersLost).toBe(0);
    expect(zeroed.score.losses).toBe(0);
  });
});

describe('session bot commands', () => {
  const idle = initialSession(config());
  const inFlight = step(idle, signal()).state;

  it.each(
    Object.entries(BOT_COMMANDS).map(([code, name]) => [Number(code) as BotCommandCode, name]),
  )('answers command %i with robot.reply.%s', (code, name) => {
    const out = step(idle, { type: 'command', code });
    const last = out.commands.at(-1);
    expect(last).toMatchObject({ type: 'notify', key: `robot.reply.${name}` });
  });

  it.each<
    [
      string,
      SessionState,
      SessionEvent,
      (s: SessionState) => unknown,
      unknown,
      Record<string, unknown>,
    ]
  >([
    [
      'on turns the bot on',
      { ...idle, running: false },
      { type: 'command', code: 1 },
      (s) => s.running,
      true,
      { running: true },
    ],
    [
      'off turns the bot off',
      idle,
      { type: 'command', code: 2 },
      (s) => s.running,
      false,
      { running: false },
    ],
    [
      'status changes nothing',
      idle,
      { type: 'command', code: 3 },
      (s) => s,
      idle,
      { running: true, strategy: 'martingale', ordersToday: 0 },
    ],
    [
      'restart clears the stop and the session profit',
      { ...idle, stopReason: 'stop_loss', profitCents: -500 },
      { type: 'command', code: 4 },
      (s) => [s.stopReason, s.profitCents],
      [null, 0],
      { ok: true },
    ],
    [
      'restart is refused with an open order',
      inFlight,
      { type: 'command', code: 4 },
      (s) => s,
      inFlight,
      { ok: false, reason: 'order_open' },
    ],
    [
      'score says since when it counts (the server adds the ledger score per signal)',
      { ...idle, scoreSinceMs: 1_000 },
      { type: 'command', code: 5 },
      (s) => s.scoreSinceMs,
      1_000,
      { sinceMs: 1_000 },
    ],
    [
      'info reports the settings',
      idle,
      { type: 'command', code: 6 },
      (s) => s,
      idle,
      { botId: 'b1', strategySel: 1, galeSchedule: 'nextCandle' },
    ],
    [
      'galeprice lists the ladder',
      idle,
      { type: 'command', code: 7 },
      (s) => s,
      idle,
      { stakesCents: [200, 440, 968, 2130] },
    ],
    [
      'galeprice continues the ladder in flight',
      step(inFlight, settle(inFlight, 'L')).state,
      { type: 'command', code: 7 },
      (s) => s.money.ladder?.galeLevel,
      1,
      { stakesCents: [440, 968, 2130], galeLevel: 1 },
    ],
    [
      'accountType toggles demo to real',
      idle,
      { type: 'command', code: 8 },
      (s) => s.config.accountType,
      2,
      { ok: true, accountType: AccountType.real },
    ],
    [
      'accountType sets the given account and balance',
      idle,
      {
        type: 'command',
        code: 8,
        args: { accountType: AccountType.tournament, balanceCents: 5_000 },
      },
      (s) => [s.config.accountType, s.balanceCents],
      [3, 5_000],
      { accountType: AccountType.tournament },
    ],
    [
      'accountType is refused mid-sequence',
      inFlight,
      { type: 'command', code: 8 },
      (s) => s.config.accountType,
      1,
      { ok: false },
    ],
    [
      'copyMode toggles trader to follower',
      idle,
      { type: 'command', code: 9 },
      (s) => s.config.copyMode,
      2,
      { copyMode: 2 },
    ],
    [
      'zeroScore zeroes the score',
      { ...idle, score: { wins: 3, losses: 1, draws: 1, sequenceWins: 2, sequenceLosses: 1 } },
      { type: 'command', code: 10 },
      (s) => s.score.wins + s.score.losses,
      0,
      { ok: true },
    ],
    [
      'zeroMasaniello is refused when martingale runs',
      idle,
      { type: 'command', code: 11 },
      (s) => s,
      idle,
      { ok: false, reason: 'not_active' },
    ],
    [
      'zeroCycle is refused when cycles do not run',
      idle,
      { type: 'command', code: 12 },
      (s) => s,
      idle,
      { ok: false, reason: 'not_active' },
    ],
    [
      'zeroRecovery is refused when recovery does not run',
      idle,
      { type: 'command', code: 13 },
      (s) => s,
      idle,
      { ok: false, reason: 'not_active' },
    ],
    [
      'updateBot switches the strategy',
      idle,
      { type: 'command', code: 14, args: { config: config({ strategySel: 2 }) } },
      (s) => s.config.strategySel,
      2,
      { ok: true, strategy: 'masaniello', moneyReset: true },
    ],
    [
      'updateBot without settings is refused',
      idle,
      { type: 'command', code: 14 },
      (s) => s,
      idle,
      { ok: false, reason: 'no_config' },
    ],
    [
      'enableCopy toggles copy',
      idle,
      { type: 'command', code: 15 },
      (s) => s.config.copyEnabled,
      true,
      { copyEnabled: true },
    ],
    [
      'enableCopy sets the given value',
      idle,
      { type: 'command', code: 15, args: { enabled: false } },
      (s) => s.config.copyEnabled,
      false,
      { copyEnabled: false },
    ],
    [
      'liquidity reports the balance',
      idle,
      { type: 'command', code: 16 },
      (s) => s,
      idle,
      { balanceCents: 100_000, accountType: AccountType.demo },
    ],
  ])('%s', (_, before, event, pick, expected, params) => {
    const out = step(before, event);
    expect(pick(out.state)).toEqual(expected);
    expect(out.commands.at(-1)).toMatchObject({ type: 'notify', params });
  });

  it('emits resume when on makes trading possible again and stop when off stops it', () => {
    const off = step(idle, { type: 'command', code: 2 });
    expect(off.commands.map((c) => c.type)).toEqual(['stop', 'notify']);
    const on = step(off.state, { type: 'command', code: 1 });
    expect(on.commands.map((c) => c.type)).toEqual(['resume', 'notify']);
  });

  it('keeps the stop when on is sent after a stop hit', () => {
    const on = step({ ...idle, stopReason: 'stop_win' }, { type: 'command', code: 1 });
    expect(on.commands.map((c) => c.type)).toEqual(['notify']);
    expect(on.state.stopReason).toBe('stop_win');
  });

  it('answers robot.reply.unknown when the code is not 1–16', () => {
    const out = step(idle, { type: 'command', code: 99 as BotCommandCode });
    expect(out.commands).toEqual([
      { type: 'notify', key: 'robot.reply.unknown', params: { code: 99 } },
    ]);
  });
});

describe('updateBot (command 14) after a database round trip', () => {
  it('keeps the Masaniello state when the saved settings are equal but a new object', () => {
    let state = initialSession(config({ strategySel: 2 }));
    state = step(state, { type: 'tick', nowMs: T }).state;
    const before = state.money;
    // What the runtime reads back from the database: the same values, a different object.
    const roundTripped = JSON.parse(JSON.stringify(config({ strategySel: 2 }))) as SessionConfig;
    const out = step(state, { type: 'command', code: 14, args: { config: roundTripped } });
    expect(out.state.money).toBe(before);
    expect(out.commands[0]).toMatchObject({ params: { moneyReset: false } });
  });
});
