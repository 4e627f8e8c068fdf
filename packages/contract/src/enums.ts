/**
 * Every enumeration of SPEC §3, with the values the robot's wire format uses. Labels are not
 * here: the panel translates `enums.<name>.<value>` from its catalogues.
 */

/** Builds a readonly tuple of consecutive integers `from..to`. */
function range<const N extends number>(from: number, to: number): readonly N[] {
  return Array.from({ length: to - from + 1 }, (_, i) => (from + i) as N);
}

/**
 * Account type: `accType` on the wire and in the panel, `acc_type` in `global_params`,
 * `account_type` on the ledger's rows, `accountType` in the robot's config, `account` on a broker
 * request (docs/code-names.md). The only place its numbers are written: everything else says
 * `AccountType.demo` or asks {@link isReal}.
 */
export const ACCOUNT_TYPES = [1, 2, 3] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const AccountType = { demo: 1, real: 2, tournament: 3 } as const;

/**
 * Whether an account type moves real money. Takes what the tables return as well (a number, or a
 * numeric string from a raw PostgreSQL row, or null for a row without one): only Real is true.
 */
export function isReal(account: number | string | null | undefined): boolean {
  return Number(account) === AccountType.real;
}

/** Option type (optionType): 1 binary, 2 digital, 3 digital/binary, 4 blitz, 5 digital/blitz/binary, 6 binary/digital. */
export const OPTION_TYPES = [1, 2, 3, 4, 5, 6] as const;
export type OptionType = (typeof OPTION_TYPES)[number];

/** Entry type (loteType) of global params: 1 fixed value, 2 percentage. */
export const LOTE_TYPES = [1, 2] as const;
export type LoteType = (typeof LOTE_TYPES)[number];
export const LoteType = { fixed: 1, percent: 2 } as const;

/** Entry type of the follower copy card: 1 fixed entry, 2 copy lot (proportional to the trader). */
export const FOLLOWER_LOTE_TYPES = [1, 2] as const;
export type FollowerLoteType = (typeof FOLLOWER_LOTE_TYPES)[number];
export const FollowerLoteType = { fixed: 1, copyLot: 2 } as const;

/** Stop type: 1 fixed value, 2 percentage, 3 Diferencial1, 4 Diferencial2, 5 Quant. */
export const STOP_TYPES = [1, 2, 3, 4, 5] as const;
export type StopType = (typeof STOP_TYPES)[number];
export const StopType = { fixed: 1, percent: 2, diff1: 3, diff2: 4, quant: 5 } as const;

/**
 * Strategy (strategySel): 1 martingale, 2 masaniello, 3 cycles, 4 loss recovery, 5 custom,
 * 6 soros (its settings are `/savesoros`; SPEC has the screen but no selection).
 */
export const STRATEGIES = [1, 2, 3, 4, 5, 6] as const;
export type Strategy = (typeof STRATEGIES)[number];
export const Strategy = {
  martingale: 1,
  masaniello: 2,
  cycles: 3,
  lossRecovery: 4,
  custom: 5,
  soros: 6,
} as const;

/** The channel card's strategy: 0 none, then the first four strategies. */
export const CHANNEL_STRATEGIES = [0, 1, 2, 3, 4] as const;
export type ChannelStrategy = (typeof CHANNEL_STRATEGIES)[number];

/** Trader mode: 1 trader, 2 follower. */
export const TRADER_MODES = [1, 2] as const;
export type TraderMode = (typeof TRADER_MODES)[number];
export const TraderMode = { trader: 1, follower: 2 } as const;

/**
 * The one canonical broker list, 0–23. 0 is "all / none / default". SPEC notes one screen that
 * reads 7 as Mango; we do not repeat that defect (DESIGN §9): 7 is Avalon, 23 is Mango.
 */
export const BROKERS = {
  0: 'All',
  1: 'IQ Option',
  2: 'Deriv',
  3: 'DayProfit',
  4: 'Capital Bear',
  5: 'Quotex',
  6: 'Pocket Option',
  7: 'Avalon',
  8: 'Exnova',
  9: 'Binomo',
  10: 'Stockity',
  11: 'Binolla',
  12: 'Olymp 1',
  13: 'Olymp 2',
  14: 'Bullex',
  15: 'Optinary',
  16: 'Broker10',
  17: 'Pixtrade',
  18: 'Optgo',
  19: 'Polarium',
  20: 'HomeBroker',
  21: 'CasaTrader',
  22: 'AtriunBroker',
  23: 'Mango',
} as const;
export const BROKER_IDS = range<BrokerId>(0, 23);
export type BrokerId =
  | 0
  | 1
  | 2
  | 3
  | 4
  | 5
  | 6
  | 7
  | 8
  | 9
  | 10
  | 11
  | 12
  | 13
  | 14
  | 15
  | 16
  | 17
  | 18
  | 19
  | 20
  | 21
  | 22
  | 23;
