import { z } from 'zod';
import { ACCOUNT_TYPES, LANGUAGES, TRADER_MODES } from './enums.ts';
import { BotIdSchema, oneOf } from './common.ts';
import { endpoint, ownerBody, ownerQuery } from './endpoint.ts';
import { RobotMessageSchema } from './robot-message.ts';

/*
 * The live view of the robot: dashboard, activity feed (+ its server-sent-events
 * stream), orders history and CSV export, result chart and latency waterfall. Money here is
 * integer cents (the robot's unit, DESIGN §4), named `…Cents`; instants are Unix epoch ms, `…At`.
 */

/** Order direction as brokers and signals write it. */
export const OrderDirectionSchema = z.enum(['CALL', 'PUT']);

/** Where an order is in the ledger: placed (written, broker not yet confirmed) → open → settled. */
export const ORDER_STATES = ['placed', 'open', 'won', 'lost', 'draw', 'failed'] as const;
export const OrderStateSchema = z.enum(ORDER_STATES);
export type OrderState = z.infer<typeof OrderStateSchema>;

/** The settled results the orders page filters on. */
export const ORDER_RESULTS = ['won', 'lost', 'draw', 'failed', 'open'] as const;
export const OrderResultFilterSchema = z.enum(ORDER_RESULTS);

/** One order of the ledger, as the panel lists it. */
export const TradingOrderSchema = z.object({
  id: z.number().int(),
  /** The signal it trades (NULL for an order not born of a signal). */
  signalId: z.number().int().nullable(),
  channelId: z.string().nullable(),
  /** The channel's name as the trader named it; NULL when it has none (or no channel). */
  channelName: z.string().nullable(),
  asset: z.string(),
  direction: OrderDirectionSchema,
  /** 0 = the entry, 1.. = gale level. */
  galeLevel: z.number().int(),
  stakeCents: z.number().int(),
  /** Broker payout for the asset and timeframe when it was placed, percent (e.g. 87). */
  payoutPct: z.number(),
  brokerId: z.number().int(),
  accountType: oneOf(ACCOUNT_TYPES),
  state: OrderStateSchema,
  /** Reason key when `state` is `failed` (e.g. `robot.order.brokerTimeout`). */
  failReason: z.string().nullable(),
  /** When it is (was) due to be sent. */
  sendAt: z.number().int(),
  /** When the broker confirmed it (NULL until open). */
  confirmedAt: z.number().int().nullable(),
  expiresAt: z.number().int(),
  settledAt: z.number().int().nullable(),
  /** Realised result: +profit on a win, −stake on a loss, 0 on a draw; NULL until settled. */
  pnlCents: z.number().int().nullable(),
  /** Placed on the paper broker (a simulator), not at the broker itself. */
  simulator: z.boolean(),
  /**
   * Where a settled paper order's prices came from: a market source (`deriv`, `quadcode:<id>`)
   * or `simulated` (the seeded walk, "preço simulado"); NULL for an order at the broker itself
   * or not settled yet.
   */
  priceSource: z.string().nullable(),
});
export type TradingOrder = z.infer<typeof TradingOrderSchema>;

/** Score of a period: wins × losses, draws, hit and break-even rates. */
export const TradingScoreSchema = z.object({
  wins: z.number().int(),
  losses: z.number().int(),
  draws: z.number().int(),
  /** wins / (wins + losses), percent with one decimal; NULL before the first decided order. */
  hitRatePct: z.number().nullable(),
  /**
   * The hit rate that breaks even at the average payout of the period, percent:
   * 100 / (1 + payout). NULL without orders.
   */
  breakEvenRatePct: z.number().nullable(),
  /** Realised result of the period, cents. */
  pnlCents: z.number().int(),
  orders: z.number().int(),
});
export type TradingScore = z.infer<typeof TradingScoreSchema>;

/**
 * The score of a period counted per SIGNAL, as traders and channels count it (docs/trader.md
 * "Score per signal"): a signal's result is its last settled order's (won at entry or at gale
 * n, lost, draw); a signal with an order still open is `open`; one whose orders all failed counts
 * nowhere. Orders not born of a signal count one each.
 */
