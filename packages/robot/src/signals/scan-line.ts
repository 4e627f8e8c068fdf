/**
 * Reads the tokens of one message line, in any order (ROBOT.md §8). Each recogniser marks the
 * tokens it read as used, so `GMT-03:00` is not also read as a time nor `M5` as a count. Works on
 * folded text, tokenized once (see `tokenize`); words are classified by the lexicon's table.
 */
import { takeAsset } from './assets.ts';
import { LINE as LINE_FLAGS, PRICE_WORDS, S as SYMBOL_FLAGS, W as WORD_FLAGS } from './lexicon.ts';
import { flagZone, PLACE_NAMES, type ZoneHint } from './time-zones.ts';
import { tokenize, type Token } from './tokenize.ts';
import type { SignalDirection } from './types.ts';

// Local aliases of the lexicon's flag tables: under a CommonJS transform (tsx, the bench) every
// use of an imported binding is a getter call, and the scanner reads these flags per token.
const W = WORD_FLAGS;
const S = SYMBOL_FLAGS;
const LINE = LINE_FLAGS;
const PRICE = PRICE_WORDS;

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
  /** The first impossible clock time on the line (`25:10`, `12:75`), as written. */
  invalidTime?: string;
  /** `conflict` when the line names both sides. */
  direction?: SignalDirection | 'conflict';
  timeframeMin?: number;
  /** The line mentions gales at all (`gale`, `G1`, `MG2`, `martingale`, `proteção`, `OP 2`). */
  galeMentioned: boolean;
  /** `OP 3: 14:40` → 2: the gale level a step of the schedule names (`OP n` is gale n − 1). */
  galeStep?: number;
  /**
   * A price order's exit (`TP: 1.0850`, `Stop Loss: 0.17926`, `Target 1: 214.98`): an exit word
   * with a decimal price (not a percentage, not money) on the line.
   */
  priceLevel: boolean;
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
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

const isFree = (t: Token | undefined, kind: Token['kind']): t is Token =>
  t !== undefined && t.kind === kind && !t.used;
/** `\b` before `tokens[k]`: not glued to a word or number. */
const boundaryBefore = (tokens: readonly Token[], k: number): boolean => {
  const t = tokens[k];
  const prev = tokens[k - 1];
  return !(t?.glued === true && prev !== undefined && prev.kind !== 'sym');
};
/** `\b` after `tokens[k]`: the next token is not a word or number glued to it. */
const boundaryAfter = (tokens: readonly Token[], k: number): boolean => {
  const next = tokens[k + 1];
  return !(next !== undefined && next.glued && next.kind !== 'sym');
};
/** Not glued after a word, a number or `: . ,` (a count, not part of `14:30` or `v1`). */
const standsAlone = (tokens: readonly Token[], k: number): boolean => {
  const t = tokens[k];
  const prev = tokens[k - 1];
  if (t?.glued !== true || prev === undefined) return true;
  return prev.kind === 'sym' && prev.text !== ':' && prev.text !== '.' && prev.text !== ',';
};
const use = (a: Token | undefined, b?: Token, c?: Token): void => {
  if (a) a.used = true;
  if (b) b.used = true;
  if (c) c.used = true;
};
/** A number of at most `digits` digits, not yet read. */
const smallNum = (t: Token | undefined, digits: number): t is Token =>
  isFree(t, 'num') && t.text.length <= digits;
const isWordFlag = (t: Token | undefined, flag: number): t is Token =>
  isFree(t, 'word') && (t.flags & flag) !== 0;
const isTime = (tokens: readonly Token[], k: number): boolean => {
  const sep = tokens[k + 1];
  const minutes = tokens[k + 2];
  return (
    sep !== undefined &&
    sep.glued &&
    (sep.text === ':' || sep.text === 'h') &&
    minutes !== undefined &&
    minutes.glued &&
    minutes.kind === 'num' &&
    minutes.text.length === 2
  );
};

