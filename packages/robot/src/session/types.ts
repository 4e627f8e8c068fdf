import type {
  AccountType,
  BotCommandCode,
  BotCommandName,
  Strategy,
  TraderMode,
} from '@app/contract';
import type { OrderDirection } from '../broker/types.ts';
import type {
  BaseState,
  CapReason,
  CustomCyclesConfig,
  CyclesConfig,
  LossRecoveryConfig,
  MartingaleConfig,
  MasanielloConfig,
  SorosConfig,
  Cents,
} from '../money/index.ts';
import type { EntryPlan, GaleSchedule, OrderWindow } from '../timing/index.ts';
import type { StopHit, StopsConfig, StopsState } from '../stops/index.ts';
import type { ChannelPlan } from './signal-plan.ts';

/** Per-strategy settings; only the one `strategySel` picks has to be present. */
export interface MoneyConfigs {
  martingale?: MartingaleConfig;
  masaniello?: MasanielloConfig;
  cycles?: CyclesConfig;
  lossRecovery?: LossRecoveryConfig;
  customCycles?: CustomCyclesConfig;
  soros?: SorosConfig;
}

/** Everything one bot's session needs; instants are Unix ms, money cents. */
export interface SessionConfig {
  /** The messaging-app id the bot answers to (SPEC's `userid`); its order refs start with it. */
  userid: string;
  /** accType: demo, real or tournament ({@link AccountType}; command 8 switches it). */
  accountType: AccountType;
  /** 1 martingale, 2 masaniello, 3 cycles, 4 loss recovery, 5 custom cycles. */
  strategySel: Strategy;
  money: MoneyConfigs;
  /** Stop settings (`stopsConfigFromParams` maps the wire global params). */
  stops: StopsConfig;
  /** Orders a day (maxtrades); 0 = unlimited. Checked when a sequence opens, so a ladder finishes. */
  maxOrdersPerDay: number;
  /** Where gales go (ROBOT.md §0); default `nextCandle`. */
  galeSchedule?: GaleSchedule;
  /** Hour (UTC, 0–23) at which the daily order counter resets (hourReset); default 0. */
  resetHourUtc?: number;
  /**
   * Minute of the UTC day (0–1439) at which the score is cleared every day (hourClearScore, in
   * the reader's zone; blank = its midnight): the tick past it does what zeroScore does.
   * Absent: the score is cleared only by the command.
   */
  scoreClearMinuteUtc?: number;
  /** Balance when the session starts, cents. */
  startBalanceCents: Cents;
  /**
   * traderMode: 1 trader, 2 follower (command 9 toggles it). A bot in follower mode copies its
   * orders to nobody (`traderFilter`).
   */
  copyMode: TraderMode;
  /**
   * The trader's copy switch (copyTraderEn; command 15 toggles it): off, the bot's orders go to
   * no copy-trading follower.
   */
  copyEnabled: boolean;
}

/** The part of a parsed signal the session trades on (a `Signal` from `parseSignal` fits). */
export interface SessionSignal {
  asset: string;
  direction: OrderDirection;
  timeframeMin: number;
  channelId?: string;
}

/** Optional arguments of a bot command. */
export interface CommandArgs {
  /** Command 8: account to switch to (default: demo ⇄ real). */
  accountType?: AccountType;
  /** Command 8: balance of the account switched to, cents (else the runtime reports it later). */
  balanceCents?: Cents;
  /** Command 9: mode to switch to (default: toggle). */
  copyMode?: TraderMode;
  /** Command 15: copy on/off (default: toggle). */
  enabled?: boolean;
  /** Command 14: the bot's new settings. */
  config?: SessionConfig;
}

/** Events a session consumes. */
export type SessionEvent =
  /**
   * A parsed signal and its entry timing (`planEntry`); `plan` is its channel's gale count and
   * card overrides (`channelPlanOf`), absent for a signal with no channel card.
   */
  | { type: 'signal'; signal: SessionSignal; entry: EntryPlan; plan?: ChannelPlan }
  /** The broker settled (`pnlCents` realised, −stake on a loss) or refused an order. */
  | { type: 'order_result'; ref: string; status: 'settled'; pnlCents: Cents; balanceCents?: Cents }
  | { type: 'order_result'; ref: string; status: 'rejected'; error: string }
  /** The clock: the only way time enters a session. */
  | { type: 'tick'; nowMs: number }
  /** A bot command (botCmd 1–16). */
  | { type: 'command'; code: BotCommandCode; args?: CommandArgs };

