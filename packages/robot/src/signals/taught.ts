/**
 * Applies a channel's taught words to one line's tokens before the generic scanner reads them
 * (see `ChannelVocabulary`): taught sides become side flags, taught noise and names are marked
 * read, a taught label takes the number after it. What the scanner must then override is
 * returned; the taught reading wins over the lexicon's.
 */
import { nextAssetAt } from './assets.ts';
import { S, W } from './lexicon.ts';
import type { Token } from './tokenize.ts';
import type { CompiledVocabulary, TaughtWord } from './vocabulary.ts';

/** What the taught words said on one line; `undefined` fields were not taught here. */
export interface TaughtLine {
  asset: string | undefined;
  galeCount: number | undefined;
  timeframeMin: number | undefined;
  cancels: boolean;
  /** A taught label with no number after it (`Proteção:` then nothing readable). */
  labelWithoutValue: Token | undefined;
}

const emptyTaught = (): TaughtLine => ({
  asset: undefined,
  galeCount: undefined,
  timeframeMin: undefined,
  cancels: false,
  labelWithoutValue: undefined,
});

function matchAt(tokens: readonly Token[], k: number, word: TaughtWord): boolean {
  const n = word.tokens.length;
  if (k + n > tokens.length) return false;
  for (let j = 0; j < n; j += 1) {
    const t = tokens[k + j] as Token;
    if (t.used || t.text !== word.tokens[j]) return false;
  }
  // Whole tokens: `alta` is not read inside `altas` (the tokenizer already splits there), nor
  // a phrase's last word glued to more letters.
  const next = tokens[k + n];
  const last = tokens[k + n - 1] as Token;
  return !(next?.glued === true && next.kind === last.kind && last.kind !== 'sym');
}

/** Separators between a label and its value: `Tempo: 5`, `Proteção → 2`, `Exp = 15`. */
const LABEL_GLUE = new Set([':', '-', '=', '>', '→', '➡', '⇒', '»', '–', '—', '|', '.']);

/** The number right after a label (separators skipped), unless it is a clock's hour. */
function valueAfter(tokens: readonly Token[], k: number): Token | undefined {
  let j = k;
  while (j < tokens.length && LABEL_GLUE.has((tokens[j] as Token).text)) j += 1;
  const num = tokens[j];
  if (num?.kind !== 'num' || num.used || num.text.length > 4) return undefined;
  const sep = tokens[j + 1];
  if ((sep?.text === ':' || sep?.text === 'h') && tokens[j + 2]?.kind === 'num') return undefined;
  return num;
}

/**
 * Reads the taught words of one line's tokens, in place (flags and `used`), and returns what
 * they said. Returns `undefined` when no taught word is on the line (the common case).
 */
export function applyTaught(
  tokens: readonly Token[],
  vocabulary: CompiledVocabulary,
): TaughtLine | undefined {
  let taught: TaughtLine | undefined;
  for (let k = 0; k < tokens.length; k += 1) {
    const t = tokens[k] as Token;
    if (t.used) continue;
    const candidates = vocabulary.byFirst.get(t.text);
    if (candidates === undefined) continue;
    const word = candidates.find((w) => matchAt(tokens, k, w));
    if (word === undefined) continue;
    taught ??= emptyTaught();
    const end = k + word.tokens.length;
    const { entry } = word;
    // The phrase's tokens past the first are read with it.
    for (let j = k + 1; j < end; j += 1) (tokens[j] as Token).used = true;
    switch (entry.means) {
      case 'direction': {
        const call = entry.direction === 'CALL';
        t.flags = t.kind === 'sym' ? (call ? S.CALL : S.PUT) : call ? W.CALL : W.PUT;
        break;
      }
      case 'asset':
        t.used = true;
        taught.asset ??= entry.asset;
        break;
      case 'noise':
        t.used = true;
        t.flags = 0;
        break;
      case 'cancel':
        t.used = true;
        taught.cancels = true;
        break;
      case 'gales':
      case 'expiry': {
        t.used = true;
        let value = entry.value;
        if (value === undefined) {
          const num = valueAfter(tokens, end);
          if (num === undefined) taught.labelWithoutValue ??= t;
          else {
            num.used = true;
            value = Number(num.text);
          }
        }
        if (value === undefined) break;
        if (entry.means === 'gales') taught.galeCount ??= value;
        else if (value > 0) taught.timeframeMin ??= value;
        break;
      }
    }
    k = end - 1;
  }
  if (vocabulary.positions.length > 0 && nextAssetAt(tokens) >= 0) {
    for (const rule of vocabulary.positions) {
      const num = bareNumberAt(tokens, rule.position);
      if (num === undefined) continue;
      num.used = true;
      taught ??= emptyTaught();
      const value = Number(num.text);
      if (rule.field === 'gales') taught.galeCount ??= value;
      else if (value > 0) taught.timeframeMin ??= value;
    }
  }
  return taught;
}

/** Symbols that join the tokens of one field: `EUR/USD`, `14:30`, `EURUSD-OTC`, `1.0845`. */
const FIELD_JOINERS: ReadonlySet<string> = new Set([':', '/', '.', ',', '-', '_']);

/**
 * The token of field `position` of a signal's line (1-based from the start, negative from the
 * end; see `VocabularyPosition`) when that field is one bare number not read yet. A field is a
 * run of glued words and numbers (`M5`, `EUR/USD`, `14:30` each count as one); emoji, flags,
 * punctuation and separators between fields are decoration.
 */
function bareNumberAt(tokens: readonly Token[], position: number): Token | undefined {
  const starts: number[] = [];
  const ends: number[] = [];
  for (let k = 0; k < tokens.length; k += 1) {
    const t = tokens[k] as Token;
    if (t.kind === 'sym') continue;
    const prev = tokens[k - 1];
    const before = tokens[k - 2];
    const continues =
      t.glued &&
      prev !== undefined &&
      (prev.kind !== 'sym' ||
        (FIELD_JOINERS.has(prev.text) &&
          prev.glued &&
          before !== undefined &&
          before.kind !== 'sym'));
    if (continues && starts.length > 0) ends[ends.length - 1] = k;
    else {
      starts.push(k);
      ends.push(k);
    }
  }
  const index = position > 0 ? position - 1 : starts.length + position;
  if (index < 0 || index >= starts.length || starts[index] !== ends[index]) return undefined;
  const t = tokens[starts[index] as number] as Token;
  return t.kind === 'num' && !t.used && t.text.length <= 4 ? t : undefined;
}