/** A warning followed by lateness is advice that goes with a signal: `não entre atrasado`. */
function isLateAdvice(tokens: readonly Token[], k: number): boolean {
  let words = 0;
  for (let j = k + 1; j < tokens.length && words < 3; j += 1) {
    const t = tokens[j];
    if (t?.kind !== 'word') continue;
    if ((t.flags & W.LATE) !== 0) return true;
    words += 1;
  }
  return false;
}

/** Words after the warning at `tokens[k]` other than trading verbs and "now": the advice's scope. */
function isQualified(tokens: readonly Token[], k: number): boolean {
  for (let j = k + 1; j < tokens.length; j += 1) {
    const t = tokens[j] as Token;
    if (t.kind === 'num') return true;
    if (t.kind !== 'word') continue;
    if ((t.flags & (W.ENTER | W.IMMEDIATE | W.AT_ONCE)) !== 0) continue;
    return true;
  }
  return false;
}

/** A condition word at most three words before `tokens[k]`: `em caso de loss`, `se der loss`. */
function isConditional(tokens: readonly Token[], k: number): boolean {
  let words = 0;
  for (let j = k - 1; j >= 0 && words < 3; j -= 1) {
    const t = tokens[j] as Token;
    if (t.kind !== 'word') continue;
    if ((t.flags & W.CONDITION) !== 0) return true;
    words += 1;
  }
  return false;
}

/** Results, announcements, cancellations and "now": the words that judge the whole line. */
function readIntent(tokens: readonly Token[], scan: LineScan): void {
  let resultWord = false;
  let resultMark = false;
  let announce = false;
  for (let k = 0; k < tokens.length; k += 1) {
    const t = tokens[k] as Token;
    const next = tokens[k + 1];
    if (t.kind === 'sym') {
      if ((t.flags & S.RESULT_MARK) !== 0) resultMark = true;
      continue;
    }
    if (t.kind === 'num') {
      // A scoreboard: "3x1", "12 x 2".
      if (next?.text === 'x' && tokens[k + 2]?.kind === 'num') resultWord = true;
      continue;
    }
    // Risk-management advice, not a result: "respeite o stop loss".
    const advised = next?.text;
    if (t.text === 'stop' && (advised === 'loss' || advised === 'win' || advised === 'gain')) {
      k += 1;
      continue;
    }
    if (t.text === 'stoploss' || t.text === 'stopwin' || t.text === 'stopgain') continue;
    const f = t.flags;
    if (f === 0 && t.text !== 'don') continue;
    // "em caso de loss", "se der loss", "if loss": a condition makes the result word advice.
    if ((f & W.RESULT) !== 0 && !isConditional(tokens, k)) resultWord = true;
    if ((f & W.SIGNAL) !== 0) scan.namesSignal = true;
    if ((f & W.ANNOUNCE) !== 0) announce = true;
    if ((f & W.IMMEDIATE) !== 0) scan.immediate = true;
    // "entrada na próxima vela", "next candle", "siguiente vela"
    if ((f & W.NEXT) !== 0 && ((next?.flags ?? 0) & W.CANDLE) !== 0 && next?.kind === 'word') {
      scan.immediate = true;
    }
    if ((f & W.CANCEL) !== 0 && !isLateAdvice(tokens, k)) scan.cancels = true;
    if ((f & W.WARN) !== 0 && !isLateAdvice(tokens, k)) {
      scan.warns = true;
      scan.warnQualified ||= isQualified(tokens, k);
    }
    // "não entrar", "no operen", "do not trade"; "don't enter" folds to don ' t enter.
    let negation = (f & W.NEGATION) !== 0 ? k : -1;
    if (t.text === 'don' && (next?.text === "'" || next?.text === '’')) {
      if (tokens[k + 2]?.text === 't') negation = k + 2;
    }
    const negated = negation >= 0 ? tokens[negation + 1] : undefined;
    if (negated?.kind === 'word' && (negated.flags & W.ENTER) !== 0) {
      if (!isLateAdvice(tokens, negation + 1)) {
        scan.warns = true;
        scan.warnQualified ||= isQualified(tokens, negation + 1);
      }
    }
    if ((f & W.ENTER) !== 0 || t.text === 'entrada') {
      const j = next?.text === ':' ? k + 2 : k + 1;
      if (((tokens[j]?.flags ?? 0) & W.AT_ONCE) !== 0) scan.immediate = true;
    }
  }
  scan.isResult = resultWord || (resultMark && !announce);
}

