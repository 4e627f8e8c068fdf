/**
 * Reads the tokens of one message line, in any order (ROBOT.md §8). Each recogniser marks the
 * tokens it read as used, so `GMT-03:00` is not also read as a time nor `M5` as a count. Works on
 * folded text, tokenized once (see `tokenize`); words are classified by the lexicon's table.
 */
import { takeAsset } from './assets.ts';
import { LINE as LINE_FLAGS, S as SYMBOL_FLAGS, W as WORD_FLAGS } from './lexicon.ts';
import * as gales from './scan-gales.ts';
import * as intent from './scan-intent.ts';
import * as times from './scan-times.ts';
import * as zone from './scan-zone.ts';
import type { ZoneHint } from './time-zones.ts';
import { tokenize, type Token } from './tokenize.ts';
import type { SignalDirection } from './types.ts';

// Local aliases of the lexicon's flag tables: under a CommonJS transform (tsx, the bench) every
// use of an imported binding is a getter call, and the scanner reads these flags per token.
const W = WORD_FLAGS;
const S = SYMBOL_FLAGS;
const LINE = LINE_FLAGS;
const { readGales, readGaleStep } = gales;
const { readIntent, readPriceLevel } = intent;
const { readExpiryValue, readOffset, readTimeframe, readTimes } = times;
const { readZoneHint } = zone;

/** Hour and minute of an `HH:MM` written in the channel's clock. */
export interface ClockTime {
  hour: number;
  minute: number;
}

/** Everything one line says. Absent fields were not found. */
export interface LineScan {
  /** The line reports a result (WIN, LOSS, DOJI, GAIN, ✅, placar, 3x1…) instead of announcing a trade. */
  isResult: boolean;
  /** The line cancels a signal (`cancelado`, `anulado`, `cancelled`, `desconsiderem`). */
  cancels: boolean;
  /**
   * The line warns not to trade (`não entrem`, `evitem`, `no operen`, `do not enter`): a
   * cancellation when it names a signal (an asset, a clock time, `sinal`/`signal`/`entrada`) or the
   * message has none; otherwise general advice that rides along with a list.
   */
  warns: boolean;
  /**
   * The warning is qualified by more words (`não entrem após 2 gales`, `evitem operar em notícias`):
   * general advice unless it names a signal. A bare `NÃO ENTREM!` / `NO ENTRAR` is about the
   * message's own signal.
   */
  warnQualified: boolean;
  /** The line has a word that names a signal (`sinal`, `señal`, `signal`, `entrada`, `entry`). */
  namesSignal: boolean;
  /** The line says to enter right away (`agora`, `now`, `ahora`, `entrar já`, `próxima vela`). */
  immediate: boolean;
  asset?: string;
  /** Every valid `HH:MM` on the line, in order. */
  times: ClockTime[];
  /** Where the first of `times` is in the folded text (−1: none). */
  firstTimeStart: number;
  firstTimeEnd: number;
  /** Where the second of `times` is in the folded text (−1: fewer than two). */
  secondTimeStart: number;
  secondTimeEnd: number;
  /** The first impossible clock time on the line (`25:10`, `12:75`), as written. */
  invalidTime?: string;
  /** `conflict` when the line names both sides. */
  direction?: SignalDirection | 'conflict';
  timeframeMin?: number;
  /** A clock after an expiry label (`Expira às 14:35`): when the option ends. */
  expiryEnd?: ClockTime;
  /** The line mentions gales at all (`gale`, `G1`, `MG2`, `martingale`, `proteção`, `OP 2`). */
  galeMentioned: boolean;
  /** `OP 3: 14:40` → 2: the gale level a step of the schedule names (`OP n` is gale n − 1). */
  galeStep?: number;
  /**
   * A price order's exit (`TP: 1.0850`, `Stop Loss: 0.17926`, `Target 1: 214.98`): an exit word
   * with a decimal price (not a percentage, not money) on the line.
   */
  priceLevel: boolean;
  /** `LONG` / `SHORT`: the side of a spot or futures position (see `ParseSignalResult`). */
  positionSide: boolean;
  /** A price in money (`$93,161.00`, `Preço Entrada: 1.08450`): what a position is entered at. */
  quotesPrice: boolean;
  /** A count of gales (`gale 2`, `2 gales`, `G2`, `sem gale` → 0). */
  galeCount?: number;
  /** An ordinal gale (`1º GALE`): the line announces that gale level. */
  galeOrdinal?: number;
  /** An explicit offset: `UTC -3`, `GMT+5:30`, or `UTC` alone (0). */
  timezoneOffsetHours?: number;
  /** A place or a one-zone country's flag: `Brasília` → −3, `Nova York` → its IANA zone. */
  timezoneHint?: ZoneHint;
  /** `OTC` outside an asset (a "LISTA OTC" header). */
  mentionsOtc: boolean;
  /**
   * What no recogniser read, for token accounting (see `account.ts`): `LEFT_NUMBER`,
   * `LEFT_WORD` (a word the lexicon does not know), `LEFT_LABEL` (an expiry or gale word).
   */
  leftover: number;
}

/** Bits of `LineScan.leftover`. */
export const LEFT_NUMBER = 1;
export const LEFT_WORD = 2;
export const LEFT_LABEL = 4;

