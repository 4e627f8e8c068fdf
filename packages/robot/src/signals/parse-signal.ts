/**
 * Channel message → signals (ROBOT.md §8). A message is read line by line; a line with an asset
 * starts a signal, the other lines are either details of that signal (a vertical template) or
 * message-wide defaults (a header or footer of a list).
 */
import type { ChannelSignalSettings } from './channel-settings.ts';
import { foldText } from './fold-text.ts';
import { scanTokens, type ClockTime, type LineScan } from './scan-line.ts';
import { zoneOffsetHours, type ZoneHint } from './time-zones.ts';
import { isBlank, tokenize, type Token } from './tokenize.ts';
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
  /** An impossible clock time (`25:10`) where the time should be: the signal is rejected. */
  invalidTime?: string;
  direction?: SignalDirection | 'conflict';
  timeframeMin?: number;
  galeCount?: number;
  galeLines: number;
  timezoneOffsetHours?: number;
  timezoneHint?: ZoneHint;
  /** The asset line lacked a time or a direction: the next lines complete it. */
  open: boolean;
  /** Header only: a "LISTA OTC" line makes every asset of the message OTC. */
  otc?: boolean;
}

// Every field present from the start, so all drafts share one shape (V8 keeps such objects fast).
const newDraft = (line: number): Draft => ({
  line,
  asset: undefined,
  time: undefined,
  invalidTime: undefined,
  direction: undefined,
  timeframeMin: undefined,
  galeCount: undefined,
  galeLines: 0,
  timezoneOffsetHours: undefined,
  timezoneHint: undefined,
  open: false,
  otc: false,
});