/**
 * `UTC -3`, `GMT-03:00`, `GMT+5:30`, `UTC−0300`, and a bare offset after a zone word: `FUSO -3`,
 * `Fuso horário: -03`, `GMT: -3`, `huso horario -5`, `timezone: +1`; else `UTC` alone means 0.
 */
function readOffset(tokens: readonly Token[], scan: LineScan): void {
  let bare: Token | undefined;
  for (let k = 0; k < tokens.length; k += 1) {
    const t = tokens[k];
    if (!isFree(t, 'word') || (t.flags & W.UTC) === 0) continue;
    if (t.text === 'utc' || t.text === 'gmt') bare ??= t;
    // Skip what may stand between the word and the offset: "horário", ":", "(".
    let j = k + 1;
    if (tokens[j]?.text === 'horario' || tokens[j]?.text === 'horaria') j += 1;
    if (tokens[j]?.text === ':' || tokens[j]?.text === '(') j += 1;
    const sign = tokens[j];
    const num = tokens[j + 1];
    if (!isFree(sign, 'sym') || (sign.flags & S.SIGN) === 0 || !isFree(num, 'num')) continue;
    let hours: number;
    let minutes = 0;
    if (num.text.length <= 2) {
      hours = Number(num.text);
      const sep = tokens[j + 2];
      const mm = tokens[j + 3];
      if (isTime(tokens, j + 1) && mm !== undefined && mm.text < '60') {
        minutes = Number(mm.text);
        use(sep, mm);
      }
    } else if (num.text.length <= 4 && num.text.slice(-2) < '60') {
      hours = Number(num.text.slice(0, -2));
      minutes = Number(num.text.slice(-2));
    } else {
      continue;
    }
    if (hours > 14) continue;
    use(t, sign, num);
    for (let m = k + 1; m < j; m += 1) (tokens[m] as Token).used = true;
    const offset = hours + minutes / 60;
    scan.timezoneOffsetHours = sign.text === '+' ? offset : -offset;
    return;
  }
  if (bare) {
    bare.used = true;
    scan.timezoneOffsetHours = 0;
  }
}

/** `2x` after a count: an `x` glued to the number with no number after it (not `2x1`). */
const timesSign = (tokens: readonly Token[], k: number): boolean => {
  const x = tokens[k + 1];
  return x?.text === 'x' && x.glued && !x.used && boundaryAfter(tokens, k + 1);
};

/** `OP 2`, `Segunda chance`: a step of the gale schedule (see `LineScan.galeStep`). */
function readGaleStep(tokens: readonly Token[], scan: LineScan): void {
  for (let k = 0; k < tokens.length; k += 1) {
    const t = tokens[k];
    if (!isWordFlag(t, W.GALE_STEP)) continue;
    scan.galeMentioned = true;
    const num = tokens[k + 1];
    if (smallNum(num, 1) && !isTime(tokens, k + 1) && Number(num.text) >= 2) {
      use(t, num);
      scan.galeStep = Number(num.text) - 1;
    }
    return;
  }
}

/**
 * A decimal price after a price word: `TP: 1.0850`, `T-P (1) ✅ 1.00480`; `2,5%` and money
 * (`Stop: R$ 25,00`, `$90,000`) are management, not a price level.
 */
