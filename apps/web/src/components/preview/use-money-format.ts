import { useTranslation } from 'react-i18next';
import { MONEY_DIGITS, numberFormat } from '../../lib/intl-format.ts';

/** One function per language: the same one on every render, as the memoised one was. */
const byLanguage = new Map<string, (cents: number) => string>();

/** Formats cents as an amount with two decimals in the current language (2,00 / 2.00). */
export function useMoneyFormat(): (cents: number) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  let format = byLanguage.get(language);
  if (format === undefined) {
    const money = numberFormat(language, MONEY_DIGITS);
    format = (cents: number) => money.format(cents / 100);
    byLanguage.set(language, format);
  }
  return format;
}
