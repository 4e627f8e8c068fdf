/**
 * Reads an asset from the tokens of a line (ROBOT.md §8): currency and crypto pairs (`EUR/USD`,
 * `EURUSD-OTC`, `BTC/USDT`), stocks by name or ticker (`Apple OTC`, `#AAPL_otc` → `AAPL-OTC`) and
 * indices (`US 500` → `US500`). Names are normalised: letters upper case, `-OTC` when OTC.
 */
import type { Token } from './tokenize.ts';

const CURRENCIES = new Set(
  (
    'eur usd gbp jpy aud cad chf nzd brl mxn try zar sgd hkd nok sek dkk pln inr cnh cny rub thb ' +
    'idr php myr kes ngn egp ars cop clp bdt pkr lbp uah vnd dzd mad tnd qar sar aed yer omr jod ' +
    'bhd kwd ils czk huf krw twd ron btc eth ltc xrp bch xau xag sol ada dot bnb trx'
  ).split(' '),
);
/** Coins quoted in USDT (`BTC/USDT`, `DOGEUSDT`). */
const CRYPTO = new Set(
  'btc eth ltc xrp bch sol ada dot bnb trx doge avax link matic shib ton'.split(' '),
);

interface Stock {
  ticker: string;
  /** The next word the name needs (`coca cola`, `american express`). */
  next?: string;
  /** A common word too (`meta`, `visa`): an asset only as `#META` or with `OTC` beside it. */
  needsMark?: boolean;
}

// Stocks and indices that brokers list (often as OTC), by folded first word of name or ticker.
const STOCKS = new Map<string, Stock>();
function stock(ticker: string, words: string, needsMark = false): void {
  for (const w of words.split(' ')) {
    const [first = '', next] = w.split('+');
    STOCKS.set(first, next === undefined ? { ticker, needsMark } : { ticker, next, needsMark });
  }
}
stock('AAPL', 'apple aapl');
stock('MSFT', 'microsoft msft');
stock('AMZN', 'amazon amzn');
stock('TSLA', 'tesla tsla');
stock('GOOGL', 'google alphabet googl goog');
stock('META', 'facebook');
stock('META', 'meta fb', true);
stock('NFLX', 'netflix nflx');
stock('INTC', 'intel intc');
stock('BA', 'boeing');
stock('BA', 'ba', true);
stock('MCD', 'mcdonald mcdonalds');
stock('MCD', 'mcd', true);
stock('KO', 'coca+cola cocacola');
stock('KO', 'ko', true);
stock('PFE', 'pfizer pfe');
stock('JNJ', 'jnj');
stock('AXP', 'american+express amex axp');
stock('CSCO', 'cisco csco');
stock('XOM', 'exxon exxonmobil xom');
stock('BABA', 'alibaba baba');
stock('V', 'visa v', true);
stock('C', 'citigroup');
stock('C', 'citi c', true);
stock('FDX', 'fedex fdx');
stock('NVDA', 'nvidia nvda');
stock('AMD', 'amd');
stock('GME', 'gamestop gme');
stock('PLTR', 'palantir pltr');
stock('TWTR', 'twitter twtr');
stock('COIN', 'coinbase');
stock('COIN', 'coin', true);