function readPriceLevel(tokens: readonly Token[], scan: LineScan): void {
  let priceWord = false;
  for (let k = 0; k < tokens.length; k += 1) {
    const t = tokens[k] as Token;
    if (t.kind !== 'word') continue;
    if (PRICE.has(t.text)) priceWord = true;
    // "T-P", "S-L"
    const dash = tokens[k + 1];
    const second = tokens[k + 2];
    if (dash?.text === '-' && dash.glued && second?.glued === true && second.kind === 'word') {
      if ((t.text === 't' && second.text === 'p') || (t.text === 's' && second.text === 'l')) {
        priceWord = true;
      }
    }
  }
  if (!priceWord) return;
  for (let k = 0; k + 2 < tokens.length; k += 1) {
    const sep = tokens[k + 1] as Token;
    const frac = tokens[k + 2] as Token;
    if (tokens[k]?.kind !== 'num' || (sep.text !== '.' && sep.text !== ',')) continue;
    if (!sep.glued || !frac.glued || frac.kind !== 'num') continue;
    if (tokens[k + 3]?.text === '%') continue;
    if (tokens[k - 1]?.text === '$') continue;
    scan.priceLevel = true;
    return;
  }
}

/** Gale mentions, counts and ordinals, in the order that settles overlaps. */
function readGales(tokens: readonly Token[], scan: LineScan): void {
  const n = tokens.length;
  for (let k = 0; k < n && !scan.galeMentioned; k += 1) {
    const t = tokens[k] as Token;
    if (t.kind !== 'word' || t.used) continue;
    if ((t.flags & W.GALE) !== 0) scan.galeMentioned = true;
    else if ((t.text === 'g' || t.text === 'mg') && boundaryBefore(tokens, k)) {
      const num = tokens[k + 1];
      scan.galeMentioned =
        (num !== undefined && num.glued && smallNum(num, 2) && boundaryAfter(tokens, k + 1)) ||
        (t.text === 'mg' && num?.text === ':');
    }
  }
  if (!scan.galeMentioned) return;

  // "sem gale", "sin martingala", "without gales"
  for (let k = 0; k + 1 < n; k += 1) {
    if (isWordFlag(tokens[k], W.WITHOUT) && isWordFlag(tokens[k + 1], W.GALE)) {
      use(tokens[k], tokens[k + 1]);
      scan.galeCount = 0;
      break;
    }
  }
  // "1º GALE", "2ª martingala": an ordinal; "1 gale": a count.
  for (let k = 0; k < n; k += 1) {
    const num = tokens[k];
    if (!smallNum(num, 2) || !standsAlone(tokens, k)) continue;
    let j = k + 1;
    const marker = tokens[j];
    const isMarker =
      marker !== undefined &&
      !marker.used &&
      (marker.text === 'o' || marker.text === 'a' || marker.text === '°' || marker.text === '.');
    if (isMarker) j += 1;
    if (!isWordFlag(tokens[j], W.GALE_ORDINAL)) continue;
    use(num, isMarker ? marker : undefined, tokens[j]);
    if (isMarker) scan.galeOrdinal = Number(num.text);
    else scan.galeCount ??= Number(num.text);
    break;
  }
  // Counts: "gale 2", "martingala: 2", "GALE: até 2", "MG: até 2", "martingales: up to 2", "2 gales",
  // "G2", "MG 2"; the first of each form is read.
  for (let k = 0; k < n; k += 1) {
    const word = tokens[k];
    const isMg = isFree(word, 'word') && word.text === 'mg' && tokens[k + 1]?.text === ':';
    if (!isWordFlag(word, W.GALE) && !isMg) continue;
    let j = tokens[k + 1]?.text === ':' ? k + 2 : k + 1;
    const upTo = tokens[j];
    const upToEnd = isWordFlag(upTo, W.UP_TO)
      ? upTo.text === 'up' && tokens[j + 1]?.text === 'to'
        ? j + 2
        : j + 1
      : j;
    j = upToEnd;
    const num = tokens[j];
    // "Gale: 2x": the times sign of a count (not a scoreboard "2x1").
    const times = timesSign(tokens, j);
    if (!smallNum(num, 2) || (!times && !boundaryAfter(tokens, j)) || isTime(tokens, j)) continue;
    if (times) j += 1;
    for (let m = k; m <= j; m += 1) (tokens[m] as Token).used = true;
    scan.galeCount ??= Number(num.text);
    break;
  }
  // "até 2 gales", "up to 2 martingales", "hasta 1 gale": the count and its words.
  for (let k = 0; k + 2 < n; k += 1) {
    const word = tokens[k];
    if (!isWordFlag(word, W.UP_TO)) continue;
    const j = word.text === 'up' && tokens[k + 1]?.text === 'to' ? k + 2 : k + 1;
    if (!smallNum(tokens[j], 2) || !isWordFlag(tokens[j + 1], W.GALE)) continue;
    for (let m = k; m < j; m += 1) (tokens[m] as Token).used = true;
    break;
  }
  for (let k = 0; k + 1 < n; k += 1) {
    const num = tokens[k];
    // "2 gales", "2x gale"
    const x = timesSign(tokens, k) ? 1 : 0;
    if (!smallNum(num, 2) || !standsAlone(tokens, k) || !isWordFlag(tokens[k + 1 + x], W.GALE)) {
      continue;
    }
    use(num, tokens[k + 1], tokens[k + 1 + x]);
    scan.galeCount ??= Number(num.text);
    break;
  }
  for (let k = 0; k + 1 < n; k += 1) {
    const word = tokens[k];
    const num = tokens[k + 1];
    if (!isFree(word, 'word') || (word.text !== 'g' && word.text !== 'mg')) continue;
    if (!boundaryBefore(tokens, k) || !num?.glued || !smallNum(num, 2)) continue;
    if (!boundaryAfter(tokens, k + 1)) continue;
    use(word, num);
    scan.galeCount ??= Number(num.text);
    break;
  }
  for (let k = 0; k + 1 < n; k += 1) {
    const word = tokens[k];
    const num = tokens[k + 1];
    if (!isFree(word, 'word') || word.text !== 'mg' || num?.glued !== false) continue;
    if (!smallNum(num, 2) || !boundaryAfter(tokens, k + 1)) continue;
    use(word, num);
    scan.galeCount ??= Number(num.text);
    break;
  }
}

