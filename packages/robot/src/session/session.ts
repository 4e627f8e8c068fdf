import type { BaseState, PlaceCommand } from '../money/index.ts';
import { clearScore, handleCommand } from './commands.ts';
import {
  abortSequence,
  applyMoney,
  emitPlace,
  isTrading,
  notify,
  preStopBlocks,
  runMoney,
  sameAsset,
  stopWith,
} from './engine.ts';
import { moneyIsTheStop, moneyPlugFor } from './money-plug.ts';
import { initialStops, onOrderSettled, type StopHit } from '../stops/index.ts';
import type {
  SessionConfig,
  SessionEvent,
  SessionState,
  SessionStep,
  SignalIgnoredReason,
} from './types.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** A money state for a session whose strategy is not configured: it never trades. */
const IDLE_MONEY: BaseState = {
  balanceCents: 0,
  startBalanceCents: null,
  ladder: null,
  halted: false,
};

/**
 * A fresh session for one bot: on, no stop hit, zero score, the strategy's initial state.
 * @example initialSession({ userid: '42', strategySel: 1, money: { martingale: cfg }, … }).running // true
 */
export function initialSession(config: SessionConfig): SessionState {
  const plug = moneyPlugFor(config.strategySel, config.money);
  return {
    config,
    running: true,
    stopReason: null,
    nowMs: null,
    dayKey: null,
    ordersToday: 0,
    score: { wins: 0, losses: 0, draws: 0, sequenceWins: 0, sequenceLosses: 0 },
    profitCents: 0,
    balanceCents: config.startBalanceCents,
    sessionStartBalanceCents: config.startBalanceCents,
    money: plug ? plug.strategy.initial(plug.config) : IDLE_MONEY,
    stops: initialStops(config.startBalanceCents),
    sequence: null,
    openOrder: null,
    ordersPlaced: 0,
  };
}

/**
 * Feeds one event to a bot's session: returns the next state and the commands to execute.
 * Pure: time arrives only as `tick` events and instants inside events.
 * @example step(state, { type: 'command', code: 3 }).commands[0] // { type: 'notify', key: 'robot.reply.status', … }
 */
export function step(state: SessionState, event: SessionEvent): SessionStep {
  switch (event.type) {
    case 'tick':
      return onTick(state, event.nowMs);
    case 'signal':
      return onSignal(state, event);
    case 'order_result':
      return onResult(state, event);
    case 'command':
      return handleCommand(state, event.code, event.args ?? {});
  }
}

/**
 * The latest daily score-clear instant at or before `nowMs` (`minuteUtc` of the UTC day), Unix ms.
 * @example lastScoreClear(Date.UTC(2026, 0, 2, 12), 21 * 60) // Date.UTC(2026, 0, 1, 21)
 */
export function lastScoreClear(nowMs: number, minuteUtc: number): number {
  const shift = minuteUtc * 60_000;
  return Math.floor((nowMs - shift) / DAY_MS) * DAY_MS + shift;
}

function onTick(state: SessionState, nowMs: number): SessionStep {
  const dayKey = Math.floor((nowMs - (state.config.resetHourUtc ?? 0) * HOUR_MS) / DAY_MS);
  const clearMinute = state.config.scoreClearMinuteUtc;
  const clearAt = clearMinute === undefined ? null : lastScoreClear(nowMs, clearMinute);
  // The clock passed the score-clear time since the last tick: the score starts again from it.
  const cleared =
    clearAt !== null && state.nowMs !== null && clearAt > state.nowMs
      ? clearScore(state, clearAt)
      : state;
  const next: SessionState = { ...cleared, nowMs, dayKey };
  if (state.dayKey === null || dayKey === state.dayKey) return { state: next, commands: [] };
  return {
    state: { ...next, ordersToday: 0 },
    commands: [notify('robot.notify.dayReset', { ordersYesterday: state.ordersToday })],
  };
}

function ignored(state: SessionState, reason: SignalIgnoredReason, asset: string): SessionStep {
  return { state, commands: [notify('robot.notify.signalIgnored', { reason, asset })] };
}