export const SignalScoreSchema = z.object({
  /** Signals with a result (wins + losses + draws). */
  signals: z.number().int(),
  wins: z.number().int(),
  /** Wins by the step they won at: index 0 = at entry, 1 = at G1, … (length = deepest win + 1). */
  winsByStep: z.array(z.number().int()),
  losses: z.number().int(),
  draws: z.number().int(),
  /** Signals with an order still placed or open. */
  open: z.number().int(),
  /** wins / (wins + losses), percent with one decimal; NULL before the first decided signal. */
  hitRatePct: z.number().nullable(),
  /**
   * The hit rate per signal that breaks even, percent with one decimal: average loss of a lost
   * signal / (average win of a won signal + that loss); before the period has both, the entry's
   * 100 / (1 + payout). NULL without a settled signal.
   */
  breakEvenRatePct: z.number().nullable(),
  /** Realised result of the period's signals, cents. */
  pnlCents: z.number().int(),
});
export type SignalScore = z.infer<typeof SignalScoreSchema>;

/** The periods of the per-channel results: the trader's today, the last 7 and 30 days. */
export const RESULTS_PERIODS = ['today', 'week', 'month'] as const;
export const ResultsPeriodSchema = z.enum(RESULTS_PERIODS);
export type ResultsPeriod = z.infer<typeof ResultsPeriodSchema>;

export const ChannelResultsQuerySchema = z.object({
  userid: BotIdSchema,
  period: ResultsPeriodSchema.default('week'),
});

/** One channel's signals of the period, scored per signal. */
export const ChannelResultSchema = z.object({
  /** The card's `idNum`; NULL for orders not born of a channel signal (copies, manual). */
  channelId: z.string().nullable(),
  /** The channel's name as the trader named it (card, chat list or local channel); NULL if gone. */
  channelName: z.string().nullable(),
  score: SignalScoreSchema,
});
export type ChannelResult = z.infer<typeof ChannelResultSchema>;

export const ChannelResultsSchema = z.object({
  period: ResultsPeriodSchema,
  from: z.number().int(),
  to: z.number().int(),
  /** Every channel of the bot (cards and channels with orders), most signals first. */
  channels: z.array(ChannelResultSchema),
  /** All the bot's signals of the period together. */
  total: SignalScoreSchema,
});
export type ChannelResults = z.infer<typeof ChannelResultsSchema>;

/** A channel the orders page can filter on: its id and the name the trader gave it. */
export const ChannelOptionSchema = z.object({ id: z.string(), name: z.string().nullable() });

/** An entry the robot will send when its time comes (a pending signal or the next gale). */
export const ScheduledEntrySchema = z.object({
  signalId: z.number().int().nullable(),
  asset: z.string(),
  direction: OrderDirectionSchema,
  galeLevel: z.number().int(),
  /** The stake the strategy plans for it, when known. */
  stakeCents: z.number().int().nullable(),
  sendAt: z.number().int(),
  /** Gales its ladder places at most (`signalPlan`, the same number the tester and card show). */
  gales: z.number().int().nullable(),
});
export type ScheduledEntry = z.infer<typeof ScheduledEntrySchema>;