/** `M5`, `H1`, `5 minutos`, `1 min`, `2 horas`. */
function readTimeframe(tokens: readonly Token[], scan: LineScan): void {
  const n = tokens.length;
  for (let k = 0; k + 1 < n; k += 1) {
    const unit = tokens[k];
    const num = tokens[k + 1];
    if (!isFree(unit, 'word') || (unit.text !== 'm' && unit.text !== 'h')) continue;
    if (!boundaryBefore(tokens, k) || !num?.glued || !smallNum(num, 3)) continue;
    if (!boundaryAfter(tokens, k + 1)) continue;
    use(unit, num);
    const value = Number(num.text);
    if (value > 0) scan.timeframeMin = value * (unit.text === 'h' ? 60 : 1);
    return;
  }
  for (const [flag, digits, factor] of UNITS) {
    for (let k = 0; k + 1 < n; k += 1) {
      const num = tokens[k];
      if (!smallNum(num, digits) || !isWordFlag(tokens[k + 1], flag)) continue;
      const prev = tokens[k - 1];
      // "14:30", "14h30min": the minutes of a clock, not a duration.
      if (num.glued && (prev?.text === ':' || (prev?.text === 'h' && prev.glued))) continue;
      // "às 15 horas", "a las 15 horas", "at 15 hours": a clock (see `readTimes`).
      if (flag === W.HOURS && isAtWord(prev)) continue;
      const value = Number(num.text) * factor;
      // Only whole minutes are an expiry the robot trades: "60s", "300 segundos".
      if (!Number.isInteger(value)) break;
      use(num, tokens[k + 1]);
      if (value > 0) {
        scan.timeframeMin = value;
        return;
      }
      break;
    }
  }
}
const UNITS: readonly [number, number, number][] = [
  [W.MINUTES, 3, 1],
  [W.HOURS, 2, 60],
  [W.SECONDS, 4, 1 / 60],
];