interface Index {
  /** Canonical name by the number written after the word (`us 500`, `us500`). */
  byNumber?: Readonly<Record<string, string>>;
  /** Canonical name when the word stands alone (`nasdaq`, `dax`). */
  alone?: string;
  /** The number may follow after a space (`US 500`); otherwise it must be glued (`de40`). */
  spaced?: boolean;
}
const INDICES = new Map<string, Index>([
  ['us', { byNumber: { '30': 'US30', '100': 'US100', '500': 'US500' }, spaced: true }],
  ['sp', { byNumber: { '500': 'US500' }, spaced: true }],
  ['spx', { byNumber: { '500': 'US500' }, alone: 'US500', spaced: true }],
  ['nas', { byNumber: { '100': 'US100' }, spaced: true }],
  ['nasdaq', { byNumber: { '100': 'US100' }, alone: 'US100', spaced: true }],
  ['ustec', { alone: 'US100' }],
  ['ndx', { alone: 'US100' }],
  ['dj', { byNumber: { '30': 'US30' }, spaced: true }],
  ['dji', { byNumber: { '30': 'US30' }, alone: 'US30', spaced: true }],
  ['djia', { alone: 'US30' }],
  ['ger', { byNumber: { '30': 'DE40', '40': 'DE40' }, spaced: true }],
  ['de', { byNumber: { '30': 'DE40', '40': 'DE40' } }],
  ['dax', { byNumber: { '30': 'DE40', '40': 'DE40' }, alone: 'DE40', spaced: true }],
  ['uk', { byNumber: { '100': 'UK100' }, spaced: true }],
  ['ftse', { byNumber: { '100': 'UK100' }, alone: 'UK100', spaced: true }],
  ['jp', { byNumber: { '225': 'JP225' }, spaced: true }],
  ['jpn', { byNumber: { '225': 'JP225' }, spaced: true }],
  ['nikkei', { byNumber: { '225': 'JP225' }, alone: 'JP225', spaced: true }],
  ['aus', { byNumber: { '200': 'AUS200' }, spaced: true }],
  ['asx', { byNumber: { '200': 'AUS200' }, alone: 'AUS200', spaced: true }],
  ['fra', { byNumber: { '40': 'FR40' }, spaced: true }],
  ['cac', { byNumber: { '40': 'FR40' }, alone: 'FR40', spaced: true }],
  ['hk', { byNumber: { '33': 'HK50', '50': 'HK50' }, spaced: true }],
  ['hsi', { alone: 'HK50' }],
  ['esp', { byNumber: { '35': 'ES35' }, spaced: true }],
  ['ibex', { byNumber: { '35': 'ES35' }, alone: 'ES35', spaced: true }],
  ['eu', { byNumber: { '50': 'EU50' }, spaced: true }],
  ['stoxx', { byNumber: { '50': 'EU50' }, spaced: true }],
]);

/** An asset read at some token: its name, the two currencies of a pair, and where it ends. */
export interface AssetMatch {
  /** Name without the OTC suffix: `EURUSD`, `BTCUSDT`, `AAPL`, `US500`. */
  name: string;
  /** Base and quote of a currency pair, for flags that only illustrate it. */
  base?: string;
  quote?: string;
  /** Index after the last token of the asset (before any OTC suffix). */
  end: number;
}

const isWord = (t: Token | undefined): t is Token => t?.kind === 'word' && !t.used;
const isNum = (t: Token | undefined): t is Token => t?.kind === 'num' && !t.used;

function pair(base: string, quote: string): boolean {
  if (base === quote) return false;
  if (quote === 'usdt') return CRYPTO.has(base);
  return base.length === 3 && CURRENCIES.has(base) && CURRENCIES.has(quote);
}

/** Splits a glued pair (`eurusd`, `btcusdt`, `dogeusdt`) into base and quote. */
function splitGlued(word: string): [string, string] | undefined {
  if (word.length === 6) {
    const base = word.slice(0, 3);
    const quote = word.slice(3);
    return pair(base, quote) ? [base, quote] : undefined;
  }
  if (word.length >= 7 && word.length <= 9 && word.endsWith('usdt')) {
    const base = word.slice(0, -4);
    return pair(base, 'usdt') ? [base, 'usdt'] : undefined;
  }
  return undefined;
}

/** The currency pair starting at `tokens[i]` (`eurusd`, `eur/usd`, `eur / usd`, `eur-usd`), if any. */
function matchPair(tokens: readonly Token[], i: number): AssetMatch | undefined {
  const t = tokens[i];
  if (!isWord(t)) return undefined;
  const glued = splitGlued(t.text);
  if (glued)
    return { name: glued.join('').toUpperCase(), base: glued[0], quote: glued[1], end: i + 1 };
  const slash = tokens[i + 1];
  const quote = tokens[i + 2];
  // "EUR/USD"; "EUR-USD" and "EUR_USD" only written tight (a spaced dash separates fields).
  const joins =
    slash?.text === '/' ||
    ((slash?.text === '-' || slash?.text === '_') && slash.glued && quote?.glued === true);
  if (joins && !slash.used && isWord(quote) && pair(t.text, quote.text)) {
    return {
      name: (t.text + quote.text).toUpperCase(),
      base: t.text,
      quote: quote.text,
      end: i + 3,
    };
  }
  return undefined;
}

