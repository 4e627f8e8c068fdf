import type { CopyProduct, FollowState } from '@app/contract';
import type { ColumnType, Generated } from 'kysely';

/**
 * A boolean column: PostgreSQL stores and returns `boolean`; SQLite has no boolean type, so it
 * stores 0/1 (the SQLite boolean plugin converts bound booleans) and returns a number. Reads go
 * through `Boolean()` (see `fromDbBool`).
 */
export type DbBool = ColumnType<boolean | number, boolean, boolean>;

/**
 * Timestamps are Unix epoch milliseconds in every dialect (`bigint` on PostgreSQL, `integer` on
 * SQLite): one representation, portable comparisons, and an injectable clock in tests.
 */
export type EpochMs = number;

export interface AccountsTable {
  id: Generated<number>;
  /** Always stored trimmed and lower-case; unique. */
  email: string;
  /** argon2id PHC string. */
  password_hash: string;
  created_at: EpochMs;
}

export interface BotsTable {
  id: Generated<number>;
  account_id: number;
  /** The messaging-app user id; unique across all accounts. */
  userid: string;
  traderid: string;
  virtual: DbBool;
  email: string;
  /** Expiry in Unix seconds; ≤ 0 = none. */
  botexp: number;
  current_broker: Generated<number>;
  brokers_mask: Generated<number>;
  multi_broker: Generated<number>;
  created_at: EpochMs;
  /**
   * Migration 0021: false while a messaging-app bot's id is not proven (a pending claim). The
   * trading runtime trades only verified bots; virtual bots are verified, except while the id
   * they derive from is taken back from their account (modules/telegram-bot/take-back.ts).
   */
  verified: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** Migration 1850: how the id was proven ('code' | 'tap'); null before 1850 and for virtual. */
  verified_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 1850: when the id was proven. */
  verified_at: ColumnType<EpochMs | null, EpochMs | null | undefined, EpochMs | null>;
  /** Migration 1850: when the id's own chat took the id back (the bot is pending again). */
  taken_back_at: ColumnType<EpochMs | null, EpochMs | null | undefined, EpochMs | null>;
}

export interface SessionsTable {
  /** sha256 hex of the random token; the raw token lives only in the browser's cookie. */
  id: string;
  account_id: number;
  created_at: EpochMs;
  last_seen_at: EpochMs;
  expires_at: EpochMs;
}

/** One row per (bot, broker): the wire fields of GlobalParamsSchema in snake_case. */
export interface GlobalParamsTable {
  bot_id: number;
  broker_id: number;
  acc_type: number;
  option_type: number;
  lote_type: number;
  stop_type: number;
  lote: number;
  galenum: number;
  galefat: number;
  stop_win: number;
  stop_loss: number;
  payout: number;
  trader_mode: number;
  login_method: number;
  strategy_sel: number;
  type_operation: number;
  stop_movel: number;
  /** The trader's daily real-money limit in account currency; 0 = none (0600). */
  real_cap: Generated<number>;
  updated_at: EpochMs;
}

/** "Conectar Deriv" flows under way (0601): one row per state, used once, ten minutes. */
export interface DerivOAuthStatesTable {
  state_hash: string;
  bot_id: number;
  verifier_enc: string;
  redirect_uri: string;
  created_at: EpochMs;
}

/** One row per bot: MasanielloParamsSchema's fields. */
export interface MasanielloParamsTable {
  bot_id: number;
  capital: number;
  total_oper: number;
  total_win: number;
  payout: number;
  gale: number;
  type_mas: number;
  restart: number;
  target: number;
  modo_masa: number;
  hits_restart: number;
  updated_at: EpochMs;
}

/** One row per (bot, broker): CyclesSchema's fields (also the cycles half of recovery params). */
export interface CycleParamsTable {
  bot_id: number;
  broker_id: number;
  ciclos: number;
  ciclos_fat: number;
  ciclos_gale: number;
  ciclos_gale_fat: number;
  updated_at: EpochMs;
}

/** One row per (bot, broker): SorosSchema's fields (also the soros half of recovery params). */
export interface SorosParamsTable {
  bot_id: number;
  broker_id: number;
  soros: number;
  soros_gale: number;
  soros_perc: number;
  updated_at: EpochMs;
}