/** `às` / `a las` / `at` before a number: a clock follows, not a duration. */
const isAtWord = (t: Token | undefined): boolean =>
  t?.kind === 'word' && (t.text === 'as' || t.text === 'las' || t.text === 'at');

/** `15h`, `9hs`, `16hrs`: a whole hour (a duration on an expiry line, see `readTimes`). */
const isWholeHour = (tokens: readonly Token[], k: number): boolean => {
  const unit = tokens[k + 1];
  return (
    unit !== undefined &&
    unit.glued &&
    !unit.used &&
    (unit.text === 'h' || unit.text === 'hs' || unit.text === 'hrs') &&
    boundaryAfter(tokens, k + 1)
  );
};
/** `14.30`: a clock only with two digits on each side and nothing glued after (not a price). */
const isDottedTime = (tokens: readonly Token[], k: number): boolean => {
  const hh = tokens[k];
  const sep = tokens[k + 1];
  const mm = tokens[k + 2];
  return (
    hh?.text.length === 2 &&
    sep?.text === '.' &&
    sep.glued &&
    mm?.kind === 'num' &&
    mm.glued &&
    mm.text.length === 2 &&
    boundaryAfter(tokens, k + 2) &&
    tokens[k + 3]?.text !== '.'
  );
};

/**
 * Clock times `14:30`, `9h05`, `14.30`, `15h`; `00:05` and `1h` on an expiry line are durations;
 * `25:10` is impossible.
 */
function readTimes(tokens: readonly Token[], scan: LineScan): void {
  let expiryLine = false;
  for (const t of tokens) if (t.kind === 'word' && (t.flags & W.EXPIRY) !== 0) expiryLine = true;
  for (let k = 0; k < tokens.length; k += 1) {
    const hh = tokens[k];
    if (!smallNum(hh, 2)) continue;
    const prevToken = tokens[k - 1];
    if (hh.glued && (prevToken?.kind === 'num' || prevToken?.kind === 'word')) continue;
    // "às 15 horas": a whole hour too.
    const atHours = isAtWord(prevToken) && isWordFlag(tokens[k + 1], W.HOURS) && !expiryLine;
    if (isWholeHour(tokens, k) || atHours) {
      const hour = Number(hh.text);
      use(hh, tokens[k + 1]);
      if (expiryLine) scan.timeframeMin ??= hour * 60;
      else if (hour <= 23) scan.times.push({ hour, minute: 0 });
      else scan.invalidTime ??= `${pad2(hour)}:00`;
      k += 1;
      continue;
    }
    if (!isTime(tokens, k) && !isDottedTime(tokens, k)) continue;
    const prev = tokens[k - 1];
    if (hh.glued && (prev?.kind === 'num' || prev?.text === ':')) continue;
    const sep = tokens[k + 1] as Token;
    const mm = tokens[k + 2] as Token;
    if (sep.used || mm.used) continue;
    use(hh, sep, mm);
    const hour = Number(hh.text);
    const minute = Number(mm.text);
    if (expiryLine && hour === 0 && minute > 0) {
      scan.timeframeMin ??= minute;
    } else if (hour <= 23 && minute <= 59) {
      scan.times.push({ hour, minute });
    } else if (!expiryLine) {
      scan.invalidTime ??= `${pad2(hour)}:${pad2(minute)}`;
    }
    k += 2;
  }
}

/** `o` is a flag other than `flag`. */
function isOtherFlag(o: Token | undefined, flag: Token): boolean {
  return o !== undefined && o.kind === 'sym' && (o.flags & S.FLAG) !== 0 && o.text !== flag.text;
}

