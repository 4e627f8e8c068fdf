/**
 * A message's drafts → signals or rejections (ROBOT.md §8): the entry instant in the message's
 * clock, lateness, the defaults that fill what the message does not say, and the doubt that
 * stops a default from filling a field the message does say something about.
 */
import type { Candidate } from './account.ts';
import type { ChannelSignalSettings } from './channel-settings.ts';
import { formatTime, type Draft, type MessageRead } from './draft.ts';
import type { PendingDoubt } from './doubt.ts';
import type { ClockTime } from './scan-line.ts';
import { zoneOffsetHours } from './time-zones.ts';
import type { ParseSignalContext, Rejection, Signal, SignalDirection } from './types.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** Lines further ahead than this are ignored (ROBOT.md §8). */
export const MAX_LEAD_MS = 9 * HOUR_MS;

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

/** `Entrada 14:30 … Expira às 14:35` → 5: the minutes from the entry to the stated end. */
function untilEnd(entry: ClockTime | undefined, end: ClockTime | undefined): number | undefined {
  if (entry === undefined || end === undefined) return undefined;
  const minutes = (end.hour * 60 + end.minute - entry.hour * 60 - entry.minute + 1440) % 1440;
  return minutes >= 1 && minutes <= 240 ? minutes : undefined;
}

/** A number a signal's expiry could be (minutes), or its gale count. */
const couldBeExpiry = (v: number): boolean => v >= 1 && v <= 240;
const couldBeGales = (v: number): boolean => v >= 0 && v <= 10;

/**
 * The unexplained tokens of the lines that make `draft` (its own, those that fed it, the
 * header's) that leave a field to a default: a number that could be the expiry when the expiry
 * is the card's default, or the gale count when the message states none; a label without value
 * for such a field; a word standing as a field of a delimited line; a second entry time.
 * `all` keeps every unexplained token of those lines (for a signal rejected for another reason).
 */
function doubtsOf(
  draft: Draft,
  read: MessageRead,
  expiryDefaulted: boolean,
  galesUnstated: boolean,
  all: boolean,
): PendingDoubt['tokens'] {
  const found: PendingDoubt['tokens'] = [];
  const candidates = read.candidates;
  if (candidates === undefined) return found;
  // Bits of what is left to a default, so the line visits need no closure (tsx wraps each).
  const open = (all ? ALL : 0) | (expiryDefaulted ? EXPIRY : 0) | (galesUnstated ? GALES : 0);
  visitLine(candidates, draft.line, true, open, found);
  for (const line of draft.fedBy) visitLine(candidates, line, false, open, found);
  if (draft.line !== 0) {
    for (const line of read.header.fedBy) visitLine(candidates, line, false, open, found);
  }
  return found;
}
const ALL = 1;
const EXPIRY = 2;
const GALES = 4;

/** Adds to `found` the candidates of `line` that leave an `open` field to a default. */
function visitLine(
  candidates: ReadonlyMap<number, readonly Candidate[]>,
  line: number,
  own: boolean,
  open: number,
  found: PendingDoubt['tokens'],
): void {
  const list = candidates.get(line);
  if (list === undefined) return;
  const expiry = (open & EXPIRY) !== 0;
  const gales = (open & GALES) !== 0;
  for (const candidate of list) {
    const { kind, value } = candidate;
    const relevant =
      (open & ALL) !== 0 ||
      (kind === 'time' && own) ||
      kind === 'extraTime' ||
      (kind === 'number' && ((expiry && couldBeExpiry(value)) || (gales && couldBeGales(value)))) ||
      (kind === 'expiryLabel' && expiry) ||
      (kind === 'galeLabel' && gales) ||
      (kind === 'fieldWord' && (expiry || gales));
    if (relevant && (own || kind !== 'time')) found.push({ candidate, line });
  }
}

/** Records the unexplained words of a line with a time or a side but no asset (for teaching). */
export function orphanDoubt(read: MessageRead, line: number, pending: PendingDoubt[]): void {
  const tokens = (read.candidates?.get(line) ?? [])
    .filter((c) => c.kind === 'word' || c.kind === 'fieldWord')
    .map((candidate) => ({ candidate, line }));
  if (tokens.length > 0) pending.push({ line, asset: undefined, time: undefined, tokens });
}

/** Rejects `draft` for `reason`, recording its unexplained tokens when it has some. */
function rejectWithDoubts(
  draft: Draft,
  read: MessageRead,
  asset: string,
  time: string | undefined,
  reason: Rejection['reason'],
  pending: PendingDoubt[],
): Rejection {
  const tokens = doubtsOf(draft, read, false, false, true);
  if (tokens.length > 0) pending.push({ line: draft.line, asset, time, tokens });
  return rejectLine(draft, asset, time, reason);
}

/** One draft of the message → its signal, or the reason it is not traded. */
export function toSignal(
  draft: Draft,
  read: MessageRead,
  settings: ChannelSignalSettings,
  context: ParseSignalContext,
  keys: Set<string>,
  pending: PendingDoubt[],
): Signal | Rejection {
  const { header } = read;
  const asset =
    header.otc && draft.asset?.endsWith('-OTC') === false
      ? `${draft.asset}-OTC`
      : (draft.asset ?? '');
  const clock = draft.invalidTime === undefined ? (draft.time ?? header.time) : undefined;
  const invalidTime = draft.invalidTime ?? (clock === undefined ? header.invalidTime : undefined);
  const time = invalidTime ?? (clock && formatTime(clock));

  if (invalidTime !== undefined) return rejectLine(draft, asset, time, 'invalid_time');
  const side = draft.direction ?? header.direction;
  if (side === undefined || side === 'conflict') {
    // "CALL 🔴": a direction was read, two of them; the trader is told so, not "no direction".
    const reason = side === 'conflict' ? 'direction_conflict' : 'no_direction';
    return rejectWithDoubts(draft, read, asset, time, reason, pending);
  }
  // Only an explicit "agora / now / ahora / entrar já" makes a signal without a time immediate.
  if (clock === undefined && !read.immediate) {
    return rejectWithDoubts(draft, read, asset, time, 'no_time', pending);
  }

  const stated =
    draft.timeframeMin ??
    header.timeframeMin ??
    untilEnd(clock, draft.expiryEnd ?? header.expiryEnd);
  const timeframeMin = stated ?? settings.defaultTimeframeMin;
  const galeLines = draft.galeLines || header.galeLines;
  const gales = draft.galeCount ?? (galeLines > 0 ? galeLines : header.galeCount);

  // Never let a default fill a field the message says something about that was not understood.
  const doubts = doubtsOf(draft, read, stated === undefined, gales === undefined, false);
  if (doubts.length > 0) {
    pending.push({ line: draft.line, asset, time, tokens: doubts });
    return rejectLine(draft, asset, time, 'doubtful');
  }

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