/** The home dashboard of one bot. */
export const TradingDashboardSchema = z.object({
  userid: z.string(),
  /** Switched on (command 1 / the switch). */
  running: z.boolean(),
  /** Whether the bot's settings were ever saved; an unconfigured bot cannot be switched on. */
  configured: z.boolean(),
  /**
   * Why the bot would not trade a signal now (off, never configured, expired, stop hit, …),
   * NULL when it would. Same keys as the refusals of the feed.
   */
  blockedBy: RobotMessageSchema.nullable(),
  accountType: oneOf(ACCOUNT_TYPES),
  brokerId: z.number().int(),
  /** The broker's balance of that account, cents; NULL when the broker could not be asked. */
  balanceCents: z.number().int().nullable(),
  /**
   * The bot trades on the paper broker (a simulator): its broker has no adapter here or nothing
   * is stored to log in with. The panel says "Simulator" beside the balance.
   */
  simulator: z.boolean(),
  today: TradingScoreSchema,
  /**
   * The score per signal (what the trader reads as "4 × 0") of the signals due since the score
   * last went back to zero (`scoreSince`): the same figures `/placar` answers in the chat.
   */
  todaySignals: SignalScoreSchema,
  /**
   * When the score last went back to zero, Unix ms: the latest score-clear time (the reader's
   * hourClearScore in its zone, its midnight when blank) or a later zeroScore command.
   */
  scoreSince: z.number().int(),
  openOrders: z.array(TradingOrderSchema),
  nextEntries: z.array(ScheduledEntrySchema),
  /**
   * The strategy's current step, e.g. `robot.step.cycles` {cycle: 2, galeLevel: 1}; Masaniello's
   * carries its events left and target too (see TRADING_STEP_KEY_PREFIX).
   */
  strategyStep: RobotMessageSchema,
  /** The stakes the strategy will actually send next (entry or next gales, in order), cents. */
  nextStakesCents: z.array(z.number().int()),
  /**
   * Whether this bot's orders go to its copy-trading followers: only in trader mode (1; 2 is
   * follower mode, command 9 or the global params' mode) with the trader's copy switch on
   * (command 15 or the trader configuration's "copy trader"). `followers` counts the accepted ones.
   */
  copyTrading: z.object({
    traderMode: oneOf(TRADER_MODES),
    enabled: z.boolean(),
    followers: z.number().int(),
  }),
  /**
   * The bot's newest activity id when this was read (0: none yet), read before the figures: the
   * live stream opened with it as `after` sends whatever came after this read, so the panel
   * need not read everything again when the stream opens.
   */
  lastActivityId: z.number().int().min(0).optional(),
});
export type TradingDashboard = z.infer<typeof TradingDashboardSchema>;

/** Kinds of activity, each one stage of DESIGN §7.1. */
export const ACTIVITY_KINDS = ['signal', 'decision', 'order', 'result', 'session'] as const;
export const ActivityKindSchema = z.enum(ACTIVITY_KINDS);

/** One line of the activity feed. `id` grows: newest first is highest id first. */
export const ActivityItemSchema = z.object({
  id: z.number().int(),
  userid: z.string(),
  at: z.number().int(),
  kind: ActivityKindSchema,
  signalId: z.number().int().nullable(),
  orderId: z.number().int().nullable(),
  /** What happened, translated by key (a refusal carries its reason key). */
  message: RobotMessageSchema,
  /** The line's order is on the simulator (the paper broker holds it): the panel says so. */
  simulator: z.boolean().optional(),
});
export type ActivityItem = z.infer<typeof ActivityItemSchema>;

/** A page size from the query string (1–200, default 50). */
const LimitSchema = z.coerce.number().int().min(1).max(200).default(50);
/** A cursor from the query string: return items with an id below it. */
const CursorSchema = z.coerce.number().int().min(1).optional();
/** An instant from the query string, Unix epoch ms. */
const InstantQuerySchema = z.coerce.number().int().min(0).optional();

export const ActivityQuerySchema = z.object({
  userid: BotIdSchema,
  cursor: CursorSchema,
  limit: LimitSchema,
});

export const ActivityPageSchema = z.object({
  items: z.array(ActivityItemSchema),
  /** Pass as `cursor` for the next (older) page; NULL at the end. */
  nextCursor: z.number().int().nullable(),
});
export type ActivityPage = z.infer<typeof ActivityPageSchema>;

/**
 * The server-sent events of `GET /api/trading/stream?userid=…` (one `data:` JSON line each, the
 * SSE `event:` field is the `type`, `id:` the activity id for `Last-Event-ID` resume):
 * - `activity`: a new feed item;
 * - `order`: an order was written or changed state;
 * - `dashboard`: figures changed (score, balance, on/off) — re-read the dashboard;
 * - `bot`: the bot itself changed (verified) — re-read the bot list.
 * A comment line `: ping` comes every 15 s. Only the caller's bot is streamed.
 */
export const TradingStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('activity'), item: ActivityItemSchema }),
  z.object({ type: z.literal('order'), userid: z.string(), order: TradingOrderSchema }),
  z.object({ type: z.literal('dashboard'), userid: z.string() }),
  z.object({ type: z.literal('bot'), userid: z.string() }),
]);
export type TradingStreamEvent = z.infer<typeof TradingStreamEventSchema>;

/** Filters of the orders page (and its CSV export). */
export const OrdersFilterSchema = z.object({
  userid: BotIdSchema,
  /** Sent at or after, Unix ms. */
  from: InstantQuerySchema,
  /** Sent before, Unix ms. */
  to: InstantQuerySchema,
  channel: z.string().trim().max(64).optional(),
  asset: z.string().trim().max(32).optional(),
  result: OrderResultFilterSchema.optional(),
});

