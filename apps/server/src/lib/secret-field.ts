import { ErrorCode, FieldMsg } from '@app/contract';
import { HttpError } from './http-error.ts';

/**
 * One rule for every secret field: a typed value replaces the stored secret, a blank
 * keeps it, an explicit remove deletes it (a value typed in the same save replaces it instead:
 * both say "not the stored one").
 * Returns the column's next value: sealed text, or null for no secret.
 */
export function nextSecret(input: {
  value: string;
  remove: boolean;
  stored: string | null;
  seal: (value: string) => string;
}): string | null {
  if (input.value !== '') return input.seal(input.value);
  return input.remove ? null : input.stored;
}

/** A blank secret with nothing stored to keep: the save has no secret to work with. */
export function secretRequired(field: string): HttpError {
  return new HttpError(400, ErrorCode.invalidParams, { [field]: FieldMsg.secretRequired });
}
