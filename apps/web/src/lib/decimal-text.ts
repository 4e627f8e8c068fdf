import { DECIMAL_STYLES, numberFormat } from './intl-format.ts';

/**
 * A number as the trader types it, in the panel's language: pt-BR and es-ES write "2,5" and
 * "1.250,50" (comma decimal, point thousands), en-US "2.5" and "1,250.50". Anything that could be
 * read two ways is refused, never guessed: "2.2.2", "2,2.2", "2.50" in pt-BR (a point groups
 * thousands there, and "50" is no group of three), "2,2" in en-US. A separator never becomes a
 * digit (the old `type="number"` input read "2,2" as 22).
 */
export type DecimalText =
  | { kind: 'empty' }
  | { kind: 'number'; value: number }
  /** Not a number in this language: the field says how the language writes one. */
  | { kind: 'refused' };

const EMPTY: DecimalText = { kind: 'empty' };
const REFUSED: DecimalText = { kind: 'refused' };

/** The separators of `language`; any other language reads as en-US. */
export function separatorsOf(language: string): { group: string; decimal: string } {
  return DECIMAL_STYLES[language] ?? { group: ',', decimal: '.' };
}

const escape = (char: string): string => `\\${char}`;

export function parseDecimal(text: string, language: string): DecimalText {
  const { group, decimal } = separatorsOf(language);
  const trimmed = text.trim();
  if (trimmed === '') return EMPTY;
  // A leading minus (ASCII or the typographic one a phone keyboard may offer).
  const negative = /^[-\u2212]/.test(trimmed);
  const body = negative ? trimmed.slice(1) : trimmed;
  const parts = body.split(decimal);
  if (parts.length > 2) return REFUSED;
  const [whole = '', fraction = ''] = parts;
  if (!/^\d*$/.test(fraction)) return REFUSED;
  let digits: string;
  if (whole.includes(group)) {
    // Thousands only in groups of three after one to three digits: "1.250", "12.500.000".
    const grouped = new RegExp(`^\\d{1,3}(?:${escape(group)}\\d{3})+$`);
    if (!grouped.test(whole)) return REFUSED;
    digits = whole.split(group).join('');
  } else {
    if (!/^\d*$/.test(whole)) return REFUSED;
    digits = whole;
  }
  // "2," while typing is 2 and ",5" is 0,5; a lone separator is nothing.
  if (digits === '' && fraction === '') return REFUSED;
  const value = Number(`${digits || '0'}.${fraction || '0'}`);
  if (!Number.isFinite(value)) return REFUSED;
  return { kind: 'number', value: negative && value !== 0 ? -value : value };
}

/** Digits kept when a saved value is written back into its input (a stake, a factor, a rate). */
const INPUT_DIGITS: Intl.NumberFormatOptions = Object.freeze({ maximumFractionDigits: 8 });

/**
 * A value as its input shows it in `language`: 2.5 → "2,5" in pt-BR, 2200.5 → "2.200,5";
 * without `grouping` a code such as a port reads 3128, not "3.128".
 */
export function formatDecimal(value: number, language: string, grouping = true): string {
  const text = numberFormat(language, INPUT_DIGITS).format(value);
  return grouping ? text : text.split(separatorsOf(language).group).join('');
}
