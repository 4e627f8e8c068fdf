import type { SignalRead } from '@app/contract';
import {
  channelPlanOf,
  channelSignalSettingsFromCard,
  parseSignal,
  planEntry,
  signalKey,
  timingOfChannelType,
  type DoubtfulLine,
  type Rejection,
  type Signal,
} from '@app/robot';
import type { Insertable } from 'kysely';
import type { SignalsTable } from '../db/schema.ts';
import { LATE_TOLERANCE_MS, sendDeadline } from '../robot/ledger/broker-call.ts';
import type { ChannelCard } from './cards.ts';

const MINUTE_MS = 60_000;

/** What reading one message needs besides its text. */
export interface ReadContext {
  botId: number;
  channelId: string;
  /** The reader's clock now: dates `HH:MM` and judges lateness. */
  nowMs: number;
  /** When the source handed the message over. */
  receivedAtMs: number;
  messageId: number | null;
  /** Dedupe keys of the bot's signals already taken. */
  seen: ReadonlySet<string>;
  /** The trader's clock (hours from UTC) for the `HH:MM` the panel shows. */
  traderTimezone: number;
}

/** One read line: what the panel shows, and the `signals` row the reader writes for it. */
export interface ReadLine {
  read: SignalRead;
  row: Insertable<SignalsTable>;
}

/** `HH:MM` of an instant on a clock `offsetHours` from UTC, `HH:MM:SS` off the whole minute. */
export function clockTime(atMs: number, offsetHours: number): string {
  const local = new Date(atMs + offsetHours * 60 * MINUTE_MS);
  const hh = String(local.getUTCHours()).padStart(2, '0');
  const mm = String(local.getUTCMinutes()).padStart(2, '0');
  // An entry sent before its minute (end of candle: 2 s before) shows its seconds: a 21:16 M1
  // signal enters at 21:15:58, not "21:15".
  const ss = local.getUTCSeconds();
  return ss === 0 ? `${hh}:${mm}` : `${hh}:${mm}:${String(ss).padStart(2, '0')}`;
}

function acceptedLine(signal: Signal, card: ChannelCard, ctx: ReadContext): ReadLine {
  const signalType = timingOfChannelType(card.signaltype);
  const settings = channelSignalSettingsFromCard(card);
  // The channel's count (the message's, else the card's when set); NULL: the strategy's own.
  const gales = channelPlanOf(signal.gales, card).gales;
  // A message read late (caught up after a drop or a restart) is planned as of when it reached
  // the chat, as the decision plans it: "agora" means then, not now. An entry already past its
  // send deadline is too late, never traded late.
  const readLate = ctx.nowMs - ctx.receivedAtMs > LATE_TOLERANCE_MS;
  const plan = planEntry({
    signalType,
    nowMs: readLate ? ctx.receivedAtMs : ctx.nowMs,
    signalAtMs: signal.atMs,
    timeframeMin: signal.timeframeMin,
    delaySec: settings.delaySec,
    gales: gales ?? 0,
  });
  if (readLate && ctx.nowMs > sendDeadline(plan.sendAtMs)) {
    const late: Rejection = { reason: 'too_late', line: signal.line, asset: signal.asset };
    if (signal.time !== undefined) late.time = signal.time;
    return rejectedLine(late, card, ctx);
  }
  const read: SignalRead = {
    line: signal.line,
    status: 'accepted',
    reason: null,
    asset: signal.asset,
    direction: signal.direction,
    signalTime: signal.time ?? null,
    entryAt: plan.sendAtMs,
    entryTime: clockTime(plan.sendAtMs, ctx.traderTimezone),
    expiresAt: plan.expiresAtMs,
    expiryTime: clockTime(plan.expiresAtMs, ctx.traderTimezone),
    timeframeMin: signal.timeframeMin,
    gales,
    // What the robot did with it is the screens' to add (signal-outcomes.ts): none yet.
    outcomes: [],
  };
  return {
    read,
    row: {
      ...baseRow(ctx, card),
      line: signal.line,
      status: 'accepted',
      reason: null,
      asset: signal.asset,
      direction: signal.direction,
      signal_time: signal.time ?? null,
      signal_at: signal.atMs ?? null,
      timeframe_min: signal.timeframeMin,
      gales,
      entry_at: plan.sendAtMs,
      dedupe_key: signalKey(signal),
    },
  };
}