/** One row per (bot, broker): LossRecoverySchema's fields. */
export interface LossRecoveryParamsTable {
  bot_id: number;
  broker_id: number;
  recover_perc: number;
  recover_gale: number;
  recover_gale_fat: number;
  recover_profit: number;
  mode: number;
  updated_at: EpochMs;
}

/** One row per (bot, cycle 1–10); an empty cell is NULL. */
export interface CustomCycleRowsTable {
  bot_id: number;
  cycle: number;
  entrada: number | null;
  mg1: number | null;
  mg2: number | null;
  mg3: number | null;
  mg4: number | null;
  mg5: number | null;
  mg6: number | null;
  mg7: number | null;
}

/** One row per bot: ReaderParamsSchema's fields; clock times `HH:MM` or '' (not set). */
export interface ReaderParamsTable {
  bot_id: number;
  timerzone: number;
  maxtrades: number;
  hour_start: string;
  hour_end: string;
  hour_start2: string;
  hour_end2: string;
  hour_start3: string;
  hour_end3: string;
  hour_reset: string;
  hour_clear_score: string;
  updated_at: EpochMs;
}

/**
 * One row per (bot, broker). `*_enc` are lib/secrets.ts ciphertexts bound to
 * `broker_credentials:<bot_id>/<broker_id>:<column>`; NULL = not stored. Deriv has tokens, the
 * others an e-mail and password.
 */
export interface BrokerCredentialsTable {
  bot_id: number;
  broker_id: number;
  email: Generated<string>;
  password_enc: string | null;
  token_demo_enc: string | null;
  token_real_enc: string | null;
  /** A Deriv OAuth connection's refresh token (encrypted); NULL: none (a personal access token). */
  refresh_token_enc: Generated<string | null>;
  /** When the stored Deriv OAuth access token runs out (Unix ms); NULL: it does not. */
  token_expires_at: Generated<EpochMs | null>;
  updated_at: EpochMs;
}

/** One row per bot; `password_enc` bound to `proxies:<bot_id>:password_enc`, NULL = none. */
export interface ProxiesTable {
  bot_id: number;
  ip: string;
  porta: number;
  login: string;
  password_enc: string | null;
  updated_at: EpochMs;
}

export type BotCommandStatus = 'queued' | 'done' | 'failed';

/** The queue of SPEC's bot commands: the panel inserts 'queued', the robot runtime settles them. */
/** A queued reset or delete of a bot's signal reader. */
export interface ReaderRequestsTable {
  id: Generated<number>;
  bot_id: number;
  action: 'reset' | 'delete';
  created_at: EpochMs;
  status: Generated<BotCommandStatus>;
  /** When the reader carried it out (migration 0010); NULL while queued. */
  settled_at: EpochMs | null;
}

export interface BotCommandsTable {
  id: Generated<number>;
  bot_id: number;
  /** botCmd 1–16. */
  code: number;
  created_at: EpochMs;
  status: Generated<BotCommandStatus>;
  /** The runtime's answer: JSON `{ key: 'robot.reply.<name>', params }`, translated by the panel. */
  reply: string | null;
}

/**
 * One row per bot: the robot runtime's session (packages/robot `SessionState`). `state` is JSON:
 * text on SQLite, jsonb (read back already parsed) on PostgreSQL; read it with `fromDbJson`.
 */
export interface BotSessionsTable {
  bot_id: number;
  state: ColumnType<unknown, string, string>;
  updated_at: EpochMs;
  /** Bumped on every save; a save expecting another version lost a race (migration 0015). */
  version: Generated<number>;
  /** JSON of the strategy selection and money settings the money state was built from. */
  money_key: Generated<string>;
}

export type BotEventKind = 'command' | 'signal' | 'wake';

/** The one inbox of a bot (migration 0015): a command, a signal or a timer, due at an instant. */
export interface BotEventsTable {
  id: Generated<number>;
  bot_id: number;
  kind: BotEventKind;
  /** `bot_commands.id` or `signals.id`; NULL for a wake-up. */
  ref_id: number | null;
  due_at: EpochMs;
  done_at: EpochMs | null;
}

export type OrderLedgerState = 'placed' | 'open' | 'won' | 'lost' | 'draw' | 'failed';

