/**
 * What judges a whole line (see `scan-line.ts`): results, announcements, cancellations and
 * warnings, "now", and a price order's exit levels.
 */
import { PRICE_WORDS, S as SYMBOL_FLAGS, W as WORD_FLAGS } from './lexicon.ts';
import type { LineScan } from './scan-line.ts';
import type { Token } from './tokenize.ts';

// Local aliases of the lexicon's flag tables: under a CommonJS transform (tsx, the bench) every
// use of an imported binding is a getter call, and the scanner reads these flags per token.
const W = WORD_FLAGS;
const S = SYMBOL_FLAGS;
const PRICE = PRICE_WORDS;

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
export function readIntent(tokens: readonly Token[], scan: LineScan): void {
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
 * A decimal price after a price word: `TP: 1.0850`, `T-P (1) ✅ 1.00480`; `2,5%` and money
 * (`Stop: R$ 25,00`, `$90,000`) are management, not a price level.
 */
export function readPriceLevel(tokens: readonly Token[], scan: LineScan): void {
  let priceWord = false;
  for (let k = 0; k < tokens.length; k += 1) {
    const t = tokens[k] as Token;
    if (t.kind !== 'word') {
      // "$93,161.00", "US$ 3.245,80": an amount quoted as a price.
      if (t.text === '$' && tokens[k + 1]?.kind === 'num') scan.quotesPrice = true;
      continue;
    }
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
