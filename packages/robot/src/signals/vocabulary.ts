/**
 * A channel's taught vocabulary (see `ChannelVocabulary`): the validator the card's save runs, and
 * the compiled form the reader looks words up in. Pure; nothing here throws on bad input.
 */
import { takeAsset } from './assets.ts';
import { foldText } from './fold-text.ts';
import { S, W } from './lexicon.ts';
import { tokenize, type Token } from './tokenize.ts';
import type {
  ChannelVocabulary,
  SignalDirection,
  VocabularyEntry,
  VocabularyPosition,
} from './types.ts';

/** At most this many entries per channel. */
export const MAX_VOCABULARY_ENTRIES = 100;
/** A taught word or phrase is at most this many characters (as typed, trimmed). */
export const MAX_VOCABULARY_WORD_LENGTH = 40;
/** A taught gale count is 0…this. */
export const MAX_VOCABULARY_GALES = 10;
/** A taught expiry is 1…this many minutes (a day). */
export const MAX_VOCABULARY_EXPIRY_MIN = 1440;
/** A position rule names a field 1…this from the start, or −1…−this from the end. */
export const MAX_VOCABULARY_POSITION = 20;

/**
 * Why an entry was refused (the card's editor translates `vocabulary.errors.<code>`):
 * - `notAList`: the vocabulary is not an array (`index` −1);
 * - `tooMany`: more than `MAX_VOCABULARY_ENTRIES` entries (`index` of the first one too many);
 * - `notAnEntry`: the entry is not an object;
 * - `unknownMeaning`: `means` is none of the kinds;
 * - `unknownField`: a property the kind does not have, or a position's `field` that is not
 *   `expiry` / `gales`;
 * - `emptyWord`: no word, or only punctuation;
 * - `tooLong`: the word is longer than `MAX_VOCABULARY_WORD_LENGTH`;
 * - `numericWord`: the word is only digits (numbers are values, not words);
 * - `duplicate`: the same word (folded) or the same position taught twice;
 * - `contradictsLexicon`: the lexicon reads the word otherwise in a way that cannot be overridden
 *   (`CALL` = PUT, `PUT` ignored, `EURUSD` = CALL, `cancelado` = an asset);
 * - `badValue`: a side that is not CALL / PUT, an asset name that is not one, a gale count or
 *   expiry out of range or not whole, a position 0 or beyond the limit.
 */
export type VocabularyErrorCode =
  | 'notAList'
  | 'tooMany'
  | 'notAnEntry'
  | 'unknownMeaning'
  | 'unknownField'
  | 'emptyWord'
  | 'tooLong'
  | 'numericWord'
  | 'duplicate'
  | 'contradictsLexicon'
  | 'badValue';

export interface VocabularyError {
  /** Index of the entry in the given list (−1: the list itself). */
  index: number;
  code: VocabularyErrorCode;
  /** The entry's word as given, when it has one. */
  word?: string;
}

export type VocabularyCheck =
  | { ok: true; vocabulary: ChannelVocabulary }
  | {
      ok: false;
      errors: VocabularyError[];
      /** The entries that passed, normalised: what a reader may still apply. */
      valid: ChannelVocabulary;
    };

const KEYS: Readonly<Record<VocabularyEntry['means'], readonly string[]>> = {
  direction: ['means', 'word', 'direction'],
  asset: ['means', 'word', 'asset'],
  gales: ['means', 'word', 'value'],
  expiry: ['means', 'word', 'value'],
  noise: ['means', 'word'],
  cancel: ['means', 'word'],
  position: ['means', 'field', 'position'],
};