/** The orders ledger and outbox (migration 0015): written before the broker call. */
export interface OrdersTable {
  id: Generated<number>;
  bot_id: number;
  signal_id: number | null;
  channel_id: string | null;
  /** Idempotency key sent to the broker: `s<signal>-g<gale level>`; unique per bot. */
  client_ref: string;
  /** The session's own ref for the order (its results come back by it). */
  session_ref: string;
  gale_level: number;
  broker_id: number;
  account_type: number;
  asset: string;
  direction: 'CALL' | 'PUT';
  stake_cents: number;
  payout_pct: number;
  state: OrderLedgerState;
  fail_reason: string | null;
  send_at: EpochMs;
  expires_at: EpochMs;
  /** Set (and committed) just before the broker call: a crash after it means "ask the broker". */
  attempted_at: EpochMs | null;
  confirmed_at: EpochMs | null;
  settled_at: EpochMs | null;
  broker_order_id: string | null;
  pnl_cents: number | null;
  balance_after_cents: number | null;
  created_at: EpochMs;
  /** Where a paper order's settling prices came from: a market source, or `simulated` (walk). */
  price_source: ColumnType<string | null, string | null | undefined, string | null>;
  entry_price: ColumnType<number | null, number | null | undefined, number | null>;
  exit_price: ColumnType<number | null, number | null | undefined, number | null>;
  /** Migration 0035: the trader's order this follower order copies; NULL on the bot's own orders. */
  copy_of: ColumnType<number | null, number | null | undefined, number | null>;
  copy_product: ColumnType<CopyProduct | null, CopyProduct | null | undefined, CopyProduct | null>;
  copy_trader_bot_id: ColumnType<number | null, number | null | undefined, number | null>;
  /**
   * Migration 0050: when the bot's own confirmed order was fanned out to its followers (or had
   * none to go to); NULL on an open own order = its fan-out is still to do. NULL on copies.
   */
  fanned_out_at: ColumnType<EpochMs | null, EpochMs | null | undefined, EpochMs | null>;
}

/** The paper broker's balance of one bot and account type, cents. */
export interface PaperAccountsTable {
  bot_id: number;
  account_type: number;
  balance_cents: number;
}

/** An order on the paper broker; `(bot_id, client_ref)` unique, so placing twice returns it. */
export interface PaperOrdersTable {
  id: Generated<number>;
  bot_id: number;
  client_ref: string;
  account_type: number;
  asset: string;
  direction: 'CALL' | 'PUT';
  stake_cents: number;
  payout: number;
  open_at: EpochMs;
  expires_at: EpochMs;
  settled_at: EpochMs | null;
  pnl_cents: number | null;
  price_source: ColumnType<string | null, string | null | undefined, string | null>;
  entry_price: ColumnType<number | null, number | null | undefined, number | null>;
  exit_price: ColumnType<number | null, number | null | undefined, number | null>;
}

/** One line of the activity feed; `message` is JSON `{ key, params }`. */
export interface ActivityTable {
  id: Generated<number>;
  bot_id: number;
  at: EpochMs;
  kind: 'signal' | 'decision' | 'order' | 'result' | 'session';
  signal_id: number | null;
  order_id: number | null;
  message: ColumnType<unknown, string, string>;
}

/** Which worker advances a bot, until when (renewed by heartbeat, taken over after). */
export interface BotLeasesTable {
  bot_id: number;
  owner: string;
  expires_at: EpochMs;
}

/** Migration 1101: a live runtime process and its heartbeat (robot/partitions.ts). */
export interface RobotWorkersTable {
  id: string;
  role: string;
  host: string;
  pid: number;
  started_at: EpochMs;
  beat_at: EpochMs;
}

/** Migration 1101: one of the 64 partitions of the bots (`bot_id % 64`) and the worker holding it. */
export interface RobotPartitionsTable {
  partition: number;
  owner: string | null;
  taken_at: EpochMs | null;
}

/**
 * One line of a channel message as the reader read it (migration 0006): an accepted signal or a
 * rejection with its reason key. The reader writes it; the trading runtime decides on accepted
 * rows whose `decided_at` is NULL and stamps the decision. Instants are epoch ms.
 */
