import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Formats cents as an amount with two decimals in the current language (2,00 / 2.00). */
export function useMoneyFormat(): (cents: number) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const format = new Intl.NumberFormat(language, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    return (cents: number) => format.format(cents / 100);
  }, [language]);
}
