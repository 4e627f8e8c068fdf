import { describe, expect, it } from 'vitest';
import { channelSignalSettingsFromCard } from './channel-settings.ts';
import {
  checkVocabulary,
  MAX_VOCABULARY_ENTRIES,
  MAX_VOCABULARY_WORD_LENGTH,
  type VocabularyErrorCode,
} from './vocabulary.ts';

const codeOf = (entry: unknown): VocabularyErrorCode | undefined => {
  const checked = checkVocabulary([entry]);
  return checked.ok ? undefined : checked.errors[0]?.code;
};

describe('checkVocabulary', () => {
  it('accepts each kind of entry, normalised', () => {
    const checked = checkVocabulary([
      { means: 'direction', word: ' Alta ', direction: 'CALL' },
      { means: 'direction', word: '🔵', direction: 'PUT' },
      { means: 'asset', word: 'Ouro', asset: 'xauusd' },
      { means: 'gales', word: 'Proteção' },
      { means: 'gales', word: 'SG', value: 0 },
      { means: 'expiry', word: 'Tempo:' },
      { means: 'expiry', word: 'Turbo', value: 1 },
      { means: 'noise', word: 'VIP' },
      { means: 'cancel', word: 'Furou' },
      { means: 'position', field: 'expiry', position: -1 },
    ]);
    expect(checked).toEqual({
      ok: true,
      vocabulary: [
        { means: 'direction', word: 'Alta', direction: 'CALL' },
        { means: 'direction', word: '🔵', direction: 'PUT' },
        { means: 'asset', word: 'Ouro', asset: 'XAUUSD' },
        { means: 'gales', word: 'Proteção' },
        { means: 'gales', word: 'SG', value: 0 },
        { means: 'expiry', word: 'Tempo:' },
        { means: 'expiry', word: 'Turbo', value: 1 },
        { means: 'noise', word: 'VIP' },
        { means: 'cancel', word: 'Furou' },
        { means: 'position', field: 'expiry', position: -1 },
      ],
    });
  });

  it.each<[string, unknown, VocabularyErrorCode]>([
    [
      'CALL taught as PUT',
      { means: 'direction', word: 'CALL', direction: 'PUT' },
      'contradictsLexicon',
    ],
    [
      'a red square taught as CALL',
      { means: 'direction', word: '🟥', direction: 'CALL' },
      'contradictsLexicon',
    ],
    ['venda ignored', { means: 'noise', word: 'Venda' }, 'contradictsLexicon'],
    [
      'an asset taught as a side',
      { means: 'direction', word: 'EURUSD', direction: 'CALL' },
      'contradictsLexicon',
    ],
    [
      'a pair taught as another',
      { means: 'asset', word: 'EUR/USD', asset: 'GBPUSD' },
      'contradictsLexicon',
    ],
    ['cancelado taught as noise', { means: 'noise', word: 'cancelado' }, 'contradictsLexicon'],
    ['a blank word', { means: 'noise', word: '  ' }, 'emptyWord'],
    ['punctuation only', { means: 'expiry', word: ':' }, 'emptyWord'],
    ['no word', { means: 'noise' }, 'emptyWord'],
    [
      'a long word',
      { means: 'noise', word: 'x'.repeat(MAX_VOCABULARY_WORD_LENGTH + 1) },
      'tooLong',
    ],
    ['a number', { means: 'noise', word: '15' }, 'numericWord'],
    ['an unknown kind', { means: 'colour', word: 'azul' }, 'unknownMeaning'],
    ['an extra property', { means: 'noise', word: 'vip', direction: 'CALL' }, 'unknownField'],
    [
      'a position of another field',
      { means: 'position', field: 'asset', position: 1 },
      'unknownField',
    ],
    ['position 0', { means: 'position', field: 'gales', position: 0 }, 'badValue'],
    ['a side that is none', { means: 'direction', word: 'alta', direction: 'UP' }, 'badValue'],
    ['an asset that is no name', { means: 'asset', word: 'ouro', asset: 'gold price' }, 'badValue'],
    ['a fractional expiry', { means: 'expiry', word: 'turbo', value: 1.5 }, 'badValue'],
    ['a negative gale count', { means: 'gales', word: 'sg', value: -1 }, 'badValue'],
    ['not an object', 'ALTA=CALL', 'notAnEntry'],
  ])('refuses %s', (_name, entry, code) => {
    expect(codeOf(entry)).toBe(code);
  });

  it('refuses the same word twice, folded, and keeps the first', () => {
    const checked = checkVocabulary([
      { means: 'direction', word: 'Alta', direction: 'CALL' },
      { means: 'noise', word: 'ALTA' },
      { means: 'position', field: 'expiry', position: -1 },
      { means: 'position', field: 'gales', position: -1 },
    ]);
    expect(checked).toEqual({
      ok: false,
      errors: [
        { index: 1, code: 'duplicate', word: 'ALTA' },
        { index: 3, code: 'duplicate' },
      ],
      valid: [
        { means: 'direction', word: 'Alta', direction: 'CALL' },
        { means: 'position', field: 'expiry', position: -1 },
      ],
    });
  });

  it('refuses more than the limit and a value that is not a list', () => {
    const many = Array.from({ length: MAX_VOCABULARY_ENTRIES + 2 }, (_, k) => ({
      means: 'noise',
      word: `w${k}`,
    }));
    const checked = checkVocabulary(many);
    expect(checked.ok).toBe(false);
    if (!checked.ok) {
      expect(checked.errors).toEqual([
        { index: MAX_VOCABULARY_ENTRIES, code: 'tooMany', word: `w${MAX_VOCABULARY_ENTRIES}` },
      ]);
      expect(checked.valid).toHaveLength(MAX_VOCABULARY_ENTRIES);
    }
    expect(checkVocabulary({ alta: 'CALL' })).toEqual({
      ok: false,
      errors: [{ index: -1, code: 'notAList' }],
      valid: [],
    });
  });

  it('reaches the settings from the card, keeping only the entries that pass', () => {
    const settings = channelSignalSettingsFromCard({
      vocabulary: [
        { means: 'direction', word: 'Alta', direction: 'CALL' },
        { means: 'direction', word: 'CALL', direction: 'PUT' },
      ],
    });
    expect(settings.vocabulary).toEqual([{ means: 'direction', word: 'Alta', direction: 'CALL' }]);
    expect(channelSignalSettingsFromCard({ vocabulary: 'junk' }).vocabulary).toBeUndefined();
    expect(channelSignalSettingsFromCard({}).vocabulary).toBeUndefined();
  });
});