export interface SignalsTable {
  id: Generated<number>;
  bot_id: number;
  /** The channel card's `idNum` (a local inbox channel or a messaging-app chat). */
  channel_id: string;
  /** The source message (the reader's own table), when there is one. */
  message_id: number | null;
  /** 1-based line of the message; NULL when the rejection is about the whole message. */
  line: number | null;
  status: 'accepted' | 'rejected';
  /** Rejection reason key (packages/robot `RejectionReason`); NULL when accepted. */
  reason: string | null;
  asset: string | null;
  direction: 'CALL' | 'PUT' | null;
  /** `HH:MM` as written in the channel's clock; NULL for an immediate signal. */
  signal_time: string | null;
  /** The signal time `T` (UTC); NULL for an immediate signal. */
  signal_at: EpochMs | null;
  timeframe_min: number | null;
  /** Gale levels the message or the channel card asks for; NULL = the strategy decides. */
  gales: number | null;
  /** Entry-timing type 4–9 (the card's 1–6 already mapped, ROBOT.md §9). */
  signal_type: number | null;
  /** The card's delay `d`, ms (may be negative). */
  delay_ms: number | null;
  /** The card's entry size and gale multiplier; NULL or 0 = the bot's global params. */
  lote: number | null;
  galefat: number | null;
  /** The card's broker; NULL or 0 = the bot's current broker. */
  broker_id: number | null;
  /** `signalKey` (channel, asset, direction, entry instant) of an accepted signal; unique per bot. */
  dedupe_key: string | null;
  received_at: EpochMs;
  parsed_at: EpochMs;
  decided_at: EpochMs | null;
  /**
   * The planned send instant of an accepted line (migration 0400); the line is a pending entry
   * until decided when due. NULL = planned by the runtime from the row.
   */
  entry_at: EpochMs | null;
  /** When the entry was cancelled (a channel's cancel post or the trader), and by what text. */
  cancelled_at: EpochMs | null;
  cancelled_by: string | null;
  decision: 'traded' | 'refused' | null;
  /** Why the runtime refused it (a `SignalIgnoredReason` or a decision key). */
  decision_reason: string | null;
}

/** The chats a bot chose (SPEC §3 "Chat list", sent): the reader follows these. */
export interface CopyRoomsTable {
  bot_id: number;
  /** A local inbox channel (`inbox-<n>`) or a messaging-app chat id. */
  chat_id: string;
  name: string;
  created_at: EpochMs;
}

/** One channel settings card (SPEC §3) per (bot, idNum); wire names in snake_case. */
export interface ChannelCardsTable {
  bot_id: number;
  id_num: string;
  name: string;
  chan_enable: DbBool;
  lote: number;
  galenum: number;
  galefat: number;
  wordfilter: string;
  /** Seconds (the card's decimal comma already read). */
  delaysig: number;
  /** The card's 1–6. */
  signaltype: number;
  oper_type: number;
  broker_id: number;
  ignore_words: string;
  timeframe: number;
  timezone: number;
  strategy_sel: number;
  traderid: string;
  send2trader: DbBool;
  tolarance: string;
  inverter: DbBool;
  /** The card's `botID`. */
  card_bot_id: string;
  updated_at: EpochMs;
  /** What the trader taught the channel: the card's `vocabulary` as JSON text, `''` for none. */
  vocabulary: ColumnType<string, string | undefined, string>;
}

/**
 * Doubtful messages of a channel, per room owner: the last chat message about one (at most one
 * per channel per 10 minutes) and how many came since without one.
 */
export interface ChannelDoubtsTable {
  bot_id: number;
  channel_id: string;
  /** When the chat was last told; 0 when never. */
  notified_at: EpochMs;
  /** The message that chat message was about. */
  message_id: number | null;
  /** Doubtful messages since `notified_at` that got no chat message. */
  unsent: number;
  last_at: EpochMs;
  last_message_id: number | null;
}

/** A local inbox channel of a bot; its `idNum` is `inbox-<id>`. */
export interface InboxChannelsTable {
  id: Generated<number>;
  bot_id: number;
  name: string;
  created_at: EpochMs;
}

/** A message a source handed to the reader, for the bot whose rooms it belongs to. */
export interface ReaderMessagesTable {
  id: Generated<number>;
  bot_id: number;
  channel_id: string;
  /** The source's own message id (Telegram), so a redelivered message is stored once. */
  source_id: string | null;
  text: string;
  received_at: EpochMs;
}