/** A place name or a lone flag of a one-zone country; not a market session, not the asset's flag. */
function readZoneHint(
  tokens: readonly Token[],
  scan: LineScan,
  currencies: readonly string[],
): void {
  for (let k = 0; k < tokens.length; k += 1) {
    const t = tokens[k] as Token;
    if (t.kind === 'sym' && (t.flags & S.FLAG) !== 0) {
      const zone = flagZone(t.text);
      if (zone === undefined || currencies.includes(zone.currency)) continue;
      // 🇪🇺🇺🇸 beside EURUSD are the pair's currencies, not a clock.
      const prev = tokens[k - 1];
      const next = tokens[k + 1];
      if (isOtherFlag(prev, t) || isOtherFlag(next, t)) continue;
      // "🇬🇧 LONDON SESSION 🇬🇧" decorates a market session, like the city name would.
      if (namesSession(tokens)) continue;
      scan.timezoneHint = zone.zone;
      return;
    }
    if (t.kind !== 'word' || t.used) continue;
    const places = PLACE_NAMES.get(t.text);
    if (places === undefined) continue;
    for (const place of places) {
      let end = k + 1;
      if (place.next !== undefined) {
        if (tokens[end]?.text !== place.next) continue;
        end += 1;
      }
      if (isSession(tokens, k, end)) continue;
      scan.timezoneHint = place.zone;
      return;
    }
  }
}

function namesSession(tokens: readonly Token[]): boolean {
  for (const t of tokens) if (t.kind === 'word' && (t.flags & W.SESSION) !== 0) return true;
  return false;
}

/** `sessão de Nova York`, `New York session`: a market session, not the message's clock. */
function isSession(tokens: readonly Token[], start: number, end: number): boolean {
  for (let j = start - 1; j >= 0; j -= 1) {
    const t = tokens[j] as Token;
    if (t.kind !== 'word') continue;
    if ((t.flags & W.FILLER) !== 0) continue;
    if ((t.flags & W.SESSION) !== 0) return true;
    break;
  }
  for (let j = end; j < tokens.length; j += 1) {
    const t = tokens[j] as Token;
    if (t.kind !== 'word') continue;
    return (t.flags & W.SESSION) !== 0;
  }
  return false;
}

/**
 * Scans the tokens of one line; `contains` is what `tokenize` returned for them, so recognisers
 * with nothing to read are skipped. Marks the tokens it reads as used.
 */
export function scanTokens(tokens: readonly Token[], contains: number): LineScan {
  // Every field present from the start: one object shape for every line.
  const scan: LineScan = {
    isResult: false,
    cancels: false,
    warns: false,
    warnQualified: false,
    namesSignal: false,
    immediate: false,
    asset: undefined,
    times: [],
    invalidTime: undefined,
    direction: undefined,
    timeframeMin: undefined,
    galeMentioned: false,
    galeCount: undefined,
    galeOrdinal: undefined,
    galeStep: undefined,
    priceLevel: false,
    timezoneOffsetHours: undefined,
    timezoneHint: undefined,
    mentionsOtc: false,
  };
  readIntent(tokens, scan);
  if ((contains & W.UTC) !== 0) readOffset(tokens, scan);
  if ((contains & W.GALE_STEP) !== 0) readGaleStep(tokens, scan);
  if ((contains & (W.GALE | W.GALE_LETTER)) !== 0) readGales(tokens, scan);
  if ((contains & LINE.NUM) !== 0) {
    readPriceLevel(tokens, scan);
    readTimeframe(tokens, scan);
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
  for (const t of tokens) {
    if (t.used) continue;
    if (t.kind === 'word') {
      if ((t.flags & W.CALL) !== 0) call = true;
      if ((t.flags & W.PUT) !== 0) put = true;
      if (t.text === 'otc') scan.mentionsOtc = true;
    } else if (t.kind === 'sym') {
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
