// Bot commands 1–16 (SPEC §3 botCmd): each changes the session in one defined way and answers
// with `robot.reply.<name>` and plain params, never prose. The README has the table.
import { BOT_COMMANDS, type BotCommandCode, type BotCommandName, AccountType } from '@app/contract';
import type { MoneyCommand, PlaceCommand } from '../money/index.ts';
import { abortSequence, isTrading, notify, plugOf, runMoney } from './engine.ts';
import { initialStops, resetStops } from '../stops/index.ts';
import { signalPlan, type ChannelPlan } from './signal-plan.ts';
import type {
  CommandArgs,
  NotifyParams,
  SessionCommand,
  SessionConfig,
  SessionState,
  SessionStep,
} from './types.ts';

/** Every reply key a bot command can produce; the panel holds a text for each in every language. */
export const SESSION_REPLY_KEYS: readonly `robot.reply.${string}`[] = [
  ...Object.values(BOT_COMMANDS).map((name) => `robot.reply.${name}` as const),
  'robot.reply.unknown',
];

function reply(
  state: SessionState,
  name: BotCommandName,
  params: NotifyParams,
  extra: SessionCommand[] = [],
): SessionStep {
  return { state, commands: [...extra, notify(`robot.reply.${name}`, params)] };
}

/** Emits `resume` when a command made trading possible again. */
function resumed(before: SessionState, after: SessionState): SessionCommand[] {
  return !isTrading(before) && isTrading(after) ? [{ type: 'resume' }] : [];
}

/**
 * The score back to zero from `sinceMs` (zeroScore, and the daily score-clear time): the order
 * and sequence counters and the stops' running score, which count from the same zero.
 */
export function clearScore(state: SessionState, sinceMs: number | null): SessionState {
  return {
    ...state,
    score: { wins: 0, losses: 0, draws: 0, sequenceWins: 0, sequenceLosses: 0 },
    stops: resetStops(state.stops),
    scoreSinceMs: sinceMs,
  };
}

const busy = (state: SessionState): boolean => state.openOrder !== null || state.sequence !== null;

/**
 * Stakes (cents) of the ladder a new signal with this channel plan would place if every order
 * lost: entry plus the gales `signalPlan` allows, from the strategy's state now.
 * @example signalLadderCents(martingaleBase2G3m22Session, { gales: 1, lote: null, galefat: null }) // [200, 440]
 */
export function signalLadderCents(state: SessionState, plan: ChannelPlan): number[] {
  const { strategySel, money } = state.config;
  const effective = signalPlan(strategySel, money, plan, state.money);
  const idle: SessionState = {
    ...state,
    config: { ...state.config, money: effective.money },
    money: { ...state.money, ladder: null },
    sequence: null,
  };
  return galePricesCents(idle).slice(0, effective.gales + 1);
}

/**
 * Stakes (cents) of the whole ladder if every order lost, from the sequence in flight or the next
 * one: played on a copy of the strategy state, so it is exactly what the bot would send.
 * @example galePricesCents(martingaleBase2G3m22Session) // [200, 440, 968, 2130]
 */
export function galePricesCents(state: SessionState): number[] {
  const plug = plugOf(state);
  if (!plug) return [];
  let money = state.money;
  let commands: MoneyCommand[];
  if (money.ladder) {
    commands = [
      {
        type: 'place',
        stakeCents: money.ladder.stakeCents,
        galeLevel: money.ladder.galeLevel,
        minApplied: false,
        capped: null,
      },
    ];
  } else {
    const opened = plug.strategy.next(
      money,
      { type: 'start_sequence', balanceCents: state.balanceCents },
      plug.config,
    );
    money = opened.state;
    commands = opened.commands;
  }
  const stakes: number[] = [];
  // A ladder is short (G ≤ 7 in every strategy); the bound only guards a misconfigured one.
  for (let i = 0; i < 32; i += 1) {
    const place = commands.find((c): c is PlaceCommand => c.type === 'place');
    if (!place) break;
    stakes.push(place.stakeCents);
    const lost = plug.strategy.next(
      money,
      { type: 'order_settled', stakeCents: place.stakeCents, pnlCents: -place.stakeCents },
      plug.config,
    );
    money = lost.state;
    commands = lost.commands;
  }
  return stakes;
}

function zeroMoney(
  state: SessionState,
  name: BotCommandName,
  strategies: readonly number[],
): SessionStep {
  if (!strategies.includes(state.config.strategySel))
    return reply(state, name, { ok: false, reason: 'not_active' });
  if (busy(state)) return reply(state, name, { ok: false, reason: 'sequence_in_flight' });
  const ran = runMoney(state, { type: 'reset' });
  if (!ran) return reply(state, name, { ok: false, reason: 'invalid_config' });
  // A finished Masaniello plan stopped the bot; zeroing it is how a trader starts a new plan.
  const planStop = state.stopReason === 'plan_complete' || state.stopReason === 'plan_bust';
  const next: SessionState = {
    ...state,
    money: ran.money,
    stopReason: planStop ? null : state.stopReason,
  };
  return reply(next, name, { ok: true }, resumed(state, next));
}

