/**
 * What teaching a channel a word would change in what it already said: each stored message is
 * read as it arrived (its own `receivedAtMs` as now), once with the vocabulary before and once
 * after, and the two readings compared. Pure; the caller brings the messages.
 */
import type { ChannelSignalSettings } from './channel-settings.ts';
import { parseSignal } from './parse-signal.ts';
import type { ChannelVocabulary, Signal } from './types.ts';

/** A stored message of the channel. */
export interface StoredMessage {
  text: string;
  receivedAtMs: number;
}

/** The card's other settings, and how many examples of each kind to return. */
export interface VocabularyImpactContext {
  /** The channel's settings; their `vocabulary` is replaced by `before` / `after`. */
  settings: ChannelSignalSettings;
  channelId: string;
  /** Examples per kind (default 3). */
  examples?: number;
}

/** One signal as the comparison sees it: what would be traded. */
export interface ImpactSignal {
  line: number;
  asset: string;
  direction: Signal['direction'];
  time: string | undefined;
  timeframeMin: number;
  gales: number | undefined;
}

export type ImpactKind = 'newlyRead' | 'changed' | 'noLongerRead';

export interface ImpactExample {
  kind: ImpactKind;
  /** Index of the message in the list given. */
  index: number;
  text: string;
  receivedAtMs: number;
  before: ImpactSignal[];
  after: ImpactSignal[];
}

/**
 * Counts over the messages given: `newlyRead` traded nothing before and now trades; `changed`
 * traded before and now trades something else (another side, expiry, gale count, more or fewer
 * signals); `noLongerRead` traded before and now trades nothing (doubtful, cancelled, unread).
 */
export interface VocabularyImpact {
  messages: number;
  newlyRead: number;
  changed: number;
  noLongerRead: number;
  unchanged: number;
  /** A few of each kind, in message order. */
  examples: ImpactExample[];
}

function tradedSignals(
  message: StoredMessage,
  settings: ChannelSignalSettings,
  channelId: string,
): ImpactSignal[] {
  const { signals } = parseSignal(message.text, settings, {
    nowMs: message.receivedAtMs,
    channelId,
  });
  return signals.map((s) => ({
    line: s.line,
    asset: s.asset,
    direction: s.direction,
    time: s.time,
    timeframeMin: s.timeframeMin,
    gales: s.gales,
  }));
}

const sameSignals = (a: readonly ImpactSignal[], b: readonly ImpactSignal[]): boolean =>
  a.length === b.length && JSON.stringify(a) === JSON.stringify(b);

const withVocabulary = (
  settings: ChannelSignalSettings,
  vocabulary: ChannelVocabulary | undefined,
): ChannelSignalSettings => {
  const next: ChannelSignalSettings = { ...settings };
  if (vocabulary === undefined || vocabulary.length === 0) delete next.vocabulary;
  else next.vocabulary = vocabulary;
  return next;
};

/**
 * How many of `messages` a change of the channel's vocabulary from `before` to `after` alters,
 * and how. Example: teaching `ALTA` = CALL on a channel whose 40 stored messages write
 * `EURUSD 14:30 ALTA` → `{ messages: 40, newlyRead: 40, changed: 0, noLongerRead: 0, … }`.
 */
export function vocabularyImpact(
  messages: readonly StoredMessage[],
  before: ChannelVocabulary | undefined,
  after: ChannelVocabulary | undefined,
  ctx: VocabularyImpactContext,
): VocabularyImpact {
  const perKind = ctx.examples ?? 3;
  const settingsBefore = withVocabulary(ctx.settings, before);
  const settingsAfter = withVocabulary(ctx.settings, after);
  const impact: VocabularyImpact = {
    messages: messages.length,
    newlyRead: 0,
    changed: 0,
    noLongerRead: 0,
    unchanged: 0,
    examples: [],
  };
  messages.forEach((message, index) => {
    const was = tradedSignals(message, settingsBefore, ctx.channelId);
    const is = tradedSignals(message, settingsAfter, ctx.channelId);
    let kind: ImpactKind | undefined;
    if (was.length === 0 && is.length > 0) kind = 'newlyRead';
    else if (was.length > 0 && is.length === 0) kind = 'noLongerRead';
    else if (!sameSignals(was, is)) kind = 'changed';
    if (kind === undefined) {
      impact.unchanged += 1;
      return;
    }
    impact[kind] += 1;
    if (impact[kind] <= perKind) {
      const { text, receivedAtMs } = message;
      impact.examples.push({ kind, index, text, receivedAtMs, before: was, after: is });
    }
  });
  return impact;
}
