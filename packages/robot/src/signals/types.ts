/** Side of a binary option, spelled like the broker's `OrderDirection`. */
export type SignalDirection = 'CALL' | 'PUT';

/** One tradeable signal read from a channel message. Instants are Unix ms (UTC). */
export interface Signal {
  /** Channel the message came from (the card's `idNum`). */
  channelId: string;
  /** Normalised asset: `EURUSD`, `EURUSD-OTC`, `BTCUSDT`, `AAPL-OTC`, `US500`. */
  asset: string;
  /** Side to trade, after the channel's invert setting. */
  direction: SignalDirection;
  /** `HH:MM` as written, in the channel's clock; `undefined` for an immediate signal. */
  time: string | undefined;
  /** The signal time `T` as a UTC instant; `undefined` for an immediate signal. */
  atMs: number | undefined;
  /** When the message was read (the `nowMs` given to `parseSignal`). */
  receivedAtMs: number;
  /** Expiry / candle length in minutes (message, else the channel default). */
  timeframeMin: number;
  /** Gale levels the message asks for; `undefined` when it says nothing (the strategy decides). */
  gales: number | undefined;
  /** 1-based line of the message where the signal's asset was read. */
  line: number;
}

/**
 * Why a message, or one line of it, did not become a signal:
 * - `empty`: blank message;
 * - `ignored`: an ignore word of the channel is present;
 * - `filtered`: the channel has a word filter and none of its words is present;
 * - `cancelled`: the message cancels a signal ("cancelado", "cancelled", "anulado"), or warns not
 *   to trade one it names or stands bare ("não entrem", "evitem EURUSD", "NO ENTRAR"); never
 *   traded, whatever else it names (whole message). Qualified advice that names no signal ("não
 *   entrem após 2 gales") is not a cancellation;
 * - `result_post`: a WIN / LOSS / DOJI / GAIN / ✅ / placar / scoreboard post (whole message, or
 *   one line of a list);
 * - `no_asset`: nothing that reads as an asset (noise, ads), or a time+direction line without one;
 * - `no_direction`: an asset without a direction;
 * - `direction_conflict`: the line names both sides: the word and the colour disagree
 *   (`CALL 🔴`), or both CALL and PUT are written;
 * - `invalid_time`: the signal's clock time is impossible (`25:10`, `12:75`);
 * - `no_time`: a signal without a clock time in a message that does not say to enter now
 *   ("agora", "now", "ahora", "entrar já");
 * - `too_late`: the signal time is past the tolerance, or its expiry has passed;
 * - `too_far`: the signal time is more than 9 h ahead;
 * - `duplicate`: same channel, asset, direction and entry instant as a signal already seen;
 * - `price_order`: a forex/spot order with exits at prices (`TP: 1.0850`, `Stop Loss: 0.179`),
 *   not a binary option; its "now" or "valid until 15:45" is no entry time (whole message);
 * - `doubtful`: the line reads as a signal but says something the reader cannot account for (a
 *   bare number, a word where a field stands, a label without its value): never traded with a
 *   default filling the gap; the tokens are in `ParseSignalResult.doubtful`.
 */
export type RejectionReason =
  | 'empty'
  | 'ignored'
  | 'filtered'
  | 'cancelled'
  | 'result_post'
  | 'no_asset'
  | 'no_direction'
  | 'direction_conflict'
  | 'invalid_time'
  | 'no_time'
  | 'too_late'
  | 'too_far'
  | 'duplicate'
  | 'price_order'
  | 'doubtful';

/** A rejected message (no `line`) or a rejected line of a message. */
export interface Rejection {
  reason: RejectionReason;
  /** 1-based line the rejection is about; absent when it is about the whole message. */
  line?: number;
  /** Asset of the rejected signal, when one was read. */
  asset?: string;
  /** `HH:MM` of the rejected signal, when one was read (as written when impossible: `25:10`). */
  time?: string;
}

/**
 * Why a token of a signal's line (or of a line feeding it) was not understood:
 * - `unexplainedNumber`: a bare number no field took (`EURUSD 14:30 CALL 5`: expiry? gales?);
 * - `unexplainedWord`: a word the lexicon does not know where a field stands (`ALTA`, `Tempo`'s
 *   neighbour), or on a line with a time and a side but no asset (an asset's unknown name);
 * - `labelWithoutValue`: a field's label whose value was not read (`Expiração:` then `cinco`);
 * - `contradiction`: one of two tokens that disagree (both sides, two entry times).
 */