export const OrdersQuerySchema = OrdersFilterSchema.extend({
  cursor: CursorSchema,
  limit: LimitSchema,
});

/** Totals of everything the filters match (not only the page). */
export const OrdersTotalsSchema = z.object({
  count: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  draws: z.number().int(),
  failed: z.number().int(),
  open: z.number().int(),
  stakeCents: z.number().int(),
  pnlCents: z.number().int(),
});

export const OrdersPageSchema = z.object({
  orders: z.array(TradingOrderSchema),
  totals: OrdersTotalsSchema,
  /** Everything the filters match, scored per signal (docs/trader.md "Score per signal"). */
  score: SignalScoreSchema,
  /** The bot's channels, for the channel filter: picked from a list, shown by name. */
  channels: z.array(ChannelOptionSchema),
  nextCursor: z.number().int().nullable(),
});
export type OrdersPage = z.infer<typeof OrdersPageSchema>;

/**
 * The CSV export's query: the orders filters, and how to write it. `local` (the default) is the
 * trader's: headers and results in `lang`, decimal comma and `;` between cells for pt-BR and
 * es-ES, instants on the trader's clock (the reader's time zone); `iso` is for programs: the
 * column names below, decimal point, `,`, ISO 8601 UTC instants.
 */
export const ORDERS_CSV_FORMATS = ['local', 'iso'] as const;
export type OrdersCsvFormat = (typeof ORDERS_CSV_FORMATS)[number];
export const OrdersCsvQuerySchema = OrdersFilterSchema.extend({
  format: z.enum(ORDERS_CSV_FORMATS).default('local'),
  lang: z.enum(LANGUAGES).default('pt-BR'),
});

/**
 * Columns of the CSV export, in order (the `iso` header row = these names). `sendAt` is when the
 * order was scheduled, `confirmedAt` when the broker confirmed it; `signalResult` and
 * `signalPnl` are its signal's result and net (every row of one signal carries the same).
 */
export const ORDERS_CSV_COLUMNS = [
  'id',
  'signalId',
  'signalResult',
  'signalPnl',
  'sendAt',
  'confirmedAt',
  'channelId',
  'channelName',
  'asset',
  'direction',
  'galeLevel',
  'stake',
  'payoutPct',
  'accountType',
  'brokerId',
  'brokerName',
  'simulator',
  'priceSource',
  'state',
  'failReason',
  'expiresAt',
  'settledAt',
  'pnl',
] as const;

export const CHART_RANGES = ['day', 'week'] as const;
export const ChartQuerySchema = z.object({
  userid: BotIdSchema,
  range: z.enum(CHART_RANGES).default('day'),
});

/** The result chart: one point per settled order (cumulative), from the period's first trade. */
export const ResultChartSchema = z.object({
  range: z.enum(CHART_RANGES),
  from: z.number().int(),
  to: z.number().int(),
  points: z.array(
    z.object({
      at: z.number().int(),
      /** Balance after that settlement, cents. */
      balanceCents: z.number().int(),
      /** Cumulative P&L of the period, cents. */
      pnlCents: z.number().int(),
    }),
  ),
  /** The period's balance is the simulator's: its orders are on the paper broker. */
  simulator: z.boolean().optional(),
});
export type ResultChart = z.infer<typeof ResultChartSchema>;

/** Stages of a signal's life, in order. */
export const LATENCY_STAGES = [
  'received',
  'parsed',
  'decided',
  'sent',
  'confirmed',
  'settled',
] as const;
export const LatencyStageSchema = z.enum(LATENCY_STAGES);