export const Broker = {
  all: 0,
  iq: 1,
  deriv: 2,
  dayProfit: 3,
  capitalBear: 4,
  quotex: 5,
  pocket: 6,
  avalon: 7,
  exnova: 8,
  binomo: 9,
  stockity: 10,
  binolla: 11,
  olymp1: 12,
  olymp2: 13,
  bullex: 14,
  optinary: 15,
  broker10: 16,
  pixtrade: 17,
  optgo: 18,
  polarium: 19,
  homeBroker: 20,
  casaTrader: 21,
  atriunBroker: 22,
  mango: 23,
} as const;

/** Broker options of the trader screens: 0–14 (15 entries). */
export const TRADER_BROKER_OPTIONS = range<BrokerId>(0, 14);
/** Broker options of the follower MetaCopy card: 0–12 (13 entries). */
export const META_FOLLOWER_BROKER_OPTIONS = range<BrokerId>(0, 12);
/** Broker options of the follower copy card: the trader list plus 15–18. */
export const FOLLOWER_COPY_BROKER_OPTIONS = range<BrokerId>(0, 18);
/** Broker options of the channel card (brokerid 0–23). */
export const CHANNEL_BROKER_OPTIONS = BROKER_IDS;

/**
 * The broker-config screen's cards, in SPEC §2's order. `kind: 'token'` is Deriv's card (Token
 * Demo / Token Real); `trim: false` is OlympTrade, whose fields are sent untrimmed.
 */
export const BROKER_CONFIG_CARDS = [
  { broker: 1, name: 'IQ option', kind: 'login', trim: true },
  { broker: 5, name: 'Quotex', kind: 'login', trim: true },
  { broker: 6, name: 'Pocket Option', kind: 'login', trim: true },
  { broker: 8, name: 'Exnova', kind: 'login', trim: true },
  { broker: 2, name: 'Deriv', kind: 'token', trim: true },
  { broker: 11, name: 'Binolla', kind: 'login', trim: true },
  { broker: 9, name: 'Binomo', kind: 'login', trim: true },
  { broker: 10, name: 'Stockity', kind: 'login', trim: true },
  { broker: 12, name: 'OlympTrade', kind: 'login', trim: false },
  { broker: 14, name: 'Bullex', kind: 'login', trim: true },
  { broker: 4, name: 'Capital Bear', kind: 'login', trim: true },
  { broker: 3, name: 'DayProfit', kind: 'login', trim: true },
  { broker: 16, name: 'Broker10', kind: 'login', trim: true },
  { broker: 17, name: 'Pixtrade', kind: 'login', trim: true },
  { broker: 19, name: 'Polarium', kind: 'login', trim: true },
  { broker: 20, name: 'HomeBroker', kind: 'login', trim: true },
  { broker: 7, name: 'Avalon', kind: 'login', trim: true },
  { broker: 21, name: 'CasaTrader', kind: 'login', trim: true },
  { broker: 22, name: 'AtriunBroker', kind: 'login', trim: true },
  { broker: 23, name: 'Mango', kind: 'login', trim: true },
  { broker: 18, name: 'Optgo', kind: 'login', trim: true },
  { broker: 15, name: 'Optinary', kind: 'login', trim: true },
] as const satisfies readonly {
  broker: BrokerId;
  name: string;
  kind: 'login' | 'token';
  trim: boolean;
}[];

/**
 * Signal types (entry timing, ROBOT.md §9): 4 immediate previous, 5 immediate subsequent,
 * 6 immediate next candle, 7 end of candle, 8 full minute, 9 like 7/8 with a decimal-comma delay.
 */