/** Parameters of a notification: plain values the panel interpolates into a translated text. */
export type NotifyParams = Record<string, string | number | boolean | null | readonly number[]>;

/** An order for the runtime to send at `sendAtMs` (at once if already past). */
export interface PlaceOrderCommand {
  type: 'place_order';
  /** Unique per session: the runtime reports the result with it. */
  ref: string;
  asset: string;
  direction: OrderDirection;
  stakeCents: Cents;
  account: AccountType;
  sendAtMs: number;
  expiresAtMs: number;
  galeLevel: number;
  minApplied: boolean;
  capped: CapReason | null;
}

/** Why the session stopped trading. */
export type SessionStopReason =
  | 'command_off'
  | StopHit
  | 'plan_complete'
  | 'plan_bust'
  /** The trader's daily real-money cap would have been passed (the runtime stops the bot). */
  | 'real_cap';

/** Commands a session emits; the runtime executes them, the panel shows `notify` by key. */
export type SessionCommand =
  | PlaceOrderCommand
  | { type: 'notify'; key: `robot.${'notify' | 'reply'}.${string}`; params: NotifyParams }
  | { type: 'stop'; reason: SessionStopReason }
  | { type: 'resume' };

/** Why a signal was not traded (shown in the activity feed). */
export type SignalIgnoredReason =
  | 'bot_off'
  | 'stopped'
  | 'invalid_config'
  | 'asset_busy'
  | 'sequence_in_flight'
  | 'max_orders_reached'
  | 'pre_stop'
  | 'halted'
  | 'insufficient_balance';

/** Orders and sequences won, lost and drawn since the last zeroScore. */
export interface Score {
  wins: number;
  losses: number;
  draws: number;
  sequenceWins: number;
  sequenceLosses: number;
}

/** The order the session waits a result for. */
export interface OpenOrderRef {
  ref: string;
  asset: string;
  stakeCents: Cents;
  galeLevel: number;
  window: OrderWindow;
}

/** The sequence (one signal and its gales) in flight. */
export interface SequenceInFlight {
  asset: string;
  direction: OrderDirection;
  entry: EntryPlan;
  candleMs: number;
  /** Orders sent in this sequence (entry included). */
  ordersSent: number;
  lastWindow: OrderWindow;
  /** The channel plan the sequence trades with (`signalPlan`): every gale uses it too. */
  plan?: ChannelPlan;
  /** `nextSignal` schedule: the next stake, waiting for a signal to carry it. */
  waiting: {
    stakeCents: Cents;
    galeLevel: number;
    minApplied: boolean;
    capped: CapReason | null;
  } | null;
}

/** One bot's whole state; a plain serialisable value. */
export interface SessionState {
  config: SessionConfig;
  /** Turned on (command 1) or off (command 2). */
  running: boolean;
  /** Set when a stop or the money plan stopped trading; cleared by restart (command 4). */
  stopReason: SessionStopReason | null;
  nowMs: number | null;
  /** Trading day index (after `resetHourUtc`) of the last tick. */
  dayKey: number | null;
  ordersToday: number;
  score: Score;
  /**
   * When the score last went back to zero (zeroScore, or the daily score-clear time), Unix ms;
   * null or absent: never since the session began. The per-signal score counts from here.
   */
  scoreSinceMs?: number | null;
  /** Realised P&L since the session (re)started, cents. */
  profitCents: Cents;
  balanceCents: Cents;
  /** Balance the stops measure percentages from: at start, or at the last restart. */
  sessionStartBalanceCents: Cents;
  /** State of the chosen money strategy (opaque here: the strategy owns it). */
  money: BaseState;
  /** The stops' running score (`stops/`). */
  stops: StopsState;
  sequence: SequenceInFlight | null;
  openOrder: OpenOrderRef | null;
  /** Counter behind order refs. */
  ordersPlaced: number;
}

/** What `step` returns. */
export interface SessionStep {
  state: SessionState;
  commands: SessionCommand[];
}

export type { BotCommandName };