/**
 * A bot's messaging-app account: `code_sent` between /addphone and /authcode, then `connected`.
 * `session_enc` is the MTProto session string, lib/secrets.ts ciphertext bound to
 * `messaging_sessions:<bot_id>:session_enc`; never leaves the server.
 */
export interface MessagingSessionsTable {
  bot_id: number;
  phone: string;
  status: 'code_sent' | 'connected';
  session_enc: string | null;
  phone_code_hash: string | null;
  updated_at: EpochMs;
}

/** The chats of the connected messaging account, as last listed (`/updatechatlist`). */
export interface MessagingChatsTable {
  bot_id: number;
  chat_id: string;
  name: string;
}

/**
 * Per messaging-app account and chat: every message up to `last_message_id` (the app's own id)
 * is stored; a reconnection fetches the messages above it.
 */
export interface MessagingCursorsTable {
  bot_id: number;
  chat_id: string;
  last_message_id: number;
  updated_at: number;
}

/**
 * Where a bot started reading its room: it reads the `reader_messages` after this id (set when it
 * starts following; the room's own cursor is `reader_rooms`).
 */
export interface ReaderStateTable {
  bot_id: number;
  last_message_id: number;
  last_message_at: EpochMs | null;
  updated_at: EpochMs;
}

/** Per room owner, the last message fanned in to every reader of the room (migration 1750). */
export interface ReaderRoomsTable {
  owner_id: number;
  last_message_id: number;
  /** When that message reached the room (the reader status's "last message"). */
  last_message_at: EpochMs;
  updated_at: EpochMs;
}

/** Per partition of room owners (`owner % 64`), the message id up to which all is read. */
export interface ReaderPartitionsTable {
  partition: number;
  read_to: number;
}

/** Facts about the installation every process checks at start (migration 1100). */
export interface AppMetaTable {
  key: string;
  value: string;
  updated_at: EpochMs;
}

export interface Database {
  app_meta: AppMetaTable;
  accounts: AccountsTable;
  bots: BotsTable;
  sessions: SessionsTable;
  global_params: GlobalParamsTable;
  deriv_oauth_states: DerivOAuthStatesTable;
  masaniello_params: MasanielloParamsTable;
  cycle_params: CycleParamsTable;
  soros_params: SorosParamsTable;
  loss_recovery_params: LossRecoveryParamsTable;
  custom_cycle_rows: CustomCycleRowsTable;
  reader_params: ReaderParamsTable;
  broker_credentials: BrokerCredentialsTable;
  proxies: ProxiesTable;
  bot_commands: BotCommandsTable;
  reader_requests: ReaderRequestsTable;
  bot_sessions: BotSessionsTable;
  signals: SignalsTable;
  copy_rooms: CopyRoomsTable;
  channel_cards: ChannelCardsTable;
  channel_doubts: ChannelDoubtsTable;
  inbox_channels: InboxChannelsTable;
  reader_messages: ReaderMessagesTable;
  messaging_sessions: MessagingSessionsTable;
  messaging_chats: MessagingChatsTable;
  messaging_cursors: MessagingCursorsTable;
  reader_state: ReaderStateTable;
  reader_rooms: ReaderRoomsTable;
  reader_partitions: ReaderPartitionsTable;
  bot_events: BotEventsTable;
  orders: OrdersTable;
  paper_accounts: PaperAccountsTable;
  paper_orders: PaperOrdersTable;
  activity: ActivityTable;
  bot_leases: BotLeasesTable;
  robot_workers: RobotWorkersTable;
  robot_partitions: RobotPartitionsTable;
  auth_throttle: AuthThrottleTable;
  bot_verifications: BotVerificationsTable;
  copy_trader_settings: CopyTraderSettingsTable;
  meta_trader_records: MetaTraderRecordsTable;
  copy_follows: CopyFollowsTable;
  purchases: PurchasesTable;
  payment_notifications: PaymentNotificationsTable;
  copy_fanouts: CopyFanoutsTable;
  copy_skips: CopySkipsTable;
  removed_bot_expiries: RemovedBotExpiriesTable;
  tg_start_tokens: TgStartTokensTable;
  tg_chats: TgChatsTable;
  tg_bot_prefs: TgBotPrefsTable;
  tg_outbox: TgOutboxTable;
  tg_runtime: TgRuntimeTable;
  market_candles: MarketCandlesTable;
  market_ranges: MarketRangesTable;
  market_waits: MarketWaitsTable;
  tg_updates: TgUpdatesTable;
  signal_verdicts: SignalVerdictsTable;
  tg_chat_pace: TgChatPaceTable;
}