export const SIGNAL_TYPES = [4, 5, 6, 7, 8, 9] as const;
export type SignalType = (typeof SIGNAL_TYPES)[number];
export const SignalType = {
  immediatePrevious: 4,
  immediateSubsequent: 5,
  immediateNextCandle: 6,
  endOfCandle: 7,
  fullMinute: 8,
  commaDelay: 9,
} as const;
export const DEFAULT_SIGNAL_TYPE: SignalType = 7;
/** Trader side, one reading: 4 to 8. */
export const TRADER_SIGNAL_TYPES = [4, 5, 6, 7, 8] as const;
/** Trader config screen (`/configtradercopy`): 4, 5, 6, 7 and 9. */
export const TRADER_CONFIG_SIGNAL_TYPES = [4, 5, 6, 7, 9] as const;
/** Follower copy card: only 7 and 8. */
export const FOLLOWER_COPY_SIGNAL_TYPES = [7, 8] as const;
/** MetaCopy cards: 4 to 8. */
export const META_SIGNAL_TYPES = [4, 5, 6, 7, 8] as const;

/** The channel card's signal types 1–6 and the timing each maps onto (ROBOT.md §9). */
export const CHANNEL_SIGNAL_TYPES = [1, 2, 3, 4, 5, 6] as const;
export type ChannelSignalType = (typeof CHANNEL_SIGNAL_TYPES)[number];
export const CHANNEL_SIGNAL_TYPE_TIMING: Record<ChannelSignalType, SignalType> = {
  1: 7,
  2: 8,
  3: 6,
  4: 4,
  5: 5,
  6: 9,
};

/** Operation type of a channel card (labels not given by SPEC). */
export const OPER_TYPES = [1, 2] as const;
export type OperType = (typeof OPER_TYPES)[number];

/** Candle colour filter: 0 disabled, 1 reversal, 2 trend. */
export const CANDLE_COLORS = [0, 1, 2] as const;
export type CandleColor = (typeof CANDLE_COLORS)[number];
export const CandleColor = { off: 0, reversal: 1, trend: 2 } as const;

/** Masaniello type: 1 normal, 2 progressive. */
export const MASANIELLO_TYPES = [1, 2] as const;
export type MasanielloType = (typeof MASANIELLO_TYPES)[number];
/** Masaniello mode: 1 single signal (multiple signals is not offered). */
export const MASANIELLO_MODES = [1] as const;
export type MasanielloMode = (typeof MASANIELLO_MODES)[number];

/** Loss-recovery factor codes 0–8 and the fraction of the bank each recovers per sequence. */
export const RECOVERY_FACTORS = [0, 1, 2, 3, 4, 5, 6, 7, 8] as const;
export type RecoveryFactor = (typeof RECOVERY_FACTORS)[number];
export const RECOVERY_FACTOR_PCT: Record<RecoveryFactor, number> = {
  0: 0,
  1: 100,
  2: 50,
  3: 40,
  4: 25,
  5: 20,
  6: 15,
  7: 10,
  8: 5,
};
/** Loss-recovery mode: 1 conservative, 2 moderate, 3 aggressive. */
export const RECOVERY_MODES = [1, 2, 3] as const;
export type RecoveryMode = (typeof RECOVERY_MODES)[number];

/** Bot command codes (botCmd) 1–16, by name. */
export const BOT_COMMANDS = {
  1: 'on',
  2: 'off',
  3: 'status',
  4: 'restart',
  5: 'score',
  6: 'info',
  7: 'galeprice',
  8: 'accountType',
  9: 'copyMode',
  10: 'zeroScore',
  11: 'zeroMasaniello',
  12: 'zeroCycle',
  13: 'zeroRecovery',
  14: 'updateBot',
  15: 'enableCopy',
  16: 'liquidity',
} as const;
export const BOT_COMMAND_CODES = range<BotCommandCode>(1, 16);
export type BotCommandCode = keyof typeof BOT_COMMANDS;
export type BotCommandName = (typeof BOT_COMMANDS)[BotCommandCode];

/** Bot type: virtual, or a messaging-app bot. */
export const BOT_TYPES = ['virtual', 'messaging'] as const;
export type BotType = (typeof BOT_TYPES)[number];

/** Languages of the panel; pt-BR is the fallback. */
export const LANGUAGES = ['pt-BR', 'en-US', 'es-ES'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'pt-BR';

/**
 * The language of ours a tag such as `pt`, `en-GB` or `es-MX` means (the same tag in any case,
 * else the first of ours with its base language), or null. The panel's detector and the server,
 * which picks the language of the login page it sends already rendered, map tags alike.
 */
export function supportedLanguage(tag: string): Language | null {
  const lower = tag.toLowerCase();
  const exact = LANGUAGES.find((lng) => lng.toLowerCase() === lower);
  if (exact) return exact;
  const base = lower.split('-')[0];
  return LANGUAGES.find((lng) => lng.toLowerCase().startsWith(`${base}-`)) ?? null;
}