function rejectedLine(rejection: Rejection, card: ChannelCard, ctx: ReadContext): ReadLine {
  const read: SignalRead = {
    line: rejection.line ?? null,
    status: 'rejected',
    reason: rejection.reason,
    asset: rejection.asset ?? null,
    direction: null,
    signalTime: rejection.time ?? null,
    entryAt: null,
    entryTime: null,
    expiresAt: null,
    expiryTime: null,
    timeframeMin: null,
    gales: null,
    outcomes: [],
  };
  return {
    read,
    row: {
      ...baseRow(ctx, card),
      line: rejection.line ?? null,
      status: 'rejected',
      reason: rejection.reason,
      asset: rejection.asset ?? null,
      direction: null,
      signal_time: rejection.time ?? null,
      signal_at: null,
      timeframe_min: null,
      gales: null,
      dedupe_key: null,
    },
  };
}

function baseRow(ctx: ReadContext, card: ChannelCard) {
  const settings = channelSignalSettingsFromCard(card);
  return {
    bot_id: ctx.botId,
    channel_id: ctx.channelId,
    message_id: ctx.messageId,
    signal_type: timingOfChannelType(card.signaltype),
    delay_ms: Math.round(settings.delaySec * 1000),
    lote: card.lote,
    galefat: card.galefat,
    broker_id: card.brokerid,
    received_at: ctx.receivedAtMs,
    parsed_at: ctx.nowMs,
  };
}

/** A message as read: its lines, and those the reader could not account for (the doubts). */
export interface ReadResult {
  lines: ReadLine[];
  doubtful: DoubtfulLine[];
}

/**
 * Reads one channel message with its card, exactly as the reader does (the signal tester calls
 * this too): `parseSignal` with the card's settings (its taught vocabulary included), each signal
 * planned with the card's signal type and delay, each rejection with its reason; lines in message
 * order, and the doubtful lines with the tokens not understood.
 */
export function readChannelMessage(text: string, card: ChannelCard, ctx: ReadContext): ReadResult {
  const result = parseSignal(text, channelSignalSettingsFromCard(card), {
    nowMs: ctx.nowMs,
    channelId: ctx.channelId,
    seen: ctx.seen,
  });
  const lines = [
    ...result.signals.map((s) => acceptedLine(s, card, ctx)),
    ...result.rejected.map((r) => rejectedLine(r, card, ctx)),
  ];
  lines.sort((a, b) => (a.read.line ?? 0) - (b.read.line ?? 0));
  return { lines, doubtful: result.doubtful };
}

/** {@link readChannelMessage}'s lines alone. */
export function readMessage(text: string, card: ChannelCard, ctx: ReadContext): ReadLine[] {
  return readChannelMessage(text, card, ctx).lines;
}

/**
 * Whether a read message is one to ask the trader about: a line the reader could not account for
 * (doubtful), or one that looks like a signal it could not read — an asset and a time without a
 * side it knows, or an asset and a side without a time (and no "agora"). Chit-chat that names
 * no asset, result posts, cancellations and late or repeated signals are no doubt.
 */
export function isDoubt(result: ReadResult): boolean {
  if (result.doubtful.length > 0) return true;
  return result.lines.some(({ row }) => {
    if (row.reason === 'doubtful') return true;
    if (row.reason === 'no_direction' || row.reason === 'direction_conflict')
      return Boolean(row.asset) && Boolean(row.signal_time);
    return row.reason === 'no_time' && Boolean(row.asset);
  });
}

/** The words not understood, once each, in message order. */
export function doubtWords(result: ReadResult): string[] {
  return [...new Set(result.doubtful.flatMap((d) => d.tokens.map((t) => t.text)))];
}
