/** Gale counts, ordinals and schedule steps of one line (see `scan-line.ts`). */
import { W as WORD_FLAGS } from './lexicon.ts';
import type { LineScan } from './scan-line.ts';
import * as tokenPredicates from './scan-tokens.ts';
import type { Token } from './tokenize.ts';

// Local aliases of the lexicon's flag tables: under a CommonJS transform (tsx, the bench) every
// use of an imported binding is a getter call, and the scanner reads these flags per token.
const W = WORD_FLAGS;
const {
  boundaryAfter,
  boundaryBefore,
  isFree,
  isTime,
  isWordFlag,
  smallNum,
  standsAlone,
  timesSign,
  use,
} = tokenPredicates;

/** `OP 2`, `Segunda chance`: a step of the gale schedule (see `LineScan.galeStep`). */
export function readGaleStep(tokens: readonly Token[], scan: LineScan): void {
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

/** What may stand between a gale word and its count: `Gale: 2`, `Gale(2)`, `Gale → 1`. */
const GALE_GLUE: ReadonlySet<string> = new Set(': = > → ➡ ➜ ➔ ⇒ » ⟶ ( [ – —'.split(' '));

/** What follows the number of an ordinal: `1º` (folded `1o`), `2ª`, `1°`, `1.`, `1st`, `2nd`. */
const ORDINAL_MARKS: ReadonlySet<string> = new Set(['o', 'a', '°', '.', 'st', 'nd', 'rd', 'th']);

/** `1st level`, `2º nível`: an ordinal number (and its mark) right before `tokens[k]`. */
function isOrdinalBefore(tokens: readonly Token[], k: number): boolean {
  const mark = tokens[k - 1];
  const num = ORDINAL_MARKS.has(mark?.text ?? '') ? tokens[k - 2] : mark;
  return num?.kind === 'num' && num.text.length <= 2;
}

/** Gale mentions, counts and ordinals, in the order that settles overlaps. */
export function readGales(tokens: readonly Token[], scan: LineScan): void {
  const n = tokens.length;
  for (let k = 0; k < n && !scan.galeMentioned; k += 1) {
    const t = tokens[k] as Token;
    if (t.kind !== 'word' || t.used) continue;
    if ((t.flags & W.GALE) !== 0) scan.galeMentioned = true;
    else if (t.text === 'sg' && boundaryBefore(tokens, k) && boundaryAfter(tokens, k)) {
      // "14:40 - EUR/JPY - PUT - SG": sem gale.
      t.used = true;
      scan.galeMentioned = true;
      scan.galeCount = 0;
    } else if ((t.flags & W.GALE_ORDINAL) !== 0 && isOrdinalBefore(tokens, k)) {
      scan.galeMentioned = true;
    } else if ((t.text === 'fixa' || t.text === 'seca') && isNoGalePhrase(tokens, k)) {
      // "Mão fixa", "entrada seca": one entry at a fixed stake.
      use(tokens[k - 1], t);
      scan.galeMentioned = true;
      scan.galeCount = 0;
    } else if (t.text === 'g' || t.text === 'mg') {
      scan.galeMentioned =
        letterCount(tokens, k) !== undefined ||
        (t.text === 'mg' && boundaryBefore(tokens, k) && tokens[k + 1]?.text === ':');
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
    const isMarker = marker !== undefined && !marker.used && ORDINAL_MARKS.has(marker.text);
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
    let j = k + 1;
    while (j < n && GALE_GLUE.has((tokens[j] as Token).text)) j += 1;
    // "Gale: não", "Martingale: no": none.
    if (j > k + 1 && isWordFlag(tokens[j], W.NEGATION) && boundaryAfter(tokens, j)) {
      for (let m = k; m <= j; m += 1) (tokens[m] as Token).used = true;
      scan.galeCount ??= 0;
      break;
    }
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
  // "G2", "MG 2", "G-1", "G.2", "MG:1", "1G", "2 MG": the letter and its count.
  for (let k = 0; k < n; k += 1) {
    const word = tokens[k];
    if (!isFree(word, 'word') || (word.text !== 'g' && word.text !== 'mg')) continue;
    const num = letterCount(tokens, k);
    if (num === undefined) continue;
    const from = Math.min(k, num);
    for (let m = from; m <= Math.max(k, num); m += 1) (tokens[m] as Token).used = true;
    scan.galeCount ??= Number((tokens[num] as Token).text);
    break;
  }
}

/** `mão fixa`, `entrada seca`: the word before `tokens[k]` makes the phrase. */
function isNoGalePhrase(tokens: readonly Token[], k: number): boolean {
  const prev = tokens[k - 1]?.text;
  return (prev === 'mao' || prev === 'entrada') && !(tokens[k - 1] as Token).used;
}

/** Punctuation a gale letter's count may be written behind: `G-1`, `G.2`, `MG:1`. */
const LETTER_GLUE: ReadonlySet<string> = new Set(['-', '.', ':', '–']);

/**
 * Where the count of the gale letter at `tokens[k]` (`g` / `mg`) is: after it (`G2`, `MG 2`,
 * `G-1`, `MG:1`, `G 2`) or before it (`1G`, `2 MG`); `undefined` when it has none (then it is
 * no gale letter: `g` of a word, `5G` of a network).
 */
function letterCount(tokens: readonly Token[], k: number): number | undefined {
  const letter = tokens[k] as Token;
  const after = tokens[k + 1];
  if (boundaryBefore(tokens, k)) {
    // "G2", "MG 2"
    if (smallNum(after, 2) && boundaryAfter(tokens, k + 1) && !isTime(tokens, k + 1)) {
      if (after.glued || letter.text === 'mg' || tokens[k - 1]?.kind !== 'num') return k + 1;
    }
    // "G-1", "G.2", "MG:1"
    const num = tokens[k + 2];
    if (after !== undefined && after.glued && LETTER_GLUE.has(after.text)) {
      if (smallNum(num, 2) && num.glued && boundaryAfter(tokens, k + 2) && !isTime(tokens, k + 2)) {
        return k + 2;
      }
    }
  }
  // "1G", "2 MG": a count of one digit right before the letter, the letter ending the word.
  const before = tokens[k - 1];
  if (!smallNum(before, 1) || !boundaryAfter(tokens, k)) return undefined;
  if (!standsAlone(tokens, k - 1) || (tokens[k - 2]?.text === ':' && tokens[k - 2]?.glued)) {
    return undefined;
  }
  return isFree(after, 'num') ? undefined : k - 1;
}