/** A stock by name or ticker at `tokens[i]`; `marked` when a `#` precedes it (`#META`). */
function matchStock(tokens: readonly Token[], i: number, marked: boolean): AssetMatch | undefined {
  const t = tokens[i];
  if (!isWord(t)) return undefined;
  const entry = STOCKS.get(t.text);
  if (entry === undefined) return undefined;
  let end = i + 1;
  if (entry.next !== undefined) {
    // "coca cola", "coca-cola", "american express"
    let j = i + 1;
    if (tokens[j]?.text === '-') j += 1;
    if (tokens[j]?.text !== entry.next) return undefined;
    end = j + 1;
  } else if (t.text === 'mcdonald' && tokens[end]?.text === "'" && tokens[end + 1]?.text === 's') {
    end += 2;
  }
  if (entry.needsMark && !marked && otcEnd(tokens, end) === undefined) {
    return undefined;
  }
  return { name: entry.ticker, end };
}

/** An index at `tokens[i]`: `us 500`, `US500`, `s&p 500`, `nasdaq`, `dow jones`. */
function matchIndex(tokens: readonly Token[], i: number): AssetMatch | undefined {
  const t = tokens[i];
  if (!isWord(t)) return undefined;
  if (t.text === 's' && tokens[i + 1]?.text === '&' && tokens[i + 2]?.text === 'p') {
    const n = tokens[i + 3];
    if (isNum(n) && n.text === '500') return { name: 'US500', end: i + 4 };
    return undefined;
  }
  if (t.text === 'dow' && tokens[i + 1]?.text === 'jones') return { name: 'US30', end: i + 2 };
  const entry = INDICES.get(t.text);
  if (entry === undefined) return undefined;
  const n = tokens[i + 1];
  if (isNum(n) && (n.glued || entry.spaced)) {
    const name = entry.byNumber?.[n.text];
    // "US 30 minutes" is a duration, not the Dow.
    const unit = tokens[i + 2];
    if (name !== undefined && !(isWord(unit) && unit.text.startsWith('min'))) {
      return { name, end: i + 2 };
    }
  }
  return entry.alone === undefined ? undefined : { name: entry.alone, end: i + 1 };
}

/** `OTC` right after an asset: `-OTC`, `_otc`, ` OTC`, `(OTC)`. Returns the index after it. */
function otcEnd(tokens: readonly Token[], i: number): number | undefined {
  let j = i;
  const sep = tokens[j]?.text;
  if (sep === '-' || sep === '_' || sep === '(') j += 1;
  const otc = tokens[j];
  if (otc?.kind !== 'word' || otc.text !== 'otc' || otc.used) return undefined;
  j += 1;
  if (sep === '(' && tokens[j]?.text === ')') j += 1;
  return j;
}

/**
 * Reads the first asset of a line's tokens not yet used, marks its tokens used and returns its
 * normalised name (`AAPL-OTC`) with the pair's currencies; `undefined` when the line has none.
 */
export function takeAsset(
  tokens: readonly Token[],
): { asset: string; base?: string; quote?: string } | undefined {
  for (let i = 0; i < tokens.length; i += 1) {
    const t = tokens[i];
    if (!isWord(t)) continue;
    const marked = tokens[i - 1]?.text === '#';
    const match = matchPair(tokens, i) ?? matchStock(tokens, i, marked) ?? matchIndex(tokens, i);
    if (match === undefined) continue;
    const otc = otcEnd(tokens, match.end);
    const end = otc ?? match.end;
    for (let j = i; j < end; j += 1) (tokens[j] as Token).used = true;
    if (marked) (tokens[i - 1] as Token).used = true;
    return {
      asset: otc === undefined ? match.name : `${match.name}-OTC`,
      base: match.base,
      quote: match.quote,
    };
  }
  return undefined;
}

/**
 * Where the first asset among the tokens not yet used starts (its index), without reading it:
 * `-1` when there is none. A line's second asset is found so after `takeAsset` took the first.
 */
export function nextAssetAt(tokens: readonly Token[]): number {
  for (let i = 0; i < tokens.length; i += 1) {
    if (!isWord(tokens[i])) continue;
    const marked = tokens[i - 1]?.text === '#';
    if (matchPair(tokens, i) ?? matchStock(tokens, i, marked) ?? matchIndex(tokens, i)) return i;
  }
  return -1;
}