/**
 * Scans the tokens of one line; `contains` is what `tokenize` returned for them, so recognisers
 * with nothing to read are skipped. Marks the tokens it reads as used. With `into`, that scan is
 * emptied and filled instead of a new one (its `times` array too: keep the times, not the array).
 */
export function scanTokens(tokens: readonly Token[], contains: number, into?: LineScan): LineScan {
  const scan = into === undefined ? newScan() : resetScan(into);
  readIntent(tokens, scan);
  if ((contains & W.UTC) !== 0) readOffset(tokens, scan);
  if ((contains & W.GALE_STEP) !== 0) readGaleStep(tokens, scan);
  if ((contains & (W.GALE | W.GALE_LETTER | W.GALE_ORDINAL)) !== 0) readGales(tokens, scan);
  if ((contains & LINE.NUM) !== 0) {
    readPriceLevel(tokens, scan);
    readTimeframe(tokens, scan, contains);
    if ((contains & W.EXPIRY) !== 0) readExpiryValue(tokens, scan);
    readTimes(tokens, scan);
  }
  const asset = takeAsset(tokens);
  scan.asset = asset?.asset;
  if ((contains & (W.PLACE | LINE.FLAG)) !== 0) {
    readZoneHint(tokens, scan, asset?.base !== undefined ? [asset.base, asset.quote ?? ''] : []);
  }

  let call = false;
  let put = false;
  let callMark = false;
  let putMark = false;
  let leftover = 0;
  for (let k = 0; k < tokens.length; k += 1) {
    const t = tokens[k] as Token;
    if (t.used) continue;
    if (t.kind === 'word') {
      if ((t.flags & W.CALL) !== 0) call = true;
      if ((t.flags & W.PUT) !== 0) put = true;
      if (t.text === 'otc') scan.mentionsOtc = true;
      if (t.text === 'long' || t.text === 'short') scan.positionSide = true;
      if (t.flags === 0) leftover |= LEFT_WORD;
      else if ((t.flags & (W.EXPIRY | W.GALE)) !== 0) leftover |= LEFT_LABEL;
    } else if (t.kind === 'num') {
      leftover |= LEFT_NUMBER;
    } else {
      if ((t.flags & S.CALL) !== 0) callMark = true;
      if ((t.flags & S.PUT) !== 0) putMark = true;
    }
  }
  const word = sideOf(call, put);
  const mark = sideOf(callMark, putMark);
  // "CALL 🔴", "VENDA 🟢": the word and the colour disagree, so the line is doubtful.
  const disagree =
    word !== undefined &&
    word !== 'conflict' &&
    mark !== undefined &&
    mark !== 'conflict' &&
    word !== mark;
  scan.direction = disagree ? 'conflict' : (word ?? mark);
  scan.leftover = leftover;
  return scan;
}

/** A line's scan with nothing found; every field present, so every scan has one shape. */
export function newScan(): LineScan {
  return {
    isResult: false,
    cancels: false,
    warns: false,
    warnQualified: false,
    namesSignal: false,
    immediate: false,
    asset: undefined,
    times: [],
    firstTimeStart: -1,
    firstTimeEnd: -1,
    secondTimeStart: -1,
    secondTimeEnd: -1,
    invalidTime: undefined,
    direction: undefined,
    timeframeMin: undefined,
    expiryEnd: undefined,
    galeMentioned: false,
    galeCount: undefined,
    galeOrdinal: undefined,
    galeStep: undefined,
    priceLevel: false,
    positionSide: false,
    quotesPrice: false,
    timezoneOffsetHours: undefined,
    timezoneHint: undefined,
    mentionsOtc: false,
    leftover: 0,
  };
}

/** Empties `scan` for the next line (the parser reuses one scan object from line to line). */
function resetScan(scan: LineScan): LineScan {
  // Setting an array's length is a runtime call: only when there is something to drop.
  if (scan.times.length > 0) scan.times.length = 0;
  scan.isResult = false;
  scan.cancels = false;
  scan.warns = false;
  scan.warnQualified = false;
  scan.namesSignal = false;
  scan.immediate = false;
  scan.asset = undefined;
  scan.firstTimeStart = -1;
  scan.firstTimeEnd = -1;
  scan.secondTimeStart = -1;
  scan.secondTimeEnd = -1;
  scan.invalidTime = undefined;
  scan.direction = undefined;
  scan.timeframeMin = undefined;
  scan.expiryEnd = undefined;
  scan.galeMentioned = false;
  scan.galeCount = undefined;
  scan.galeOrdinal = undefined;
  scan.galeStep = undefined;
  scan.priceLevel = false;
  scan.positionSide = false;
  scan.quotesPrice = false;
  scan.timezoneOffsetHours = undefined;
  scan.timezoneHint = undefined;
  scan.mentionsOtc = false;
  scan.leftover = 0;
  return scan;
}

function sideOf(call: boolean, put: boolean): SignalDirection | 'conflict' | undefined {
  if (call && put) return 'conflict';
  if (call) return 'CALL';
  if (put) return 'PUT';
  return undefined;
}

/** Scans one already-folded line (see `foldText`). */
export function scanLine(folded: string): LineScan {
  const tokens: Token[] = [];
  return scanTokens(tokens, tokenize(folded, 0, folded.length, tokens));
}