/** Migration 0020: counters of failed logins and registrations per key (modules/auth/throttle.ts). */
export interface AuthThrottleTable {
  key: string;
  count: number;
  at: EpochMs;
  blocked_until: EpochMs;
}

/** Migration 0021: the pending verification code of a bot (its SHA-256, never the code). */
export interface BotVerificationsTable {
  bot_id: number;
  code_hash: string;
  /** Wrong codes entered; at the limit the code is dead and a new one must be sent. */
  attempts: number;
  sent_at: EpochMs;
  expires_at: EpochMs;
}

/** Migration 0030: the trader side of copy trading (SPEC §3 "Trader info"), one row per bot. */
export interface CopyTraderSettingsTable {
  bot_id: number;
  copy_trader_en: DbBool;
  signal_type: number;
  /** Text as the screen sends it: with signal type 9 it carries a decimal comma ("1,5"). */
  delaysig: string;
  broker_id: number;
  candle_color: number;
  timeframe: number;
  pares_filter: string;
  stake_min: number;
  updated_at: EpochMs;
}

/** Migration 0030: a MetaCopy trader record (SPEC §3), one card of `/tradermetaconfig`. */
export interface MetaTraderRecordsTable {
  bot_id: number;
  traderid: string;
  trader_ena: DbBool;
  max_trades: number;
  signal_type: number;
  delaysig: number;
  broker_id: number;
  anticipation: number;
  updated_at: EpochMs;
}

/**
 * Migration 0030: one follow relationship per (product, follower bot, trader bot): a request while
 * `pending`, copies only when `accepted`; the follower's settings for that trader and the expiry the
 * trader sets (`exp_copy`, Unix seconds, 0 = none) on the same row.
 */
export interface CopyFollowsTable {
  id: Generated<number>;
  product: CopyProduct;
  follower_bot_id: number;
  trader_bot_id: number;
  state: FollowState;
  follower_name: string;
  exp_copy: Generated<number>;
  requested_at: EpochMs;
  decided_at: EpochMs | null;
  trader_ena: ColumnType<boolean | number, boolean | undefined, boolean>;
  acptdemo: ColumnType<boolean | number, boolean | undefined, boolean>;
  max_trades: Generated<number>;
  signal_type: Generated<number>;
  delaysig: Generated<number>;
  broker_id: Generated<number>;
  min_stake: Generated<number>;
  max_stake: Generated<number>;
  lote: Generated<number>;
  lote_type: Generated<number>;
  anticipation: Generated<number>;
  updated_at: EpochMs;
}

/** Migration 0040: a purchase of the robot; no CPF is stored. */
export interface PurchasesTable {
  /** Random 128-bit base64url: the id in links and `/paymentok?purchase=`. */
  id: string;
  account_id: number;
  /** The bot the buyer acted as (the screen's user id). */
  buyer_userid: string;
  /** JSON list of the covered bots' row ids. */
  bot_ids: unknown;
  subid: string;
  bots: number;
  days: number;
  currency: string;
  amount_cents: number;
  paymethod: string;
  provider: string;
  provider_ref: string | null;
  link: string | null;
  state: string;
  seller_id: string | null;
  created_at: EpochMs;
  paid_at: EpochMs | null;
  updated_at: EpochMs;
}

/** Migration 0040: each authentic provider notification, once per (provider, event id). */
export interface PaymentNotificationsTable {
  id: Generated<number>;
  provider: string;
  event_id: string;
  purchase_id: string | null;
  outcome: string;
  received_at: EpochMs;
}

/** Migration 0035: one fanned-out trader order per product, with the plan's counts. */
export interface CopyFanoutsTable {
  id: Generated<number>;
  trader_bot_id: number;
  trader_order_id: number;
  product: CopyProduct;
  asset: string;
  direction: 'CALL' | 'PUT';
  stake_cents: number;
  account_type: number;
  order_at: EpochMs;
  followers: number;
  planned: number;
  skipped: number;
  created_at: EpochMs;
}

