import type { VocabularyEntryWire } from '@app/contract';

/**
 * What the teach form offers, as the codes of one select (`enums.vocabularyKind.<n>`): a side, an
 * asset's name, a gale count or expiry (the label of the number after it, or a fixed value), a
 * word to ignore, a cancellation, or a field's position on the signal line.
 */
export const VOCABULARY_KINDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] as const;
export type VocabularyKind = (typeof VOCABULARY_KINDS)[number];

/** Positions offered for a position rule: the last fields first, then from the start. */
export const VOCABULARY_POSITIONS = [-1, -2, -3, 1, 2, 3, 4, 5, 6] as const;

export interface TeachForm {
  kind: number | '';
  word: string;
  asset: string;
  value: number | '';
  position: number | '';
}

const WORD_KINDS: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 9];
export const kindTakesWord = (kind: number | ''): boolean => WORD_KINDS.includes(Number(kind));
export const kindTakesValue = (kind: number | ''): boolean => kind === 5 || kind === 7;
export const kindTakesAsset = (kind: number | ''): boolean => kind === 3;
export const kindTakesPosition = (kind: number | ''): boolean => kind === 10 || kind === 11;

export function emptyTeachForm(word = ''): TeachForm {
  return { kind: '', word, asset: '', value: '', position: '' };
}

/** The wire entry of the form's values (the server checks it: shapes, ranges, the lexicon). */
export function entryOfForm(v: TeachForm): VocabularyEntryWire {
  const word = v.word.trim();
  const value = v.value === '' ? undefined : Number(v.value);
  switch (v.kind) {
    case 1:
    case 2:
      return { means: 'direction', word, direction: v.kind === 1 ? 'CALL' : 'PUT' };
    case 3:
      return { means: 'asset', word, asset: v.asset.trim().toUpperCase() };
    case 4:
      return { means: 'gales', word };
    case 5:
      return { means: 'gales', word, ...(value === undefined ? {} : { value }) };
    case 6:
      return { means: 'expiry', word };
    case 7:
      return { means: 'expiry', word, ...(value === undefined ? {} : { value }) };
    case 8:
      return { means: 'noise', word };
    case 9:
      return { means: 'cancel', word };
    default:
      return {
        means: 'position',
        field: v.kind === 11 ? 'gales' : 'expiry',
        position: v.position === '' ? 0 : Number(v.position),
      };
  }
}

/** The form's values of an entry (to edit it). */
export function formOfEntry(e: VocabularyEntryWire): TeachForm {
  const base = emptyTeachForm(e.word ?? '');
  switch (e.means) {
    case 'direction':
      return { ...base, kind: e.direction === 'PUT' ? 2 : 1 };
    case 'asset':
      return { ...base, kind: 3, asset: e.asset ?? '' };
    case 'gales':
      return { ...base, kind: e.value === undefined ? 4 : 5, value: e.value ?? '' };
    case 'expiry':
      return { ...base, kind: e.value === undefined ? 6 : 7, value: e.value ?? '' };
    case 'noise':
      return { ...base, kind: 8 };
    case 'cancel':
      return { ...base, kind: 9 };
    case 'position':
      return { ...base, kind: e.field === 'gales' ? 11 : 10, position: e.position ?? '' };
  }
}

/** Whether two entries teach the same word or position (a new one replaces the old). */
export function sameSubject(a: VocabularyEntryWire, b: VocabularyEntryWire): boolean {
  if (a.means === 'position' || b.means === 'position') {
    return a.means === b.means && a.position === b.position;
  }
  const fold = (w: string | undefined) =>
    (w ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
  return fold(a.word) === fold(b.word);
}

/** The vocabulary with `entry` taught: it replaces an entry about the same word or position. */
export function withEntry(
  vocabulary: readonly VocabularyEntryWire[],
  entry: VocabularyEntryWire,
): VocabularyEntryWire[] {
  const at = vocabulary.findIndex((e) => sameSubject(e, entry));
  if (at < 0) return [...vocabulary, entry];
  return vocabulary.map((e, i) => (i === at ? entry : e));
}
