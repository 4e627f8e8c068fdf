/**
 * Splits one folded line into tokens in a single pass: runs of ASCII letters (words), runs of
 * digits (numbers) and single symbols (punctuation, an emoji, a flag). Each token carries its
 * keyword classes from the lexicon, so recognisers compare numbers instead of running patterns.
 */
import {
  LINE as LINE_FLAGS,
  S as SYMBOL_FLAGS,
  symbolFlags as symbolFlagsOf,
  wordFlags as wordFlagsOf,
} from './lexicon.ts';

// Local aliases: under a CommonJS transform (tsx, the bench) every use of an imported binding is
// a getter call, and these run once per token.
const LINE = LINE_FLAGS;
const S = SYMBOL_FLAGS;
const symbolFlags = symbolFlagsOf;
const wordFlags = wordFlagsOf;

export type TokenKind = 'word' | 'num' | 'sym';

export interface Token {
  kind: TokenKind;
  text: string;
  /** No whitespace between this token and the one before it (`M5`: `m` then glued `5`). */
  glued: boolean;
  /** Keyword classes: `W` flags for words, `S` flags for symbols, 0 for numbers. */
  flags: number;
  /** A recogniser has read this token; later recognisers skip it. */
  used: boolean;
  /** Offsets of the token in the folded text given to `tokenize` (end exclusive). */
  start: number;
  end: number;
}

const isSpace = (c: number): boolean =>
  c <= 32 ||
  c === 0x85 ||
  c === 0xa0 ||
  c === 0x1680 ||
  (c >= 0x2000 && c <= 0x200a) ||
  c === 0x2028 ||
  c === 0x2029 ||
  c === 0x202f ||
  c === 0x205f ||
  c === 0x3000 ||
  c === 0xfeff;
/** Whether `text` is only whitespace (like `text.trim() === ''`, without building a string). */
export function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) if (!isSpace(text.charCodeAt(i))) return false;
  return true;
}
/** Whether `text[from, to)` is only whitespace. */
export function isBlankRange(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i += 1) if (!isSpace(text.charCodeAt(i))) return false;
  return true;
}
const isLetter = (c: number): boolean => c >= 97 && c <= 122;
const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isRegionalIndicatorHigh = (text: string, i: number): boolean =>
  text.charCodeAt(i) === 0xd83c &&
  text.charCodeAt(i + 1) >= 0xdde6 &&
  text.charCodeAt(i + 1) <= 0xddff;

/** A symbol's text and classes, made once per code point seen. */
interface KnownSymbol {
  text: string;
  flags: number;
}
const knownSymbols = new Map<number, KnownSymbol>();

function symbolOf(text: string, start: number, end: number): KnownSymbol {
  const first = text.charCodeAt(start);
  const second = end - start === 2 ? text.charCodeAt(start + 1) : -1;
  // A surrogate pair is its code point; a high surrogate glued to something else gets a key of
  // its own above every code point.
  const codePoint =
    second < 0
      ? first
      : second >= 0xdc00 && second <= 0xdfff
        ? (first - 0xd800) * 0x400 + (second - 0xdc00) + 0x10000
        : 0x110000 + (first - 0xd800) * 0x10000 + second;
  let known = knownSymbols.get(codePoint);
  if (known === undefined) {
    const symbol = text.slice(start, end);
    known = { text: symbol, flags: symbolFlags(symbol) };
    knownSymbols.set(codePoint, known);
  }
  return known;
}

// Token objects are reused from line to line and message to message: reading allocates only
// the token texts. `tokenize` hands them out in order; its caller finishes with one line's tokens
// before asking for the next line's.
const pool: Token[] = [];

/**
 * Replaces the contents of `out` with the tokens of `text[from, to)` (a folded line) and returns
 * what the line contains: the `W` classes of all its words, with `LINE.NUM` and `LINE.FLAG`. The
 * token objects are reused by the next call: read them before tokenizing again.
 */
export function tokenize(text: string, from: number, to: number, out: Token[]): number {
  out.length = 0;
  let summary = 0;
  let glued = false;
  let i = from;
  while (i < to) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      glued = false;
      i += 1;
      continue;
    }
    const start = i;
    let kind: TokenKind;
    if (isLetter(c)) {
      kind = 'word';
      do i += 1;
      while (i < to && isLetter(text.charCodeAt(i)));
    } else if (isDigit(c)) {
      kind = 'num';
      do i += 1;
      while (i < to && isDigit(text.charCodeAt(i)));
    } else {
      kind = 'sym';
      // One code point; a flag is two regional indicators read as one symbol.
      i += c >= 0xd800 && c <= 0xdbff && i + 1 < to ? 2 : 1;
      if (isRegionalIndicatorHigh(text, start) && i + 1 < to && isRegionalIndicatorHigh(text, i)) {
        i += 2;
      }
    }
    let tokenText: string;
    let flags = 0;
    if (kind === 'word') {
      tokenText = text.slice(start, i);
      flags = wordFlags(tokenText);
      summary |= flags;
    } else if (kind === 'num') {
      tokenText = text.slice(start, i);
      summary |= LINE.NUM;
    } else if (i - start === 4) {
      tokenText = text.slice(start, i);
      flags = S.FLAG;
      summary |= LINE.FLAG;
    } else {
      // One code point: its text and classes looked up by number, not sliced and hashed anew.
      const symbol = symbolOf(text, start, i);
      tokenText = symbol.text;
      flags = symbol.flags;
    }
    let token = pool[out.length];
    if (token === undefined) {
      token = { kind, text: tokenText, glued, flags, used: false, start, end: i };
      pool.push(token);
    } else {
      token.kind = kind;
      token.text = tokenText;
      token.glued = glued;
      token.flags = flags;
      token.used = false;
      token.start = start;
      token.end = i;
    }
    out.push(token);
    glued = true;
  }
  return summary;
}
