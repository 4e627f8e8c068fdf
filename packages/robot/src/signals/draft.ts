/**
 * What the lines of one message said so far (see `parseSignal`): a draft per signal, and the
 * message-wide defaults of a list's header or footer.
 */
import type { Candidate } from './account.ts';
import type { ClockTime, LineScan } from './scan-line.ts';
import type { ZoneHint } from './time-zones.ts';
import type { Rejection, SignalDirection } from './types.ts';

/** What the lines say about one signal, or (for the header) about every signal of the message. */
export interface Draft {
  line: number;
  asset?: string;
  time?: ClockTime;
  /** An impossible clock time (`25:10`) where the time should be: the signal is rejected. */
  invalidTime?: string;
  direction?: SignalDirection | 'conflict';
  timeframeMin?: number;
  /** When the option ends (`Expira às 14:35`): the expiry is the minutes from the entry to it. */
  expiryEnd?: ClockTime;
  galeCount?: number;
  galeLines: number;
  timezoneOffsetHours?: number;
  timezoneHint?: ZoneHint;
  /** The asset line lacked a time or a direction: the next lines complete it. */
  open: boolean;
  /** Header only: a "LISTA OTC" line makes every asset of the message OTC. */
  otc?: boolean;
  /** Lines other than `line` that gave this draft something (or labelled one of its fields). */
  fedBy: number[];
}

// Every field present from the start, so all drafts share one shape (V8 keeps such objects fast).
export const newDraft = (line: number): Draft => ({
  line,
  asset: undefined,
  time: undefined,
  invalidTime: undefined,
  direction: undefined,
  timeframeMin: undefined,
  expiryEnd: undefined,
  galeCount: undefined,
  galeLines: 0,
  timezoneOffsetHours: undefined,
  timezoneHint: undefined,
  open: false,
  otc: false,
  fedBy: [],
});

/** Fills what `into` lacks from `scan`'s options; never overwrites. */
export function fillOptions(into: Draft, scan: LineScan): void {
  into.timeframeMin ??= scan.timeframeMin;
  into.expiryEnd ??= scan.expiryEnd;
  into.galeCount ??= scan.galeCount;
  into.timezoneOffsetHours ??= scan.timezoneOffsetHours;
  into.timezoneHint ??= scan.timezoneHint;
}

/** What the lines of one message said so far. */
export interface MessageRead {
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
  /** A line says LONG / SHORT, and one quotes a price in money: a position, not an option. */
  positionSide: boolean;
  quotesPrice: boolean;
  /** Per line, the tokens the scanner could not account for (see `collectCandidates`). */
  candidates: Map<number, Candidate[]> | undefined;
  /** Lines with a time or a side but no asset: the asset may be a word the reader does not know. */
  orphans: number[];
}

const pad2 = (n: number): string => String(n).padStart(2, '0');
/** `HH:MM` of a clock time. */
export const formatTime = (t: ClockTime): string => `${pad2(t.hour)}:${pad2(t.minute)}`;
