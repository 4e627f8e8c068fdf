import type { Currency } from '@app/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '../../lib/intl-format.ts';

/** Formats cents of a plan's currency as the trader's language writes money (R$ 80,00 / $80.00). */
export function usePriceFormat(): (cents: number, currency: Currency) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useCallback(
    (cents, currency) =>
      numberFormat(language, {
        style: 'currency',
        currency: currency === 'usd' ? 'USD' : 'BRL',
      }).format(cents / 100),
    [language],
  );
}
