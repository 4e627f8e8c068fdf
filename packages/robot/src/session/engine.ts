// Internal helpers shared by the event handlers and the bot commands: how a money strategy's
// commands become session commands, and how orders are emitted and ladders aborted.
import { normalizeAsset } from '../broker/paper.ts';
import type { BaseState, MoneyCommand, MoneyEvent, PlaceCommand } from '../money/index.ts';
import type { OrderWindow } from '../timing/index.ts';
import { moneyIsTheStop, moneyPlugFor, type MoneyPlug } from './money-plug.ts';
import { allowsOrder } from '../stops/index.ts';
import { planMoney } from './signal-plan.ts';
import type {
  NotifyParams,
  SessionCommand,
  SessionState,
  SessionStep,
  SessionStopReason,
} from './types.ts';

export function notify(
  key: `robot.${'notify' | 'reply'}.${string}`,
  params: NotifyParams = {},
): SessionCommand {
  return { type: 'notify', key, params };
}

/** The strategy of the session; inside a sequence, with its channel plan applied. */
export function plugOf(state: SessionState): MoneyPlug | null {
  const { strategySel, money } = state.config;
  const plan = state.sequence?.plan;
  return moneyPlugFor(strategySel, plan ? planMoney(strategySel, money, plan) : money);
}

export function runMoney(
  state: SessionState,
  event: MoneyEvent,
): { money: BaseState; commands: MoneyCommand[] } | null {
  const plug = plugOf(state);
  if (!plug) return null;
  const step = plug.strategy.next(state.money, event, plug.config);
  return { money: step.state, commands: step.commands };
}

/** Trading is possible: on, no stop hit, a strategy configured. */
export function isTrading(state: SessionState): boolean {
  return state.running && state.stopReason === null && plugOf(state) !== null;
}

/** The ordinary pre-stop: an order is not sent when it could breach the stop loss. */
export function preStopBlocks(state: SessionState, stakeCents: number): boolean {
  const suspended = moneyIsTheStop(state.config.strategySel, state.money);
  return allowsOrder(state.stops, stakeCents, state.config.stops, { suspended }) !== true;
}

export function sameAsset(a: string, b: string): boolean {
  return normalizeAsset(a) === normalizeAsset(b);
}

/** Emits a `place_order` for the sequence in flight and records it as the open order. */
export function emitPlace(
  state: SessionState,
  place: PlaceCommand,
  window: OrderWindow,
): SessionStep {
  const seq = state.sequence;
  if (!seq) return { state, commands: [] };
  const ordersPlaced = state.ordersPlaced + 1;
  const ref = `${state.config.userid}-${ordersPlaced}`;
  const command: SessionCommand = {
    type: 'place_order',
    ref,
    asset: seq.asset,
    direction: seq.direction,
    stakeCents: place.stakeCents,
    account: state.config.accountType,
    sendAtMs: window.sendAtMs,
    expiresAtMs: window.expiresAtMs,
    galeLevel: place.galeLevel,
    minApplied: place.minApplied,
    capped: place.capped,
  };
  return {
    state: {
      ...state,
      ordersPlaced,
      ordersToday: state.ordersToday + 1,
      openOrder: {
        ref,
        asset: seq.asset,
        stakeCents: place.stakeCents,
        galeLevel: place.galeLevel,
        window,
      },
      sequence: { ...seq, ordersSent: seq.ordersSent + 1, lastWindow: window, waiting: null },
    },
    commands: [command],
  };
}

/** Window of the next order of the ladder: the planned gale instants, then candle after candle. */
function nextWindow(state: SessionState): OrderWindow | null {
  const seq = state.sequence;
  if (!seq) return null;
  return (
    seq.entry.gales[seq.ordersSent - 1] ?? {
      sendAtMs: seq.lastWindow.expiresAtMs,
      expiresAtMs: seq.lastWindow.expiresAtMs + seq.candleMs,
    }
  );
}

/** Stops trading for a reason; emits `stop` once. */
export function stopWith(state: SessionState, reason: SessionStopReason): SessionStep {
  if (state.stopReason !== null) return { state, commands: [] };
  return { state: { ...state, stopReason: reason }, commands: [{ type: 'stop', reason }] };
}

/**
 * Turns a money strategy's commands into session commands. A `place` continues the ladder of the
 * sequence in flight (gale or draw repeat); the entry's `place` is handled by the signal handler.
 */
export function applyMoney(
  state: SessionState,
  money: BaseState,
  commands: MoneyCommand[],
): SessionStep {
  let current: SessionState = { ...state, money };
  const out: SessionCommand[] = [];
  for (const command of commands) {
    switch (command.type) {
      case 'place': {
        const step = continueLadder(current, command);
        current = step.state;
        out.push(...step.commands);
        break;
      }
      case 'sequence_end': {
        const won = command.result === 'W';
        current = {
          ...current,
          sequence: null,
          score: {
            ...current.score,
            sequenceWins: current.score.sequenceWins + (won ? 1 : 0),
            sequenceLosses: current.score.sequenceLosses + (won ? 0 : 1),
          },
        };
        out.push(
          notify('robot.notify.sequenceEnd', {
            result: command.result,
            pnlCents: command.pnlCents,
            orders: command.orders,
            aborted: command.aborted ?? null,
          }),
        );
        break;
      }
      case 'cycle_end':
        out.push(
          notify('robot.notify.cycleEnd', {
            reason: command.reason,
            trigger: command.trigger ?? null,
            capitalCents: command.capitalCents ?? null,
            then: command.then ?? null,
          }),
        );
        break;
      case 'halt': {
        const step = stopWith(current, command.reason);
        current = step.state;
        out.push(...step.commands);
        break;
      }
      case 'rejected':
        out.push(notify('robot.notify.moneyRejected', { reason: command.reason }));
        break;
    }
  }
  return { state: current, commands: out };
}

function continueLadder(state: SessionState, place: PlaceCommand): SessionStep {
  if (!state.sequence) return { state, commands: [] };
  if (preStopBlocks(state, place.stakeCents)) {
    const aborted = abortSequence(state);
    return {
      state: aborted.state,
      commands: [
        notify('robot.notify.preStop', {
          stakeCents: place.stakeCents,
          galeLevel: place.galeLevel,
        }),
        ...aborted.commands,
      ],
    };
  }
  if ((state.config.galeSchedule ?? 'nextCandle') === 'nextSignal') {
    const { stakeCents, galeLevel, minApplied, capped } = place;
    return {
      state: {
        ...state,
        sequence: { ...state.sequence, waiting: { stakeCents, galeLevel, minApplied, capped } },
      },
      commands: [notify('robot.notify.galeWaiting', { stakeCents, galeLevel })],
    };
  }
  const window = nextWindow(state);
  return window ? emitPlace(state, place, window) : { state, commands: [] };
}

/** Drops the remaining orders of the sequence in flight (stop hit, bot off, pre-stop). */
export function abortSequence(state: SessionState): SessionStep {
  if (!state.money.ladder) return { state: { ...state, sequence: null }, commands: [] };
  const ran = runMoney(state, { type: 'abort_sequence' });
  if (!ran) return { state: { ...state, sequence: null }, commands: [] };
  // An aborted ladder places nothing more, so drop any `place` defensively before applying.
  const step = applyMoney(
    state,
    ran.money,
    ran.commands.filter((c) => c.type !== 'place'),
  );
  return { state: { ...step.state, sequence: null }, commands: step.commands };
}