/** The folded token texts of a taught word, outer punctuation dropped: `'Tempo:'` → `['tempo']`. */
export function wordTokens(word: string): string[] {
  const folded = foldText(word);
  const tokens: Token[] = [];
  tokenize(folded, 0, folded.length, tokens);
  const texts = tokens.map((t) => t.text);
  const meaningful = (t: Token): boolean => t.kind !== 'sym' || t.flags !== 0 || !isPunct(t.text);
  let from = 0;
  let to = tokens.length;
  while (from < to && !meaningful(tokens[from] as Token)) from += 1;
  while (to > from && !meaningful(tokens[to - 1] as Token)) to -= 1;
  // Only ASCII punctuation (":", "--"): no word at all. A symbol ("→", "🔵") is a word.
  return texts.slice(from, to);
}
const isPunct = (text: string): boolean => /^[!-/:-@[-`{-~]$/.test(text);

/** What the generic lexicon reads in a word: its side(s), an asset, a cancellation. */
interface LexiconReading {
  sides: Set<SignalDirection>;
  asset: string | undefined;
  cancels: boolean;
}

function lexiconReading(word: string): LexiconReading {
  const folded = foldText(word);
  const tokens: Token[] = [];
  tokenize(folded, 0, folded.length, tokens);
  const sides = new Set<SignalDirection>();
  let cancels = false;
  for (const t of tokens) {
    if (t.kind === 'word') {
      if ((t.flags & W.CALL) !== 0) sides.add('CALL');
      if ((t.flags & W.PUT) !== 0) sides.add('PUT');
      if ((t.flags & W.CANCEL) !== 0) cancels = true;
    } else if (t.kind === 'sym') {
      if ((t.flags & S.CALL) !== 0) sides.add('CALL');
      if ((t.flags & S.PUT) !== 0) sides.add('PUT');
    }
  }
  const asset = takeAsset(tokens)?.asset;
  return { sides, asset, cancels };
}

const ASSET_NAME = /^[A-Z0-9]{2,12}(-OTC)?$/;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isWhole = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** Checks one entry; returns it normalised, or the reason it is refused. */
function checkEntry(raw: unknown): VocabularyEntry | VocabularyErrorCode {
  if (!isRecord(raw)) return 'notAnEntry';
  const means = raw.means;
  if (typeof means !== 'string' || !(means in KEYS)) return 'unknownMeaning';
  const kind = means as VocabularyEntry['means'];
  for (const key of Object.keys(raw)) if (!KEYS[kind].includes(key)) return 'unknownField';
  if (kind === 'position') {
    if (raw.field !== 'expiry' && raw.field !== 'gales') return 'unknownField';
    const p = raw.position;
    if (!isWhole(p, -MAX_VOCABULARY_POSITION, MAX_VOCABULARY_POSITION) || p === 0) {
      return 'badValue';
    }
    return { means: 'position', field: raw.field, position: p };
  }
  if (typeof raw.word !== 'string') return 'emptyWord';
  const word = raw.word.trim();
  if (word === '') return 'emptyWord';
  if (word.length > MAX_VOCABULARY_WORD_LENGTH) return 'tooLong';
  const tokens = wordTokens(word);
  if (tokens.length === 0) return 'emptyWord';
  if (tokens.every((t) => /^\d+$/.test(t))) return 'numericWord';
  const lexicon = lexiconReading(word);
  const sided = lexicon.sides.size > 0;
  switch (kind) {
    case 'direction': {
      const direction = raw.direction;
      if (direction !== 'CALL' && direction !== 'PUT') return 'badValue';
      const opposite = direction === 'CALL' ? 'PUT' : 'CALL';
      if (lexicon.sides.has(opposite) || lexicon.asset !== undefined || lexicon.cancels) {
        return 'contradictsLexicon';
      }
      return { means: 'direction', word, direction };
    }
    case 'asset': {
      const asset = typeof raw.asset === 'string' ? raw.asset.trim().toUpperCase() : '';
      if (!ASSET_NAME.test(asset)) return 'badValue';
      if (sided || lexicon.cancels) return 'contradictsLexicon';
      if (lexicon.asset !== undefined && lexicon.asset !== asset) return 'contradictsLexicon';
      return { means: 'asset', word, asset };
    }
    case 'gales':
    case 'expiry': {
      const value = raw.value;
      const [min, max] =
        kind === 'gales' ? [0, MAX_VOCABULARY_GALES] : [1, MAX_VOCABULARY_EXPIRY_MIN];
      if (value !== undefined && !isWhole(value, min, max)) return 'badValue';
      if (sided || lexicon.asset !== undefined || lexicon.cancels) return 'contradictsLexicon';
      return value === undefined ? { means: kind, word } : { means: kind, word, value };
    }
    case 'noise':
    case 'cancel':
      if (sided || lexicon.asset !== undefined) return 'contradictsLexicon';
      if (kind === 'noise' && lexicon.cancels) return 'contradictsLexicon';
      return { means: kind, word };
  }
}

const keyOf = (entry: VocabularyEntry): string =>
  entry.means === 'position'
    ? `position ${entry.position}`
    : `word ${wordTokens(entry.word).join(' ')}`;

/**
 * Validates a vocabulary as a card's save receives it (any JSON value). Example:
 * `checkVocabulary([{ means: 'direction', word: 'CALL', direction: 'PUT' }])` →
 * `{ ok: false, errors: [{ index: 0, code: 'contradictsLexicon', word: 'CALL' }], valid: [] }`;
 * `checkVocabulary([{ means: 'direction', word: ' Alta ', direction: 'CALL' }])` →
 * `{ ok: true, vocabulary: [{ means: 'direction', word: 'Alta', direction: 'CALL' }] }`.
 */
export function checkVocabulary(v: unknown): VocabularyCheck {
  if (!Array.isArray(v)) return { ok: false, errors: [{ index: -1, code: 'notAList' }], valid: [] };
  const errors: VocabularyError[] = [];
  const valid: VocabularyEntry[] = [];
  const keys = new Set<string>();
  v.forEach((raw: unknown, index) => {
    const word = isRecord(raw) && typeof raw.word === 'string' ? raw.word : undefined;
    const fail = (code: VocabularyErrorCode): void => {
      errors.push(word === undefined ? { index, code } : { index, code, word });
    };
    if (index >= MAX_VOCABULARY_ENTRIES) {
      if (index === MAX_VOCABULARY_ENTRIES) fail('tooMany');
      return;
    }
    const checked = checkEntry(raw);
    if (typeof checked === 'string') return fail(checked);
    const key = keyOf(checked);
    if (keys.has(key)) return fail('duplicate');
    keys.add(key);
    valid.push(checked);
  });
  return errors.length === 0 ? { ok: true, vocabulary: valid } : { ok: false, errors, valid };
}

/** A taught word, ready to be matched against a line's tokens. */
export interface TaughtWord {
  /** Folded token texts, matched in sequence. */
  tokens: readonly string[];
  entry: Exclude<VocabularyEntry, VocabularyPosition>;
}

/** A vocabulary compiled for reading: words by their first token, longest phrase first. */
export interface CompiledVocabulary {
  byFirst: ReadonlyMap<string, readonly TaughtWord[]>;
  positions: readonly VocabularyPosition[];
}

const compiled = new WeakMap<ChannelVocabulary, CompiledVocabulary>();

/** Compiles (once per vocabulary object) the entries a reader applies; assumes checked entries. */
export function compileVocabulary(vocabulary: ChannelVocabulary): CompiledVocabulary {
  const known = compiled.get(vocabulary);
  if (known !== undefined) return known;
  const byFirst = new Map<string, TaughtWord[]>();
  const positions: VocabularyPosition[] = [];
  for (const entry of vocabulary) {
    if (entry.means === 'position') {
      positions.push(entry);
      continue;
    }
    const tokens = wordTokens(entry.word);
    const first = tokens[0];
    if (first === undefined) continue;
    const list = byFirst.get(first) ?? [];
    list.push({ tokens, entry });
    list.sort((a, b) => b.tokens.length - a.tokens.length);
    byFirst.set(first, list);
  }
  const result: CompiledVocabulary = { byFirst, positions };
  compiled.set(vocabulary, result);
  return result;
}