export type DoubtReason =
  'unexplainedNumber' | 'unexplainedWord' | 'labelWithoutValue' | 'contradiction';

/** One token the reader could not account for, located in the original message text. */
export interface DoubtToken {
  /** The token as written in the message: `text === message.slice(start, end)`. */
  text: string;
  /** UTF-16 offsets into the original (unfolded) message text, end exclusive. */
  start: number;
  end: number;
  /** 1-based line of the message the token is on. */
  line: number;
  reason: DoubtReason;
}

/** A line that would be a signal (or feeds one) but holds tokens the reader cannot account for. */
export interface DoubtfulLine {
  /** 1-based line of the signal (its asset line); `tokens` may also sit on lines feeding it. */
  line: number;
  /** Asset read on the line, when one was. */
  asset?: string;
  /** `HH:MM` read for it, when one was. */
  time?: string;
  /** What was not understood, in message order (never empty). */
  tokens: DoubtToken[];
}

/** Everything `parseSignal` read from one message: the signals to trade and the rest, with reasons. */
export interface ParseSignalResult {
  signals: Signal[];
  rejected: Rejection[];
  /**
   * Lines with tokens the reader could not account for. A doubtful signal is not traded: it is in
   * `rejected` as `doubtful` (or under the reason that stopped it first, e.g. `no_direction` for an
   * unknown side word), and here with the tokens to highlight. Empty when all was understood.
   */
  doubtful: DoubtfulLine[];
}

/**
 * What a trader taught one channel (ROBOT.md §8, docs/trader.md "Teaching a channel"), applied to
 * that channel's messages before the generic lexicon. A `word` is matched like the card's word
 * lists: case- and accent-insensitive, as whole tokens (`ALTA` is not read inside `ALTAS`); it
 * may be a short phrase (`sem proteção`) or a symbol (`🔵`).
 * - `direction`: the word is that side (`ALTA` = CALL, `🔵` = PUT);
 * - `asset`: the word names that asset (`Ouro` = `XAUUSD`, `EU` = `EURUSD-OTC`), a normalised name;
 * - `gales`: with `value`, the word is that gale count (`SG` = 0); without, it labels the count
 *   that follows it (`Proteção: 2`, `Recuperação 1`);
 * - `expiry`: with `value`, the word is that expiry in minutes (`Turbo` = 1); without, it labels the
 *   minutes that follow it (`Tempo 5`, `Exp. 15`);
 * - `noise`: decoration to ignore (`VIP`, `🔥`, a signature), never a field nor a doubt;
 * - `cancel`: the message cancels its signal (`Furou`, `Anula`).
 * - `position`: a rule on the signal line's fields (see `VocabularyPosition`).
 */
export type VocabularyEntry =
  | { means: 'direction'; word: string; direction: SignalDirection }
  | { means: 'asset'; word: string; asset: string }
  | { means: 'gales'; word: string; value?: number }
  | { means: 'expiry'; word: string; value?: number }
  | { means: 'noise'; word: string }
  | { means: 'cancel'; word: string }
  | VocabularyPosition;

/**
 * "The last field is the expiry in minutes", "field 4 is the gale count": a bare number standing
 * at that field of a signal's line is read as `field`. The fields of a line are what it says
 * between decoration (emoji, flags, punctuation and separators): the asset, a clock time, a word
 * or number glued together (`M5`) each count as one field. `position` is 1-based from the start
 * (1 = first field), negative from the end (−1 = last field).
 */
export interface VocabularyPosition {
  means: 'position';
  field: 'expiry' | 'gales';
  position: number;
}

/** The entries a trader taught one channel, in the order taught; a plain JSON value. */
export type ChannelVocabulary = readonly VocabularyEntry[];

/** What `parseSignal` needs besides the text and the channel settings. */
export interface ParseSignalContext {
  /** The current instant, Unix ms: it picks the date of an `HH:MM` and judges lateness. */
  nowMs: number;
  /** Channel the message came from (the card's `idNum`). */
  channelId: string;
  /** Keys (see `signalKey`) of signals already taken: a repeat is rejected as `duplicate`. */
  seen?: ReadonlySet<string>;
}