export const LatencyQuerySchema = z.object({
  userid: BotIdSchema,
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** One signal's instants per stage (NULL: not reached). `sent`.. are of its first order. */
export const SignalLatencySchema = z.object({
  signalId: z.number().int(),
  asset: z.string().nullable(),
  direction: OrderDirectionSchema.nullable(),
  decision: z.enum(['traded', 'refused']).nullable(),
  /** When its first order was scheduled to be sent (the entry time); NULL without an order. */
  scheduledAt: z.number().int().nullable(),
  stages: z.object({
    received: z.number().int().nullable(),
    parsed: z.number().int().nullable(),
    decided: z.number().int().nullable(),
    sent: z.number().int().nullable(),
    confirmed: z.number().int().nullable(),
    settled: z.number().int().nullable(),
  }),
});

/** The day's percentiles of each step (time from the previous stage), ms. */
export const StagePercentilesSchema = z.object({
  stage: LatencyStageSchema.exclude(['received']),
  count: z.number().int(),
  p50Ms: z.number().nullable(),
  p95Ms: z.number().nullable(),
});

/**
 * The day's two parts of the time from the decision to the send, ms: `wait` = decided → the
 * entry's scheduled instant (the signal's own time, not a delay of the robot); `sendLag` =
 * scheduled instant → sent (the robot's real lag).
 */
export const LATENCY_TIMINGS = ['wait', 'sendLag'] as const;
export const TimingPercentilesSchema = z.object({
  kind: z.enum(LATENCY_TIMINGS),
  count: z.number().int(),
  p50Ms: z.number().nullable(),
  p95Ms: z.number().nullable(),
});

export const LatencyReportSchema = z.object({
  signals: z.array(SignalLatencySchema),
  day: z.array(StagePercentilesSchema),
  timing: z.array(TimingPercentilesSchema),
});
export type LatencyReport = z.infer<typeof LatencyReportSchema>;

export const tradingEndpoints = {
  tradingDashboard: endpoint({
    method: 'GET',
    path: '/trading/dashboard',
    area: 'trading',
    summary: "The bot's live figures for the home dashboard. Not in SPEC §7.",
    query: z.object({ userid: BotIdSchema }),
    response: TradingDashboardSchema,
    owner: ownerQuery,
  }),
  cancelEntry: endpoint({
    method: 'POST',
    path: '/trading/entries/cancel',
    area: 'trading',
    summary:
      "Cancel one of the bot's next entries (a pending signal, or its order not sent yet): " +
      "'cancelled', or 'too_late' once sent; 409 pendingEntries.gone when it was already decided " +
      'or cancelled. Not in SPEC §7.',
    body: z.object({ userid: BotIdSchema, signalId: z.number().int().positive() }),
    response: z.object({ outcome: z.enum(['cancelled', 'too_late']) }),
    owner: ownerBody,
  }),
  tradingActivity: endpoint({
    method: 'GET',
    path: '/trading/activity',
    area: 'trading',
    summary: "The bot's activity feed, newest first, cursor paged. Not in SPEC §7.",
    query: ActivityQuerySchema,
    response: ActivityPageSchema,
    owner: ownerQuery,
  }),
  tradingStream: endpoint({
    method: 'GET',
    path: '/trading/stream',
    area: 'trading',
    summary:
      "Server-sent events (text/event-stream) of the bot: activity, order, dashboard, bot. `after` (the dashboard's `lastActivityId`) sends the feed items written since that read first; `Last-Event-ID` wins over it. Not in SPEC §7.",
    query: z.object({ userid: BotIdSchema, after: z.coerce.number().int().min(0).optional() }),
    response: TradingStreamEventSchema,
    owner: ownerQuery,
  }),
  tradingOrders: endpoint({
    method: 'GET',
    path: '/trading/orders',
    area: 'trading',
    summary: "The bot's orders with filters and totals, newest first. Not in SPEC §7.",
    query: OrdersQuerySchema,
    response: OrdersPageSchema,
    owner: ownerQuery,
  }),
  tradingOrdersCsv: endpoint({
    method: 'GET',
    path: '/trading/orders.csv',
    area: 'trading',
    summary:
      'The filtered orders as CSV (text/csv, ORDERS_CSV_COLUMNS, money in units). Not in SPEC §7.',
    query: OrdersCsvQuerySchema,
    response: z.string(),
    owner: ownerQuery,
  }),
  tradingChannelResults: endpoint({
    method: 'GET',
    path: '/trading/channel-results',
    area: 'trading',
    summary: "Each channel's signals of today, 7 or 30 days, scored per signal. Not in SPEC §7.",
    query: ChannelResultsQuerySchema,
    response: ChannelResultsSchema,
    owner: ownerQuery,
  }),
  tradingChart: endpoint({
    method: 'GET',
    path: '/trading/chart',
    area: 'trading',
    summary: 'Balance and P&L over the day or the week. Not in SPEC §7.',
    query: ChartQuerySchema,
    response: ResultChartSchema,
    owner: ownerQuery,
  }),
  tradingLatency: endpoint({
    method: 'GET',
    path: '/trading/latency',
    area: 'trading',
    summary: "Latency waterfall of the bot's recent signals and the day's p50/p95 per step.",
    query: LatencyQuerySchema,
    response: LatencyReportSchema,
    owner: ownerQuery,
  }),
};

/** Why a bot may not open a sequence now, in the order the robot's one trade gate checks them. */
export const TRADE_GATE_REASONS = [
  'not_configured',
  'not_verified',
  'bot_off',
  'expired',
  'stopped',
  'outside_windows',
  'max_orders_reached',
  'sequence_in_flight',
  'payout_below_min',
  'entry_missed',
] as const;

/**
 * Why a signal was not traded: `robot.refusal.<reason>` in the feed (params `asset`, `direction`)
 * and in the dashboard's `blockedBy` (`not_configured` carries `missing`: `globalParams`,
 * `masaniello`, `cycles`, `lossRecovery` or `customCycles` — what to configure first).
 */
export const TRADING_REFUSAL_REASONS = [
  ...TRADE_GATE_REASONS,
  'cancelled',
  'not_offered',
  'account_mismatch',
  'real_on_simulator',
  'broker_unavailable',
  'asset_busy',
  'pre_stop',
  'halted',
  'invalid_config',
  'insufficient_balance',
  'not_traded',
] as const;

/**
 * Why a broker failed an order: the feed's `robot.activity.orderFailed {reason}`, translated as
 * `robot.order.<reason>`. The paper broker gives the stake limits and the balance; Deriv adds
 * its refusals (token, market closed, asset or timeframe not offered); the runtime gives
 * `missed` (the send time passed unconfirmed).
 */
export const ORDER_FAIL_REASONS = [
  'stakeBelowMin',
  'stakeAboveMax',
  'insufficientBalance',
  'timeout',
  'missed',
  'cancelled',
  'disconnected',
  'rejected',
  'authFailed',
  'marketClosed',
  'assetUnavailable',
  'noToken',
  'accountMismatch',
  'accountInactive',
  'notOffered',
  'optionTypeUnavailable',
  'priceMoved',
  'rateLimited',
  'realCapReached',
  'twoFactorRequired',
  'payoutImplausible',
  'brokerUnavailable',
  'unknown',
] as const;
export type OrderFailReason = (typeof ORDER_FAIL_REASONS)[number];

/**
 * The feed's own keys and their params (money in cents, instants in Unix ms):
 * on / off {}, stopped {reason}, traded {asset, direction, stakeCents},
 * orderOpen {asset, direction, stakeCents, galeLevel, expiresAt}, orderFailed {asset, reason},
 * orderOpenReal / orderFailedReal: the same for a real-money order, with `brokerRef` (the
 * broker's own reference of the order, or its error code for a refusal; null when none),
 * won / lost / draw {asset, pnlCents, balanceCents, galeLevel}. Lines of kind `session` may also
 * carry the robot's `robot.notify.*` keys (sequenceEnd, cycleEnd, dayReset, preStop, …).
 */
export const TRADING_ACTIVITY_KEYS = [
  'robot.activity.on',
  'robot.activity.off',
  'robot.activity.stopped',
  'robot.activity.traded',
  'robot.activity.orderOpen',
  'robot.activity.orderFailed',
  'robot.activity.orderOpenReal',
  'robot.activity.orderFailedReal',
  'robot.activity.won',
  'robot.activity.lost',
  'robot.activity.draw',
] as const;

/**
 * The dashboard's strategy step: `robot.step.<strategy>` (martingale, soros, masaniello, cycles,
 * customCycles, lossRecovery; `robot.step.none` when none is configured) with the strategy's
 * summary as params (e.g. cycles {cycle, bankCents}; masaniello {plan, won, lost, capitalCents,
 * eventsLeft, winsNeeded, targetCents, active}: events the plan may still play, wins it still
 * needs and the capital it ends on at its target) and `galeLevel` (null between sequences).
 */
export const TRADING_STEP_KEY_PREFIX = 'robot.step.';