/** Fills what `into` lacks from `scan`'s options; never overwrites. */
function fillOptions(into: Draft, scan: LineScan): void {
  into.timeframeMin ??= scan.timeframeMin;
  into.galeCount ??= scan.galeCount;
  into.timezoneOffsetHours ??= scan.timezoneOffsetHours;
  into.timezoneHint ??= scan.timezoneHint;
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

// The channel's words folded once per settings list, not once per message.
const foldedWords = new WeakMap<readonly string[], readonly string[]>();

function containsAny(folded: string, words: readonly string[]): boolean {
  if (words.length === 0) return false;
  let list = foldedWords.get(words);
  if (list === undefined) {
    list = words.map((w) => foldText(w).trim()).filter((w) => w !== '');
    foldedWords.set(words, list);
  }
  for (const word of list) if (folded.includes(word)) return true;
  return false;
}

/** What the lines of one message said so far. */
interface MessageRead {
  /** Message-wide defaults: a list's header or footer. */
  header: Draft;
  drafts: Draft[];
  /** Signal drafts and rejected lines, in line order. */
  entries: (Draft | Rejection)[];
  resultLines: number;
  /** The signal the following lines may complete (a vertical template). */
  current: Draft | undefined;
  /** A line cancels a signal, or warns not to trade one it names. */
  cancels: boolean;
  /** A line warns not to trade without naming a signal: advice, unless the message has no signal. */
  warns: boolean;
  immediate: boolean;
  /** The first asset named anywhere, to say what a cancellation is about. */
  named: { asset: string; time: ClockTime | undefined } | undefined;
  /** The asset (and time) named on the first cancelling line, which beats `named`. */
  cancelNamed: { asset: string; time: ClockTime | undefined } | undefined;
  /** A line gives a price order's level (`TP: 1.0850`): a forex/spot order, not a binary option. */
  priceOrder: boolean;
}

// Tokens of the line being read, reused from line to line (parseSignal never re-enters).
const lineTokens: Token[] = [];

/** Reads each line of `text` (split at `\r\n`, `\r`, `\n`) into `read`. */
function readLines(text: string, read: MessageRead): void {
  let start = 0;
  let line = 1;
  const n = text.length;
  for (let i = 0; i <= n; i += 1) {
    const c = i < n ? text.charCodeAt(i) : 10;
    if (c !== 10 && c !== 13) continue;
    const contains = tokenize(text, start, i, lineTokens);
    readLine(read, scanTokens(lineTokens, contains), line);
    if (c === 13 && text.charCodeAt(i + 1) === 10) i += 1;
    start = i + 1;
    line += 1;
  }
}

/** Files one line: a result, a new signal, details of the current one, or message defaults. */
function readLine(read: MessageRead, scan: LineScan, line: number): void {
  const { header, current } = read;
  // "EUR/USD M5 OTC", "🇪🇺 EUR/USD 🇺🇸 OTC": an OTC anywhere on the asset's line is its market.
  if (scan.asset !== undefined && scan.mentionsOtc && !scan.asset.endsWith('-OTC')) {
    scan.asset = `${scan.asset}-OTC`;
  }
  // A warning cancels when it names a signal or stands bare ("NÃO ENTREM!"); qualified advice that
  // names none ("cuidado com notícias, não entrem após 2 gales") rides along with a list.
  const namesOne = scan.asset !== undefined || scan.times.length > 0 || scan.namesSignal;
  const cancelling = scan.cancels || (scan.warns && (namesOne || !scan.warnQualified));
  read.cancels ||= cancelling;
  read.priceOrder ||= scan.priceLevel;
  read.warns ||= scan.warns;
  if (cancelling && read.cancelNamed === undefined && scan.asset !== undefined) {
    read.cancelNamed = { asset: scan.asset, time: scan.times[0] };
  }
  if (read.named === undefined && scan.asset !== undefined) {
    read.named = { asset: scan.asset, time: scan.times[0] };
  }
  // Advice says nothing about the signals' options ("não entrem após 2 gales" is no gale count).
  if ((scan.warns || scan.cancels) && scan.asset === undefined) return;
  if (scan.isResult) {
    read.resultLines += 1;
    read.entries.push({ reason: 'result_post', line });
    return;
  }
  read.immediate ||= scan.immediate;
  const firstTime = scan.times[0];
  if (scan.asset !== undefined) {
    // Filled in place: an object spread here cost a third of the whole reading (V8 slow path).
    const draft = newDraft(line);
    draft.asset = scan.asset;
    draft.time = firstTime;
    draft.invalidTime = scan.invalidTime;
    draft.direction = scan.direction;
    draft.timeframeMin = scan.timeframeMin;
    draft.galeCount = scan.galeCount;
    draft.timezoneOffsetHours = scan.timezoneOffsetHours;
    draft.timezoneHint = scan.timezoneHint;
    draft.open =
      (firstTime === undefined && scan.invalidTime === undefined) || scan.direction === undefined;
    read.drafts.push(draft);
    read.entries.push(draft);
    read.current = draft;
    return;
  }
  const hasTime = firstTime !== undefined || scan.invalidTime !== undefined;
  // "1º GALE — TEMPO PARA 14:40": one more gale level for the signal above (or for all);
  // "G1: 14:35 | G2: 14:40", "Proteções: 14:35 e 14:40": one level per time on the line.
  if (scan.galeMentioned && hasTime) {
    const target = current ?? header;
    const levels = Math.max(1, scan.times.length);
    // "OP 2: 14:35" / "OP 3: 14:40": the operation's ordinal says the level (OP 3 is G2).
    target.galeLines =
      scan.galeStep === undefined
        ? Math.max(target.galeLines + levels, scan.galeOrdinal ?? scan.galeCount ?? 0)
        : Math.max(target.galeLines, scan.galeStep);
    if (firstTime === undefined) target.invalidTime ??= scan.invalidTime;
    return;
  }
  if (current?.open) {
    if (current.time === undefined && current.invalidTime === undefined) {
      current.time = firstTime;
      current.invalidTime = scan.invalidTime;
    }
    current.direction ??= scan.direction;
    fillOptions(current, scan);
    // A template's expiry or gale line often serves every signal of the message.
    fillOptions(header, scan);
    return;
  }
  if (current !== undefined && hasTime && scan.direction !== undefined) {
    read.entries.push({ reason: 'no_asset', line });
    return;
  }
  fillOptions(header, scan);
  if (current === undefined) {
    // Before the first asset: a time or side stated once for the whole message. A line with
    // several times ("das 09:00 às 12:00") is a range, not a signal time.
    if (scan.times.length === 1) header.time ??= firstTime;
    else if (scan.times.length === 0) header.invalidTime ??= scan.invalidTime;
    header.direction ??= scan.direction;
    header.otc ||= scan.mentionsOtc;
  }
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
  if (isBlank(folded)) return { signals, rejected: [{ reason: 'empty' }] };
  if (containsAny(folded, settings.ignoreWords)) {
    return { signals, rejected: [{ reason: 'ignored' }] };
  }
  if (settings.wordFilter.length > 0 && !containsAny(folded, settings.wordFilter)) {
    return { signals, rejected: [{ reason: 'filtered' }] };
  }

  const read: MessageRead = {
    header: newDraft(0),
    drafts: [],
    entries: [],
    resultLines: 0,
    current: undefined,
    cancels: false,
    warns: false,
    immediate: false,
    named: undefined,
    cancelNamed: undefined,
    priceOrder: false,
  };
  readLines(folded, read);
  const { header, drafts } = read;
  const named = read.cancelNamed ?? read.named;

  // Never trade on doubt: a post that cancels a signal, or warns and carries none, is no signal,
  // whatever else it names.
  if (read.cancels || (read.warns && drafts.length === 0)) {
    const rejection: Rejection = { reason: 'cancelled' };
    if (named !== undefined) {
      rejection.asset = named.asset;
      const clock = named.time ?? header.time;
      if (clock !== undefined) rejection.time = formatTime(clock);
    }
    return { signals, rejected: [rejection] };
  }
  // Trading a re-quoted signal under its WIN is worse than missing a signal posted beside a result.
  if (read.resultLines > 0 && drafts.length <= 1) {
    return { signals, rejected: [{ reason: 'result_post' }] };
  }
  // "Buy now 1.00380 / TP 1.00480 / SL 1.00030": a price order's "now" is no binary entry.
  if (read.priceOrder) return { signals, rejected: [{ reason: 'price_order' }] };
  if (drafts.length === 0) return { signals, rejected: [{ reason: 'no_asset' }] };

  const keys = new Set<string>();
  for (const entry of read.entries) {
    if ('reason' in entry) {
      rejected.push(entry);
      continue;
    }
    const outcome = toSignal(entry, header, read.immediate, settings, context, keys);
    if ('reason' in outcome) rejected.push(outcome);
    else signals.push(outcome);
  }
  return { signals, rejected };
}

/**
 * The UTC instant of `clock` in the message's clock: the signal's own offset or place, else the
 * message's, else the channel's. An explicit offset beats a place named in the same scope.
 */
function instantOf(
  clock: ClockTime,
  draft: Draft,
  header: Draft,
  settings: ChannelSignalSettings,
  nowMs: number,
): number {
  const zone =
    draft.timezoneOffsetHours ??
    draft.timezoneHint ??
    header.timezoneOffsetHours ??
    header.timezoneHint ??
    settings.timezoneOffsetHours;
  if (typeof zone === 'number') return signalInstantMs(clock, zone, nowMs);
  // The offset on the signal's date: read it at now, then again at the instant it gives, in
  // case a daylight-saving change falls between them.
  const offsetNow = zoneOffsetHours(zone, nowMs);
  const atMs = signalInstantMs(clock, offsetNow, nowMs);
  const offsetThen = zoneOffsetHours(zone, atMs);
  return offsetThen === offsetNow ? atMs : signalInstantMs(clock, offsetThen, nowMs);
}

function rejectLine(
  draft: Draft,
  asset: string,
  time: string | undefined,
  reason: Rejection['reason'],
): Rejection {
  const rejection: Rejection = { reason, line: draft.line, asset };
  if (time !== undefined) rejection.time = time;
  return rejection;
}

function toSignal(
  draft: Draft,
  header: Draft,
  immediate: boolean,
  settings: ChannelSignalSettings,
  context: ParseSignalContext,
  keys: Set<string>,
): Signal | Rejection {
  const asset =
    header.otc && draft.asset?.endsWith('-OTC') === false
      ? `${draft.asset}-OTC`
      : (draft.asset ?? '');
  const clock = draft.invalidTime === undefined ? (draft.time ?? header.time) : undefined;
  const invalidTime = draft.invalidTime ?? (clock === undefined ? header.invalidTime : undefined);
  const time = invalidTime ?? (clock && formatTime(clock));

  if (invalidTime !== undefined) return rejectLine(draft, asset, time, 'invalid_time');
  const side = draft.direction ?? header.direction;
  if (side === undefined || side === 'conflict')
    return rejectLine(draft, asset, time, 'no_direction');
  // Only an explicit "agora / now / ahora / entrar já" makes a signal without a time immediate.
  if (clock === undefined && !immediate) return rejectLine(draft, asset, time, 'no_time');

  const timeframeMin = draft.timeframeMin ?? header.timeframeMin ?? settings.defaultTimeframeMin;
  const galeLines = draft.galeLines || header.galeLines;
  const gales = draft.galeCount ?? (galeLines > 0 ? galeLines : header.galeCount);

  let atMs: number | undefined;
  if (clock !== undefined) {
    atMs = instantOf(clock, draft, header, settings, context.nowMs);
    const lateMs = context.nowMs - atMs;
    const expired = lateMs >= timeframeMin * MINUTE_MS;
    if (expired || (settings.toleranceSec > 0 && lateMs > settings.toleranceSec * 1000)) {
      return rejectLine(draft, asset, time, 'too_late');
    }
    if (-lateMs > MAX_LEAD_MS) return rejectLine(draft, asset, time, 'too_far');
  }

  const signal: Signal = {
    channelId: context.channelId,
    asset,
    direction: settings.invert ? opposite(side) : side,
    time: clock && formatTime(clock),
    atMs,
    receivedAtMs: context.nowMs,
    timeframeMin,
    gales,
    line: draft.line,
  };
  const key = signalKey(signal);
  if (keys.has(key) || context.seen?.has(key)) return rejectLine(draft, asset, time, 'duplicate');
  keys.add(key);
  return signal;
}
