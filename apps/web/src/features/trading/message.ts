import type { RobotMessage } from '@app/contract';
import type { TFunction } from 'i18next';
import { dynamicKey, type I18nKey } from '../../i18n/keys.ts';
import { MONEY_DIGITS, numberFormat } from '../../lib/intl-format.ts';
import { priceLabel } from './price-label.ts';

/**
 * Where the label of a coded param is looked up, first match wins. `reason` and `error` carry
 * codes of several stages (a refusal, a stop, a broker's answer, a strategy's), so they try each.
 */
const CODE_LOOKUP: Record<string, (code: string) => string[]> = {
  reason: (code) => [
    `robot.value.reason.${code}`,
    `robot.value.stopReason.${code}`,
    `robot.order.${code}`,
    `robot.refusal.${code}`,
  ],
  error: (code) => [`robot.order.${code}`, `robot.value.reason.${code}`],
  stopReason: (code) => [`robot.value.stopReason.${code}`],
  strategy: (code) => [`robot.value.strategy.${code}`],
  galeSchedule: (code) => [`robot.value.galeSchedule.${code}`],
  missing: (code) => [`robot.value.missing.${code}`],
  direction: (code) => [`trading.direction.${code}`],
  accountType: (code) => [`enums.accType.${code}`],
  brokerId: (code) => [`enums.broker.${code}`],
};

/**
 * A robot message as the trader reads it: `t(key, params)` with money (`…Cents`) in the locale,
 * coded params (`reason`, `stopReason`, `direction`, `accountType`…) as their own translated
 * words, and the `_entry` variant of the text when `galeLevel` is 0 or null (the entry).
 * The server never sends prose (DESIGN §7.1: reason keys). A key this panel does not know reads
 * as `fallback` rather than as the raw key; an unknown code as "reason not given".
 */
export function messageText(
  t: TFunction,
  language: string,
  message: RobotMessage,
  fallback: string = t('robot.value.none'),
): string {
  const money = numberFormat(language, MONEY_DIGITS);
  const numbers = numberFormat(language);
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(message.params)) {
    if (name === 'priceSource') continue;
    const lookup = CODE_LOOKUP[name];
    if (value === null) params[name] = t('robot.value.none');
    else if (Array.isArray(value))
      params[name] = value.map((cents) => money.format(cents / 100)).join(' / ');
    else if (typeof value === 'number' && name.endsWith('Cents'))
      params[name] = money.format(value / 100);
    else if (lookup && (typeof value === 'string' || typeof value === 'number'))
      params[name] = t(lookup(String(value)) as I18nKey[], {
        defaultValue: t('robot.value.reason.unknown'),
      });
    else if (typeof value === 'boolean') params[name] = t(dynamicKey(`robot.value.yesNo.${value}`));
    else if (typeof value === 'number') params[name] = numbers.format(value);
    else params[name] = String(value);
  }
  // Gale 0 is the entry; a step between sequences (no gale level) waits for the next entry.
  const { galeLevel } = message.params;
  const context =
    galeLevel === 0 || (galeLevel === null && 'galeLevel' in message.params) ? 'entry' : undefined;
  const text = t(dynamicKey(message.key), {
    ...params,
    ...(context ? { context } : {}),
    defaultValue: fallback,
  });
  // A paper result says how it was priced: at the market, or on the simulator's own walk.
  const price = priceLabel(
    t,
    typeof message.params.priceSource === 'string' ? message.params.priceSource : null,
  );
  return price ? `${text.replace(/\.\s*$/, '')} · ${price}.` : text;
}