function onSignal(
  state: SessionState,
  event: Extract<SessionEvent, { type: 'signal' }>,
): SessionStep {
  const { signal, entry } = event;
  if (!state.running) return ignored(state, 'bot_off', signal.asset);
  if (state.stopReason !== null) return ignored(state, 'stopped', signal.asset);
  if (!isTrading(state)) return ignored(state, 'invalid_config', signal.asset);
  if (state.openOrder && sameAsset(state.openOrder.asset, signal.asset)) {
    return ignored(state, 'asset_busy', signal.asset);
  }
  const seq = state.sequence;
  const fresh = {
    asset: signal.asset,
    direction: signal.direction,
    entry,
    candleMs: signal.timeframeMin * 60_000,
    ordersSent: 0,
    lastWindow: { sendAtMs: entry.sendAtMs, expiresAtMs: entry.expiresAtMs },
    ...(event.plan ? { plan: event.plan } : {}),
    waiting: null,
  };
  if (seq?.waiting) {
    // nextSignal schedule: this signal carries the gale the ladder was waiting for.
    const carried: PlaceCommand = { type: 'place', ...seq.waiting };
    if (preStopBlocks(state, carried.stakeCents)) {
      const aborted = abortSequence(state);
      return {
        state: aborted.state,
        commands: [
          notify('robot.notify.signalIgnored', { reason: 'pre_stop', asset: signal.asset }),
          ...aborted.commands,
        ],
      };
    }
    return emitPlace(
      { ...state, sequence: { ...fresh, plan: seq.plan, ordersSent: seq.ordersSent } },
      carried,
      entry,
    );
  }
  if (seq) return ignored(state, 'sequence_in_flight', signal.asset);
  const max = state.config.maxOrdersPerDay;
  if (max > 0 && state.ordersToday >= max)
    return ignored(state, 'max_orders_reached', signal.asset);

  // The money runs with the signal's plan (`signalPlan`) from its first order on.
  const opening = runMoney(
    { ...state, sequence: fresh },
    { type: 'start_sequence', balanceCents: state.balanceCents },
  );
  if (!opening) return ignored(state, 'invalid_config', signal.asset);
  const ran = { ...opening, money: capGales(opening.money, event.plan?.gales ?? null) };
  const place = ran.commands.find((c): c is PlaceCommand => c.type === 'place');
  if (!place) {
    const rejected = ran.commands.find((c) => c.type === 'rejected');
    if (rejected?.type === 'rejected') {
      const reason = rejected.reason === 'no_sequence' ? 'invalid_config' : rejected.reason;
      return ignored(state, reason, signal.asset);
    }
    // No order and no rejection: the strategy closed its plan instead (e.g. no capital left).
    return applyMoney(state, ran.money, ran.commands);
  }
  const opened: SessionState = { ...state, money: ran.money, sequence: fresh };
  // Pre-stop is judged with the state before the sequence: a refused entry leaves no trace.
  if (preStopBlocks(opened, place.stakeCents)) return ignored(state, 'pre_stop', signal.asset);
  const placed = emitPlace(opened, place, entry);
  const rest = applyMoney(
    placed.state,
    ran.money,
    ran.commands.filter((c) => c.type !== 'place'),
  );
  return { state: rest.state, commands: [...placed.commands, ...rest.commands] };
}

/** A channel's gale count is a ceiling on the ladder of every strategy (`signalPlan`). */
function capGales(money: BaseState, gales: number | null): BaseState {
  if (gales === null || !money.ladder || money.ladder.maxGales <= gales) return money;
  return { ...money, ladder: { ...money.ladder, maxGales: Math.max(0, gales) } };
}

function onResult(
  state: SessionState,
  event: Extract<SessionEvent, { type: 'order_result' }>,
): SessionStep {
  const open = state.openOrder;
  if (!open || open.ref !== event.ref) {
    return { state, commands: [notify('robot.notify.unknownResult', { ref: event.ref })] };
  }
  const cleared: SessionState = { ...state, openOrder: null };
  if (event.status === 'rejected') {
    // The broker never took it: it does not count against the day, and the ladder cannot go on.
    const aborted = abortSequence({
      ...cleared,
      ordersToday: Math.max(0, cleared.ordersToday - 1),
    });
    return {
      state: aborted.state,
      commands: [
        notify('robot.notify.orderRejected', { ref: event.ref, error: event.error }),
        ...aborted.commands,
      ],
    };
  }
  const { pnlCents } = event;
  const result = pnlCents > 0 ? 'W' : pnlCents < 0 ? 'L' : 'D';
  const settled: SessionState = {
    ...cleared,
    balanceCents: event.balanceCents ?? cleared.balanceCents + pnlCents,
    profitCents: cleared.profitCents + pnlCents,
    score: {
      ...cleared.score,
      wins: cleared.score.wins + (result === 'W' ? 1 : 0),
      losses: cleared.score.losses + (result === 'L' ? 1 : 0),
      draws: cleared.score.draws + (result === 'D' ? 1 : 0),
    },
  };
  const out = [
    notify('robot.notify.orderSettled', {
      ref: event.ref,
      result,
      stakeCents: open.stakeCents,
      pnlCents,
      balanceCents: settled.balanceCents,
      profitCents: settled.profitCents,
    }),
  ];
  const ran = runMoney(settled, { type: 'order_settled', stakeCents: open.stakeCents, pnlCents });
  if (!ran) return { state: { ...settled, sequence: null }, commands: out };

  // Masaniello's plan is the stop while it runs: judged by the plan as it was when the order
  // left. Suspended stops still keep score, so they resume from the true session figures.
  const sequenceEnd = ran.commands.find((c) => c.type === 'sequence_end');
  const judged = onOrderSettled(
    settled.stops,
    {
      pnlCents,
      ...(sequenceEnd?.type === 'sequence_end' ? { sequenceEnd: sequenceEnd.result } : {}),
    },
    settled.config.stops,
    { suspended: moneyIsTheStop(state.config.strategySel, state.money) },
  );
  const hit: StopHit | null = judged.hit ?? null;
  const stops = judged.state;
  const afterStops: SessionState = { ...settled, stops };
  const continues = ran.commands.some((c) => c.type === 'place');
  if ((hit || !afterStops.running) && continues) {
    // A stop hit mid-ladder (or the bot turned off) aborts the remaining gales (ROBOT.md §0).
    const withoutPlace = applyMoney(
      afterStops,
      ran.money,
      ran.commands.filter((c) => c.type !== 'place'),
    );
    const aborted = abortSequence(withoutPlace.state);
    const stopped = hit ? stopWith(aborted.state, hit) : { state: aborted.state, commands: [] };
    return {
      state: stopped.state,
      commands: [...out, ...withoutPlace.commands, ...aborted.commands, ...stopped.commands],
    };
  }
  const applied = applyMoney(afterStops, ran.money, ran.commands);
  const stopped = hit ? stopWith(applied.state, hit) : { state: applied.state, commands: [] };
  return { state: stopped.state, commands: [...out, ...applied.commands, ...stopped.commands] };
}
