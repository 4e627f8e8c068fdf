/** Clock times, expiry durations and UTC offsets of one line (see `scan-line.ts`). */
import { POSTED_WORDS, S as SYMBOL_FLAGS, W as WORD_FLAGS } from './lexicon.ts';
import type { LineScan } from './scan-line.ts';
import * as tokenPredicates from './scan-tokens.ts';
import type { Token } from './tokenize.ts';

// Local aliases of the lexicon's flag tables: under a CommonJS transform (tsx, the bench) every
// use of an imported binding is a getter call, and the scanner reads these flags per token.
const W = WORD_FLAGS;
const { boundaryAfter, boundaryBefore, isFree, isTime, isWordFlag, pad2, smallNum, use } =
  tokenPredicates;
const S = SYMBOL_FLAGS;

/**
 * `UTC -3`, `GMT-03:00`, `GMT+5:30`, `UTC−0300`, and a bare offset after a zone word: `FUSO -3`,
 * `Fuso horário: -03`, `GMT: -3`, `huso horario -5`, `timezone: +1`; else `UTC` alone means 0.
 */
export function readOffset(tokens: readonly Token[], scan: LineScan): void {
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

/** Where the line's first and second clock times are (a second is a contradiction). */
function markTime(scan: LineScan, from: Token, to: Token): void {
  if (scan.times.length === 1) {
    scan.firstTimeStart = from.start;
    scan.firstTimeEnd = to.end;
  } else if (scan.times.length === 2) {
    scan.secondTimeStart = from.start;
    scan.secondTimeEnd = to.end;
  }
}

/** A clock or its hour at `tokens[k]`: `14:30`, `14h30`, `15h` (not a duration). */
const startsClock = (tokens: readonly Token[], k: number): boolean =>
  isTime(tokens, k) || isWholeHour(tokens, k);

/**
 * `M5`, `H1`, `M 5`, `H 1`, `5 minutos`, `1 min`, `2 horas`; `contains` is what the line holds
 * (see `tokenize`), so the units it has no word for are not looked for.
 */
export function readTimeframe(tokens: readonly Token[], scan: LineScan, contains: number): void {
  const n = tokens.length;
  for (let k = 0; k + 1 < n; k += 1) {
    const unit = tokens[k];
    const num = tokens[k + 1];
    if (!isFree(unit, 'word') || (unit.text !== 'm' && unit.text !== 'h')) continue;
    if (!boundaryBefore(tokens, k) || !smallNum(num, 3)) continue;
    // "M 5" with a space too, but not "h 14:30" nor a number glued to more ("M 5x").
    if (!num.glued && (!boundaryAfter(tokens, k) || startsClock(tokens, k + 1))) continue;
    if (!boundaryAfter(tokens, k + 1)) continue;
    use(unit, num);
    const value = Number(num.text);
    if (value > 0) scan.timeframeMin = value * (unit.text === 'h' ? 60 : 1);
    return;
  }
  for (const [flag, digits, factor] of UNITS) {
    if ((contains & flag) === 0) continue;
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

/** After an expiry label, a bare number is minutes: `Expiração: 5`, `Tempo → 15`, `Exp (5)`. */
export function readExpiryValue(tokens: readonly Token[], scan: LineScan): void {
  if (scan.timeframeMin !== undefined) return;
  const n = tokens.length;
  for (let k = 0; k + 1 < n; k += 1) {
    if (!isWordFlag(tokens[k], W.EXPIRY)) continue;
    let j = k + 1;
    while (j < n && EXPIRY_GLUE.has((tokens[j] as Token).text)) j += 1;
    const num = tokens[j];
    if (j === k + 1 && num?.glued === true) continue;
    if (!smallNum(num, 3) || startsClock(tokens, j) || !boundaryAfter(tokens, j)) continue;
    const value = Number(num.text);
    if (value < 1 || value > 240) continue;
    use(tokens[k], num);
    scan.timeframeMin = value;
    return;
  }
}
/** What may stand between an expiry label and its minutes: `Expiração: 5`, `Tempo → 15`. */
const EXPIRY_GLUE: ReadonlySet<string> = new Set(': = > → ➡ ➜ ➔ ⇒ » ⟶ - – — ( ['.split(' '));
const UNITS: readonly [number, number, number][] = [
  [W.MINUTES, 3, 1],
  [W.HOURS, 2, 60],
  [W.SECONDS, 4, 1 / 60],
];

/** `às` / `a las` / `at` before a number: a clock follows, not a duration. */
export const isAtWord = (t: Token | undefined): boolean =>
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

const END = 1;
const POSTED = 2;
/**
 * Labels that say what a clock on their line is, looked up once per word: when the option ends
 * (`Close: 14:35`, `Fecha às 14:35`, `Cierre 14:35`), or when the post was written (see
 * `POSTED_WORDS`).
 */
const CLOCK_LABELS: ReadonlyMap<string, number> = new Map([
  ...'close closes closing end ends fim termina fecha fechamento cierre cierra'
    .split(' ')
    .map((w): [string, number] => [w, END]),
  ...[...POSTED_WORDS].map((w): [string, number] => [w, POSTED]),
]);

/** Words that may stand between an expiry label and its end: `Expira às 14:35`, `expires at`. */
const END_WORDS: ReadonlySet<string> = new Set(['as', 'at', 'las', 'a', 'em', 'en', 'in', 'ate']);

/**
 * The clock at `tokens[k]` is the value of the expiry label at `tokens[label]` (`Expira às 14:35`,
 * `Expiration: 14:35`): nothing but glue between them, and no duration read for the expiry.
 */
function endsExpiry(tokens: readonly Token[], label: number, k: number, scan: LineScan): boolean {
  if (label < 0 || k <= label || scan.timeframeMin !== undefined) return false;
  for (let j = label + 1; j < k; j += 1) {
    const t = tokens[j] as Token;
    if (t.kind === 'num' || (t.kind === 'word' && !END_WORDS.has(t.text))) return false;
  }
  return true;
}

/**
 * Clock times `14:30`, `9h05`, `14.30`, `15h`; `00:05` and `1h` on an expiry line are durations;
 * `25:10` is impossible.
 */
export function readTimes(tokens: readonly Token[], scan: LineScan): void {
  let expiryLine = false;
  let expiryAt = -1;
  let posted = false;
  for (let k = 0; k < tokens.length; k += 1) {
    const t = tokens[k] as Token;
    if (t.kind !== 'word') continue;
    if ((t.flags & W.EXPIRY) !== 0) {
      expiryLine = true;
      if (expiryAt < 0) expiryAt = k;
      continue;
    }
    const label = CLOCK_LABELS.get(t.text);
    if (label === undefined) continue;
    // "Close: 14:35", "Fim: 14:35": the option's end, read like an expiry's.
    if (label === END && expiryAt < 0) expiryAt = k;
    if (label === POSTED) posted = true;
  }
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
      else if (hour <= 23) {
        scan.times.push({ hour, minute: 0 });
        markTime(scan, hh, tokens[k + 1] as Token);
      } else scan.invalidTime ??= `${pad2(hour)}:00`;
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
    // "14:30:00", "00:05:00": the seconds are part of it.
    const colon = tokens[k + 3];
    const ss = tokens[k + 4];
    const seconds =
      colon?.text === ':' && colon.glued && ss?.kind === 'num' && ss.glued && ss.text.length === 2;
    if (seconds) use(colon, ss);
    // "00:05" on an expiry line, "00:05:00" anywhere, or after the entry's time: a duration.
    const duration = hour === 0 && minute > 0 && (expiryLine || seconds || scan.times.length > 0);
    if (posted) {
      // "Gerado às: 14:18": when the post was written, read and set aside.
    } else if (duration) {
      scan.timeframeMin ??= minute;
    } else if (endsExpiry(tokens, expiryAt, k, scan) && hour <= 23 && minute <= 59) {
      // "Expira às 14:35", "Expiration: 14:35": when the option ends, not a second entry.
      scan.expiryEnd ??= { hour, minute };
    } else if (hour <= 23 && minute <= 59) {
      scan.times.push({ hour, minute });
      markTime(scan, hh, seconds ? (ss as Token) : mm);
    } else if (!expiryLine) {
      scan.invalidTime ??= `${pad2(hour)}:${pad2(minute)}`;
    }
    k += seconds ? 4 : 2;
  }
}