/** Migration 0035: a follower the plan skipped for a fan-out, with the planner's reason. */
export interface CopySkipsTable {
  fanout_id: number;
  follower_bot_id: number;
  reason: string;
}

/** Migration 0045: the expiry of a removed bot, where its id starts again if re-created. */
export interface RemovedBotExpiriesTable {
  userid: string;
  /** Unix seconds, as `bots.botexp`. */
  botexp: number;
  removed_at: EpochMs;
}

/** Migration 0300: a one-time "Verificar no Telegram" token (its SHA-256) for one pending bot. */
export interface TgStartTokensTable {
  token_hash: string;
  bot_id: number;
  expires_at: EpochMs;
  used_at: EpochMs | null;
}

/** Migration 0300: a Telegram chat the operator's bot talks to. */
export interface TgChatsTable {
  chat_id: string;
  /** Set when sending answered 403 (the user blocked the bot); cleared when they write again. */
  unreachable_at: EpochMs | null;
  /** The language Telegram reported for the user (`language_code`). */
  language: string | null;
}

/** Migration 0300: a bot's notification preferences. */
export interface TgBotPrefsTable {
  bot_id: number;
  /** The trader's panel language (pt-BR, en-US, es-ES) for notification texts. */
  language: string;
  /** Comma-separated notification kinds switched off; empty = all on. */
  off_kinds: string;
}

/**
 * `waiting`: a code for a chat that cannot be written to yet (never started the bot, or blocked
 * it), queued again when that chat writes; `expired`: queued longer than a message is worth.
 */
export type TgOutboxStatus = 'queued' | 'sent' | 'unreachable' | 'failed' | 'waiting' | 'expired';

/** Migration 0300: the notification queue. */
export interface TgOutboxTable {
  id: Generated<number>;
  chat_id: string;
  kind: string;
  text: string;
  /** JSON of an inline keyboard, or NULL. */
  markup: string | null;
  status: TgOutboxStatus;
  created_at: EpochMs;
  sent_at: EpochMs | null;
  /** Migration 1200: 0 = an answer (code, command reply, edit), sent before 1 = notifications. */
  priority: ColumnType<number, number | undefined, number>;
  /** Migration 1200: the bot of a `code` row, the command of a `reply` row. */
  ref: number | null;
  /** Migration 1200: the chat message a sent reply became, or the one an `edit` row replaces. */
  message_id: number | null;
  /** Migration 1200: JSON the row's kind needs (a reply's language and title). */
  meta: string | null;
}

/** Migration 1200: an update already handled (Telegram may deliver one twice). */
export interface TgUpdatesTable {
  update_id: number;
  received_at: EpochMs;
}

/** Migration 1851: a chat's updates in its current one-second window, shared by every server. */
export interface TgChatPaceTable {
  key: string;
  window_at: EpochMs;
  hits: number;
}

/** Migration 0300: a named lease (`owner` until `expires_at`) or cursor (`value`). */
export interface TgRuntimeTable {
  name: string;
  owner: string | null;
  expires_at: EpochMs | null;
  value: number | null;
  /** Migration 1200: the receiver's state (JSON), on the lease row. */
  detail: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One minute of an asset's market from one source (migration 1600), shared by every user. */
export interface MarketCandlesTable {
  source: string;
  asset: string;
  /** Start of the minute as a whole-minute index (epoch ms / 60 000). */
  minute: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

/** A minute range a source answered for an asset (both ends included). */
export interface MarketRangesTable {
  source: string;
  asset: string;
  from_minute: number;
  to_minute: number;
  fetched_at: EpochMs;
}

/** A source that was down or rate-limited for an asset: not asked again before `retry_at`. */
export interface MarketWaitsTable {
  source: string;
  asset: string;
  reason: string;
  retry_at: EpochMs;
}

/** A signal's final result against the market (migration 1601), keyed by what decides it. */
export interface SignalVerdictsTable {
  key: string;
  result: 'win' | 'loss' | 'draw' | 'no_data';
  step: number | null;
  scored_at: EpochMs;
}
