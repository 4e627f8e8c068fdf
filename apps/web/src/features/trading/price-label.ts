import type { TFunction } from 'i18next';
import { dynamicKey } from '../../i18n/keys.ts';

/** The name of a market source as a trader knows it: `deriv` → Deriv, `quadcode:1` → IQ Option. */
function sourceName(t: TFunction, source: string): string {
  if (source === 'deriv') return 'Deriv';
  const broker = /^quadcode:(\d+)$/.exec(source)?.[1];
  return broker ? t(dynamicKey(`enums.broker.${broker}`)) : source;
}

/**
 * How a paper order was priced, in the trader's words: "preço de mercado (Deriv)" or "preço
 * simulado" (the seeded walk); null when we did not price it (an order at the broker itself).
 */
export function priceLabel(t: TFunction, source: string | null | undefined): string | null {
  if (source === null || source === undefined || source === '') return null;
  if (source === 'simulated') return t('robot.price.simulated');
  return t('robot.price.market', { source: sourceName(t, source) });
}
