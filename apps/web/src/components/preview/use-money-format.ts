import { useTradingFormat } from '../../lib/trading-format.ts';

/**
 * Formats cents as an amount with two decimals in the current language (2,00 / 2.00): the trading
 * formats' `money`, one function per language, the same on every render.
 */
export function useMoneyFormat(): (cents: number) => string {
  return useTradingFormat().money;
}
