import type { VocabularyEntryWire } from '@app/contract';
import { checkVocabulary } from '@app/robot';
import { HttpError } from '../../lib/http-error.ts';

/**
 * A vocabulary as the reader will apply it (`checkVocabulary`, normalised: words trimmed, asset
 * names upper-case), or 400 with the first refused entry's reason `vocabulary.errors.<code>`,
 * its word and its place in the list, so the editor says which entry and why.
 */
export function checkedVocabulary(vocabulary: unknown): VocabularyEntryWire[] {
  const checked = checkVocabulary(vocabulary);
  if (checked.ok) return checked.vocabulary.map((e) => ({ ...e }));
  const first = checked.errors[0] ?? { index: -1, code: 'notAList' as const };
  const key = `vocabulary.errors.${first.code}`;
  throw new HttpError(400, key, { vocabulary: key }, undefined, undefined, {
    index: first.index,
    word: first.word ?? '',
  });
}
