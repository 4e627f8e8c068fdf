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
 * - `no_direction`: an asset without a direction (or with both CALL and PUT);
 * - `invalid_time`: the signal's clock time is impossible (`25:10`, `12:75`);
 * - `no_time`: a signal without a clock time in a message that does not say to enter now
 *   ("agora", "now", "ahora", "entrar já");
 * - `too_late`: the signal time is past the tolerance, or its expiry has passed;
 * - `too_far`: the signal time is more than 9 h ahead;
 * - `duplicate`: same channel, asset, direction and entry instant as a signal already seen;
 * - `price_order`: a forex/spot order with exits at prices (`TP: 1.0850`, `Stop Loss: 0.179`),
 *   not a binary option; its "now" or "valid until 15:45" is no entry time (whole message).
 */
export type RejectionReason =
  | 'empty'
  | 'ignored'
  | 'filtered'
  | 'cancelled'
  | 'result_post'
  | 'no_asset'
  | 'no_direction'
  | 'invalid_time'
  | 'no_time'
  | 'too_late'
  | 'too_far'
  | 'duplicate'
  | 'price_order';

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

/** Everything `parseSignal` read from one message: the signals to trade and the rest, with reasons. */
export interface ParseSignalResult {
  signals: Signal[];
  rejected: Rejection[];
}

/** What `parseSignal` needs besides the text and the channel settings. */
export interface ParseSignalContext {
  /** The current instant, Unix ms: it picks the date of an `HH:MM` and judges lateness. */
  nowMs: number;
  /** Channel the message came from (the card's `idNum`). */
  channelId: string;
  /** Keys (see `signalKey`) of signals already taken: a repeat is rejected as `duplicate`. */
  seen?: ReadonlySet<string>;
}