/** Applies bot command `code` with its optional args. Unknown codes answer `robot.reply.unknown`. */
export function handleCommand(
  state: SessionState,
  code: BotCommandCode,
  args: CommandArgs,
): SessionStep {
  const name = BOT_COMMANDS[code] as BotCommandName | undefined;
  if (!name) return { state, commands: [notify('robot.reply.unknown', { code })] };
  const { config } = state;
  switch (name) {
    case 'on': {
      const next = { ...state, running: true };
      return reply(
        next,
        name,
        { running: true, stopReason: state.stopReason },
        resumed(state, next),
      );
    }
    case 'off': {
      // The open order still settles at the broker; a gale waiting for a signal is dropped now.
      const waitingOnly = state.sequence?.waiting && !state.openOrder;
      const base = waitingOnly ? abortSequence(state) : { state, commands: [] };
      const next = { ...base.state, running: false };
      const stop: SessionCommand[] = state.running ? [{ type: 'stop', reason: 'command_off' }] : [];
      return reply(next, name, { running: false, openOrder: state.openOrder !== null }, [
        ...base.commands,
        ...stop,
      ]);
    }
    case 'status':
      return reply(state, name, {
        running: state.running,
        stopReason: state.stopReason,
        strategy: plugOf(state)?.name ?? null,
        accountType: config.accountType,
        ordersToday: state.ordersToday,
        maxOrdersPerDay: config.maxOrdersPerDay,
        profitCents: state.profitCents,
        balanceCents: state.balanceCents,
        openOrder: state.openOrder?.ref ?? null,
        galeLevel: state.money.ladder?.galeLevel ?? null,
        // The bot's pending entries live in the server's store: it fills them in (null = none).
        pending: null,
      });
    case 'restart': {
      if (state.openOrder) return reply(state, name, { ok: false, reason: 'order_open' });
      const base = state.sequence ? abortSequence(state) : { state, commands: [] };
      const next: SessionState = {
        ...base.state,
        running: true,
        stopReason: null,
        profitCents: 0,
        sessionStartBalanceCents: base.state.balanceCents,
        stops: initialStops(base.state.balanceCents),
      };
      return reply(next, name, { ok: true, balanceCents: next.balanceCents }, [
        ...base.commands,
        ...resumed(state, next),
      ]);
    }
    case 'score':
      // The score per signal is the ledger's (the server's signalScoreOf fills it in); the
      // session knows from when it counts.
      return reply(state, name, { sinceMs: state.scoreSinceMs ?? null });
    case 'info':
      return reply(state, name, {
        // The reply's param keeps its name: stored replies and the catalogues' texts use it.
        botId: config.userid,
        strategySel: config.strategySel,
        strategy: plugOf(state)?.name ?? null,
        accountType: config.accountType,
        copyMode: config.copyMode,
        copyEnabled: config.copyEnabled,
        galeSchedule: config.galeSchedule ?? 'nextCandle',
        maxOrdersPerDay: config.maxOrdersPerDay,
      });
    case 'galeprice':
      return reply(state, name, {
        stakesCents: galePricesCents(state),
        galeLevel: state.money.ladder?.galeLevel ?? null,
      });
    case 'accountType': {
      // Switching accounts mid-ladder would settle one account's order against the other's balance.
      if (busy(state))
        return reply(state, name, {
          ok: false,
          reason: 'sequence_in_flight',
          accountType: config.accountType,
        });
      const accountType =
        args.accountType ??
        (config.accountType === AccountType.demo ? AccountType.real : AccountType.demo);
      const next: SessionState = {
        ...state,
        config: { ...config, accountType },
        balanceCents: args.balanceCents ?? state.balanceCents,
      };
      return reply(next, name, { ok: true, accountType });
    }
    case 'copyMode': {
      const copyMode = args.copyMode ?? (config.copyMode === 1 ? 2 : 1);
      return reply({ ...state, config: { ...config, copyMode } }, name, { copyMode });
    }
    case 'zeroScore':
      return reply(clearScore(state, state.nowMs), name, { ok: true });
    case 'zeroMasaniello':
      return zeroMoney(state, name, [2]);
    case 'zeroCycle':
      return zeroMoney(state, name, [3, 5]);
    case 'zeroRecovery':
      return zeroMoney(state, name, [4]);
    case 'updateBot': {
      const incoming = args.config;
      if (!incoming) return reply(state, name, { ok: false, reason: 'no_config' });
      if (busy(state)) return reply(state, name, { ok: false, reason: 'sequence_in_flight' });
      // By value: the saved settings come back from the database as a new object every time,
      // and an identity check would reset the strategy (Masaniello's wins and capital) on every
      // update.
      const moneyChanged = moneyKeyOf(incoming) !== moneyKeyOf(config);
      const probe: SessionState = { ...state, config: { ...incoming, userid: config.userid } };
      const plug = plugOf(probe);
      const next: SessionState = {
        ...probe,
        money: moneyChanged && plug ? plug.strategy.initial(plug.config) : state.money,
        stops: initialStops(state.sessionStartBalanceCents),
      };
      return reply(
        next,
        name,
        { ok: plug !== null, strategy: plug?.name ?? null, moneyReset: moneyChanged },
        resumed(state, next),
      );
    }
    case 'enableCopy': {
      const copyEnabled = args.enabled ?? !config.copyEnabled;
      return reply({ ...state, config: { ...config, copyEnabled } }, name, { copyEnabled });
    }
    case 'liquidity':
      return reply(state, name, {
        accountType: config.accountType,
        balanceCents: state.balanceCents,
        profitCents: state.profitCents,
      });
  }
}

/** Sorts object keys recursively, so two equal values always print the same JSON. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, sortedKeys((value as Record<string, unknown>)[k])]),
  );
}

/**
 * A value key of what the money state is built from (strategy selection and its settings): equal
 * settings give equal keys whatever object they came in.
 * @example moneyKeyOf(a) === moneyKeyOf(structuredClone(a)) // true
 */
export function moneyKeyOf(config: Pick<SessionConfig, 'strategySel' | 'money'>): string {
  return JSON.stringify(sortedKeys({ strategySel: config.strategySel, money: config.money }));
}
