/**
 * Channel message → signals (ROBOT.md §8). A message is read line by line; a line with an asset
 * starts a signal, the other lines are either details of that signal (a vertical template) or
 * message-wide defaults (a header or footer of a list).
 */
import type { ChannelSignalSettings } from './channel-settings.ts';
import { foldText } from './fold-text.ts';
import { scanLine, type ClockTime, type LineScan } from './scan-line.ts';
import type {
  ParseSignalContext,
  ParseSignalResult,
  Rejection,
  Signal,
  SignalDirection,
} from './types.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** Lines further ahead than this are ignored (ROBOT.md §8). */
export const MAX_LEAD_MS = 9 * HOUR_MS;

/** What the lines say about one signal, or (for the header) about every signal of the message. */
interface Draft {
  line: number;
  asset?: string;
  time?: ClockTime;
  direction?: SignalDirection | 'conflict';
  timeframeMin?: number;
  galeCount?: number;
  galeLines: number;
  timezoneOffsetHours?: number;
  /** The asset line lacked a time or a direction: the next lines complete it. */
  open: boolean;
  /** Header only: a "LISTA OTC" line makes every asset of the message OTC. */
  otc?: boolean;
}

const newDraft = (line: number): Draft => ({ line, galeLines: 0, open: false });

/** Fills what `into` lacks from `scan`'s options; never overwrites. */
function fillOptions(into: Draft, scan: LineScan): void {
  into.timeframeMin ??= scan.timeframeMin;
  into.galeCount ??= scan.galeCount;
  into.timezoneOffsetHours ??= scan.timezoneOffsetHours;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');
const formatTime = (t: ClockTime): string => `${pad2(t.hour)}:${pad2(t.minute)}`;
const opposite = (d: SignalDirection): SignalDirection => (d === 'CALL' ? 'PUT' : 'CALL');

/**
 * The UTC instant of `time` in a clock `offsetHours` from UTC, on the day that puts it nearest to
 * `nowMs` (within ±12 h), so 23:58 read at 00:01 is two minutes late, not a day ahead:
 * `signalInstantMs({hour: 22, minute: 30}, -3, Date.parse('2025-05-13T01:00Z'))` → 01:30Z.
 */
export function signalInstantMs(time: ClockTime, offsetHours: number, nowMs: number): number {
  const offsetMs = Math.round(offsetHours * HOUR_MS);
  const localDayStart = Math.floor((nowMs + offsetMs) / DAY_MS) * DAY_MS;
  let atMs = localDayStart + (time.hour * 60 + time.minute) * MINUTE_MS - offsetMs;
  if (atMs - nowMs > DAY_MS / 2) atMs -= DAY_MS;
  if (nowMs - atMs >= DAY_MS / 2) atMs += DAY_MS;
  return atMs;
}

/**
 * The dedupe key of a signal: channel, asset, direction and entry instant (an immediate signal's
 * instant is the minute it was read): `signalKey(s) === 'chan|EURUSD|CALL|1747060200000'`.
 */
export function signalKey(signal: Signal): string {
  const instantMs = signal.atMs ?? Math.floor(signal.receivedAtMs / MINUTE_MS) * MINUTE_MS;
  return `${signal.channelId}|${signal.asset}|${signal.direction}|${instantMs}`;
}

function containsAny(folded: string, words: readonly string[]): boolean {
  return words.some((w) => {
    const f = foldText(w).trim();
    return f !== '' && folded.includes(f);
  });
}

/**
 * Reads a channel message into signals plus rejections with reasons; never throws. Example:
 * `parseSignal('EUR/USD;14:30;PUT 🟥', settings, { nowMs, channelId: 'c1' }).signals[0]`
 * → `{ asset: 'EURUSD', direction: 'PUT', time: '14:30', atMs: <14:30 in the channel clock>, … }`.
 */
export function parseSignal(
  text: string,
  settings: ChannelSignalSettings,
  context: ParseSignalContext,
): ParseSignalResult {
  const signals: Signal[] = [];
  const rejected: Rejection[] = [];
  const folded = foldText(text);
  if (folded.trim() === '') return { signals, rejected: [{ reason: 'empty' }] };
  if (containsAny(folded, settings.ignoreWords)) {
    return { signals, rejected: [{ reason: 'ignored' }] };
  }
  if (settings.wordFilter.length > 0 && !containsAny(folded, settings.wordFilter)) {
    return { signals, rejected: [{ reason: 'filtered' }] };
  }

  const header = newDraft(0);
  const drafts: Draft[] = [];
  const resultLines: number[] = [];
  const orphanLines: number[] = [];
  let current: Draft | undefined;

  folded.split(/\r\n|\r|\n/).forEach((lineText, i) => {
    const line = i + 1;
    const scan = scanLine(lineText);
    if (scan.isResult) {
      resultLines.push(line);
      return;
    }
    const [firstTime] = scan.times;
    if (scan.asset !== undefined) {
      current = {
        ...newDraft(line),
        asset: scan.asset,
        time: firstTime,
        direction: scan.direction,
        timeframeMin: scan.timeframeMin,
        galeCount: scan.galeCount,
        timezoneOffsetHours: scan.timezoneOffsetHours,
      };
      current.open = current.time === undefined || current.direction === undefined;
      drafts.push(current);
      return;
    }
    // "1º GALE — TEMPO PARA 14:40": one more gale level for the signal above (or for all).
    if (scan.galeMentioned && firstTime !== undefined) {
      const target = current ?? header;
      target.galeLines = Math.max(target.galeLines + 1, scan.galeOrdinal ?? scan.galeCount ?? 0);
      return;
    }
    if (current?.open) {
      current.time ??= firstTime;
      current.direction ??= scan.direction;
      fillOptions(current, scan);
      // A template's expiry or gale line often serves every signal of the message.
      fillOptions(header, scan);
      return;
    }
    if (current !== undefined && firstTime !== undefined && scan.direction !== undefined) {
      orphanLines.push(line);
      return;
    }
    fillOptions(header, scan);
    if (current === undefined) {
      // Before the first asset: a time or side stated once for the whole message. A line with
      // several times ("das 09:00 às 12:00") is a range, not a signal time.
      if (scan.times.length === 1) header.time ??= firstTime;
      header.direction ??= scan.direction;
      header.otc ||= scan.mentionsOtc;
    }
  });

  // Trading a re-quoted signal under its WIN is worse than missing a signal posted beside a result.
  if (resultLines.length > 0 && drafts.length <= 1) {
    return { signals, rejected: [{ reason: 'result_post' }] };
  }
  if (drafts.length === 0) return { signals, rejected: [{ reason: 'no_asset' }] };

  const byLine: { line: number; rejection?: Rejection; signal?: Signal }[] = [
    ...resultLines.map((line) => ({ line, rejection: { reason: 'result_post' as const, line } })),
    ...orphanLines.map((line) => ({ line, rejection: { reason: 'no_asset' as const, line } })),
  ];
  const keys = new Set<string>();
  for (const draft of drafts) {
    const outcome = toSignal(draft, header, settings, context, keys);
    byLine.push({ line: draft.line, ...outcome });
  }
  byLine.sort((a, b) => a.line - b.line);
  for (const entry of byLine) {
    if (entry.signal) signals.push(entry.signal);
    if (entry.rejection) rejected.push(entry.rejection);
  }
  return { signals, rejected };
}

function toSignal(
  draft: Draft,
  header: Draft,
  settings: ChannelSignalSettings,
  context: ParseSignalContext,
  keys: Set<string>,
): { signal: Signal } | { rejection: Rejection } {
  const asset =
    header.otc && draft.asset?.endsWith('-OTC') === false
      ? `${draft.asset}-OTC`
      : (draft.asset ?? '');
  const clock = draft.time ?? header.time;
  const time = clock && formatTime(clock);
  const reject = (reason: Rejection['reason']): { rejection: Rejection } => ({
    rejection: { reason, line: draft.line, asset, ...(time !== undefined && { time }) },
  });

  const side = draft.direction ?? header.direction;
  if (side === undefined || side === 'conflict') return reject('no_direction');

  const timeframeMin = draft.timeframeMin ?? header.timeframeMin ?? settings.defaultTimeframeMin;
  const galeLines = draft.galeLines || header.galeLines;
  const gales = draft.galeCount ?? (galeLines > 0 ? galeLines : header.galeCount);

  let atMs: number | undefined;
  if (clock !== undefined) {
    const offset =
      draft.timezoneOffsetHours ?? header.timezoneOffsetHours ?? settings.timezoneOffsetHours;
    atMs = signalInstantMs(clock, offset, context.nowMs);
    const lateMs = context.nowMs - atMs;
    const expired = lateMs >= timeframeMin * MINUTE_MS;
    if (expired || (settings.toleranceSec > 0 && lateMs > settings.toleranceSec * 1000)) {
      return reject('too_late');
    }
    if (-lateMs > MAX_LEAD_MS) return reject('too_far');
  }

  const signal: Signal = {
    channelId: context.channelId,
    asset,
    direction: settings.invert ? opposite(side) : side,
    time,
    atMs,
    receivedAtMs: context.nowMs,
    timeframeMin,
    gales,
    line: draft.line,
  };
  const key = signalKey(signal);
  if (keys.has(key) || context.seen?.has(key)) return reject('duplicate');
  keys.add(key);
  return { signal };
}
