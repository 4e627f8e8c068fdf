import type { TradingMessage } from '@app/contract';
import type { TFunction } from 'i18next';
import { dynamicKey } from '../../i18n/keys.ts';

/** Params whose value is a code with its own label, `robot.value.<name>.<code>`. */
const CODED = new Set(['reason', 'strategy', 'stopReason', 'galeSchedule']);

/**
 * A robot message as the trader reads it: `t(key, params)` with money (`…Cents`) in the locale,
 * a param that is itself a `robot.…` key translated, coded params (`reason`, `strategy`,
 * `stopReason`…) as their own words, account type, broker and direction by their labels. The
 * server never sends prose (DESIGN §7.1: reason keys). A key this panel does not know yet reads
 * as `fallback` rather than as the raw key.
 */
export function messageText(
  t: TFunction,
  language: string,
  message: TradingMessage,
  fallback: string = t('robot.value.none'),
): string {
  const money = new Intl.NumberFormat(language, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const numbers = new Intl.NumberFormat(language);
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(message.params)) {
    if (value === null) params[name] = t('robot.value.none');
    else if (Array.isArray(value))
      params[name] = value.map((cents) => money.format(cents / 100)).join(' / ');
    else if (typeof value === 'number' && name.endsWith('Cents'))
      params[name] = money.format(value / 100);
    else if (typeof value === 'string' && value.startsWith('robot.'))
      params[name] = t(dynamicKey(value), { defaultValue: value });
    else if (name === 'accountType') params[name] = t(dynamicKey(`enums.accType.${String(value)}`));
    else if (name === 'brokerId') params[name] = t(dynamicKey(`enums.broker.${String(value)}`));
    else if (name === 'direction')
      params[name] = t(dynamicKey(`trading.direction.${String(value)}`), {
        defaultValue: String(value),
      });
    else if (CODED.has(name))
      params[name] = t(dynamicKey(`robot.value.${name}.${String(value)}`), {
        defaultValue: String(value),
      });
    else if (typeof value === 'boolean') params[name] = t(dynamicKey(`robot.value.yesNo.${value}`));
    else if (typeof value === 'number') params[name] = numbers.format(value);
    else params[name] = value;
  }
  return t(dynamicKey(message.key), { ...params, defaultValue: fallback });
}
