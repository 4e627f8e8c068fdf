/**
 * Scores `parseSignal` against the corpus (see README.md here): what it read from each message
 * against what a trader reads in it. Signal-level precision and recall, plus the share of
 * messages read exactly as the trader reads them.
 */
import {
  DEFAULT_CHANNEL_SIGNAL_SETTINGS,
  type ChannelSignalSettings,
} from '../channel-settings.ts';
import { parseSignal } from '../parse-signal.ts';
import type { ParseSignalResult, Signal } from '../types.ts';

/** A signal as a trader reads it; absent fields are not checked. */
export interface ExpectedSignal {
  asset: string;
  direction: Signal['direction'];
  /** `HH:MM` as written; absent for an immediate signal. */
  time?: string;
  /** ISO instant, checked when the message's time zone is the point of the case. */
  at?: string;
  timeframeMin?: number;
  gales?: number;
}

export interface CorpusMessage {
  id: string;
  format: string;
  source: string;
  lang: 'pt' | 'es' | 'en';
  market: string;
  kind: string;
  now: string;
  settings: Partial<ChannelSignalSettings>;
  text: string;
  expected: {
    /** `signal`: trade `signals`; `result`, `cancel`, `not_signal`: trade nothing. */
    verdict: 'signal' | 'result' | 'cancel' | 'not_signal';
    signals: ExpectedSignal[];
    /** What a cancellation is about. */
    cancels?: { asset: string; time?: string };
  };
}

/**
 * What a message would become, the figure that matters first:
 * - `right`: read exactly as the trader reads it;
 * - `wrong`: the robot would place an order the trader would not (a signal not in the message,
 *   or one whose asset, side, entry time, expiry or gale count differs from the trader's reading);
 * - `doubtful`: nothing wrong traded, something missed, and the reader said it was in doubt;
 * - `unread`: nothing wrong traded, something missed (or the verdict missed), without a doubt.
 */
export type MessageOutcome = 'right' | 'wrong' | 'doubtful' | 'unread';

export interface MessageScore {
  id: string;
  outcome: MessageOutcome;
  /** Read exactly as the trader reads it: every expected signal, nothing else, the right verdict. */
  exact: boolean;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  /** Signals read with the right asset, side and entry instant (expiry and gales not checked). */
  entryTruePositives: number;
  read: ParseSignalResult;
}

export interface CorpusScore {
  messages: number;
  exact: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  /** Correct signals among those the parser would trade. */
  precision: number;
  /** Expected signals the parser read correctly. */
  recall: number;
  /** Precision counting only asset, side and entry instant (expiry and gale count not checked). */
  entryPrecision: number;
  /** Cancellation posts recognised as cancelling the signal they name. */
  cancelsFound: number;
  cancelsExpected: number;
  /** Messages the parser called a cancellation that are not one (e.g. advice in a list header). */
  falseCancels: number;
  /** Messages by outcome (see `MessageOutcome`); `right` equals `exact`. */
  wrong: number;
  doubtful: number;
  unread: number;
  perMessage: MessageScore[];
}

const isoSeconds = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');

/** Asset, side and entry instant: the order would go to the right place at the right time. */
function matchesEntry(read: Signal, want: ExpectedSignal): boolean {
  if (read.asset !== want.asset || read.direction !== want.direction) return false;
  if (read.time !== want.time) return false;
  return want.at === undefined || (read.atMs !== undefined && isoSeconds(read.atMs) === want.at);
}

function matches(read: Signal, want: ExpectedSignal): boolean {
  if (!matchesEntry(read, want)) return false;
  if (want.timeframeMin !== undefined && read.timeframeMin !== want.timeframeMin) return false;
  if (want.gales !== undefined && read.gales !== want.gales) return false;
  return true;
}

/** Reads one corpus message and compares it with the trader's reading. */
export function scoreMessage(message: CorpusMessage): MessageScore {
  const settings = { ...DEFAULT_CHANNEL_SIGNAL_SETTINGS, ...message.settings };
  const read = parseSignal(message.text, settings, {
    nowMs: Date.parse(message.now),
    channelId: 'corpus',
  });
  const left = [...message.expected.signals];
  let truePositives = 0;
  let falsePositives = 0;
  for (const signal of read.signals) {
    const k = left.findIndex((want) => matches(signal, want));
    if (k >= 0) {
      truePositives += 1;
      left.splice(k, 1);
    } else {
      falsePositives += 1;
    }
  }
  const falseNegatives = left.length;
  const wanted = [...message.expected.signals];
  let entryTruePositives = 0;
  for (const signal of read.signals) {
    const k = wanted.findIndex((want) => matchesEntry(signal, want));
    if (k >= 0) {
      entryTruePositives += 1;
      wanted.splice(k, 1);
    }
  }
  let verdictOk = true;
  const { verdict, cancels } = message.expected;
  const cancelled = read.rejected.find((r) => r.reason === 'cancelled' && r.line === undefined);
  if (verdict === 'cancel') {
    verdictOk =
      cancelled !== undefined &&
      (cancels === undefined ||
        (cancelled.asset === cancels.asset &&
          (cancels.time === undefined || cancelled.time === cancels.time)));
  } else if (cancelled !== undefined) {
    verdictOk = false;
  }
  if (verdict === 'result') verdictOk &&= read.rejected.some((r) => r.reason === 'result_post');
  const exact = verdictOk && falsePositives === 0 && falseNegatives === 0;
  const doubted = read.doubtful.length > 0 || read.rejected.some((r) => r.reason === 'doubtful');
  const outcome: MessageOutcome = exact
    ? 'right'
    : falsePositives > 0
      ? 'wrong'
      : doubted
        ? 'doubtful'
        : 'unread';
  return {
    id: message.id,
    outcome,
    exact,
    truePositives,
    falsePositives,
    falseNegatives,
    entryTruePositives,
    read,
  };
}

/** Scores every message of a split. */
export function scoreCorpus(messages: readonly CorpusMessage[]): CorpusScore {
  const perMessage = messages.map(scoreMessage);
  const sum = (f: (s: MessageScore) => number): number =>
    perMessage.reduce((total, s) => total + f(s), 0);
  const truePositives = sum((s) => s.truePositives);
  const falsePositives = sum((s) => s.falsePositives);
  const falseNegatives = sum((s) => s.falseNegatives);
  const cancelMessages = messages.filter((m) => m.expected.verdict === 'cancel');
  const isCancelled = (s: MessageScore): boolean =>
    s.read.rejected.some((r) => r.reason === 'cancelled' && r.line === undefined);
  return {
    messages: messages.length,
    exact: sum((s) => (s.exact ? 1 : 0)),
    truePositives,
    falsePositives,
    falseNegatives,
    precision: truePositives / Math.max(1, truePositives + falsePositives),
    recall: truePositives / Math.max(1, truePositives + falseNegatives),
    entryPrecision: sum((s) => s.entryTruePositives) / Math.max(1, truePositives + falsePositives),
    cancelsFound: perMessage.filter((s, k) => messages[k]?.expected.verdict === 'cancel' && s.exact)
      .length,
    cancelsExpected: cancelMessages.length,
    falseCancels: perMessage.filter(
      (s, k) => messages[k]?.expected.verdict !== 'cancel' && isCancelled(s),
    ).length,
    wrong: sum((s) => (s.outcome === 'wrong' ? 1 : 0)),
    doubtful: sum((s) => (s.outcome === 'doubtful' ? 1 : 0)),
    unread: sum((s) => (s.outcome === 'unread' ? 1 : 0)),
    perMessage,
  };
}
