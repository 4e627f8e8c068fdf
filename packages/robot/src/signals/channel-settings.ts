import type { ChannelVocabulary } from './types.ts';
import { checkVocabulary } from './vocabulary.ts';

/**
 * How a channel's messages are read (ROBOT.md §8). The wire card (SPEC §3) spells the fields
 * `wordfilter`, `delaysig`, `tolarance`…; inside the robot they get readable names, mapped here only.
 */

/** Signal-reading settings of one channel card. */
export interface ChannelSignalSettings {
  /** Accept a message only if one of these is present (empty = accept all); case/accent-insensitive. */
  wordFilter: readonly string[];
  /** Drop a message if any of these is present; case/accent-insensitive. */
  ignoreWords: readonly string[];
  /** Offset of the channel's clock from UTC in hours (Brasília = −3); a message may override it. */
  timezoneOffsetHours: number;
  /** Timeframe in minutes when the message does not give one. */
  defaultTimeframeMin: number;
  /** Delay `d` added to the send instant, in seconds (negative and fractional allowed). */
  delaySec: number;
  /** Trade the opposite side (CALL ⇄ PUT). */
  invert: boolean;
  /** Maximum lateness in seconds; 0 = any lateness while the expiry is still ahead. */
  toleranceSec: number;
  /**
   * What the trader taught this channel (see `ChannelVocabulary`): read before the generic
   * lexicon, for this channel's messages only. Absent or empty: the lexicon alone.
   */
  vocabulary?: ChannelVocabulary;
}

/** Settings of a card with nothing configured. */
export const DEFAULT_CHANNEL_SIGNAL_SETTINGS: ChannelSignalSettings = {
  wordFilter: [],
  ignoreWords: [],
  timezoneOffsetHours: 0,
  defaultTimeframeMin: 1,
  delaySec: 0,
  invert: false,
  toleranceSec: 0,
};

/** The wire fields of a channel card (SPEC §3) that drive signal reading; all optional. */
export interface ChannelCardSignalFields {
  wordfilter?: string;
  ignore?: string;
  timezone?: number;
  timeframe?: number;
  delaysig?: number | string;
  inverter?: boolean;
  tolarance?: string | number;
  /** The taught vocabulary as stored on the card (validated with `checkVocabulary` on save). */
  vocabulary?: unknown;
}

/**
 * Reads a number of seconds as traders type it, decimal comma allowed; `undefined` when it is not
 * a number: `parseSeconds('-1,5') === -1.5`, `parseSeconds(' 2 ') === 2`.
 */
export function parseSeconds(value: number | string | undefined): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (value === undefined) return undefined;
  const text = value.trim().replace(/^[−–]/, '-').replace(',', '.');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text)) return undefined;
  return Number(text);
}

/** Splits a `;`-separated word list, trimming and dropping empty entries: `'vip; ;Sinal'` → `['vip', 'Sinal']`. */
export function splitWordList(list: string | undefined): string[] {
  return (list ?? '')
    .split(';')
    .map((w) => w.trim())
    .filter((w) => w !== '');
}

/**
 * Maps a channel card's wire fields to {@link ChannelSignalSettings}; missing or unreadable fields
 * fall back to {@link DEFAULT_CHANNEL_SIGNAL_SETTINGS}. Example:
 * `channelSignalSettingsFromCard({ delaysig: '1,5', timezone: -3 }).delaySec === 1.5`.
 */
export function channelSignalSettingsFromCard(
  card: ChannelCardSignalFields,
): ChannelSignalSettings {
  const d = DEFAULT_CHANNEL_SIGNAL_SETTINGS;
  const timeframe = card.timeframe;
  const tolerance = parseSeconds(card.tolarance);
  const settings: ChannelSignalSettings = {
    wordFilter: splitWordList(card.wordfilter),
    ignoreWords: splitWordList(card.ignore),
    timezoneOffsetHours:
      card.timezone !== undefined && Number.isFinite(card.timezone)
        ? card.timezone
        : d.timezoneOffsetHours,
    // 0 on the card means "not set": the signal's own timeframe or the 1-minute default applies.
    defaultTimeframeMin:
      timeframe !== undefined && Number.isFinite(timeframe) && timeframe > 0
        ? timeframe
        : d.defaultTimeframeMin,
    delaySec: parseSeconds(card.delaysig) ?? d.delaySec,
    invert: card.inverter ?? d.invert,
    toleranceSec: tolerance !== undefined && tolerance > 0 ? tolerance : d.toleranceSec,
  };
  // A card saved before a limit tightened keeps the entries that still pass; never a throw here.
  if (card.vocabulary !== undefined && card.vocabulary !== null) {
    const checked = checkVocabulary(card.vocabulary);
    const vocabulary = checked.ok ? checked.vocabulary : checked.valid;
    if (vocabulary.length > 0) settings.vocabulary = vocabulary;
  }
  return settings;
}
