import type { RobotMessage } from '@app/contract';
import type { TFunction } from 'i18next';
import { dynamicKey } from '../../i18n/keys.ts';
import { MONEY_DIGITS, numberFormat } from '../../lib/intl-format.ts';

/**
 * The reply of a listed command when it is one the panel can word (a `robot.reply.*` message of
 * the contract's robot message schema); `null` when there is none or it is something else.
 */
export function commandReply(reply: RobotMessage | null): RobotMessage | null {
  return reply !== null && reply.key.startsWith('robot.reply.') ? reply : null;
}

/** Params whose value is a code with its own label (`robot.value.<name>.<code>`). */
const CODED = ['stopReason', 'strategy', 'galeSchedule', 'reason'] as const;

/**
 * The robot's params as the trader reads them: money (`…Cents`) in the locale with two places,
 * codes and flags as translated words, "none" for an empty value.
 */
function displayParams(
  t: TFunction,
  language: string,
  params: RobotMessage['params'],
): Record<string, string | number> {
  const money = numberFormat(language, MONEY_DIGITS);
  const amount = (cents: unknown) => (typeof cents === 'number' ? money.format(cents / 100) : '');
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === null || value === undefined) out[name] = t('robot.value.none');
    else if (Array.isArray(value)) out[name] = value.map(amount).join(' / ');
    else if (name.endsWith('Cents')) out[name] = amount(value);
    else if ((CODED as readonly string[]).includes(name))
      out[name] = t(dynamicKey(`robot.value.${name}.${String(value)}`));
    else if (name === 'accountType') out[name] = t(dynamicKey(`enums.accType.${String(value)}`));
    else if (name === 'copyMode') out[name] = t(dynamicKey(`enums.traderMode.${String(value)}`));
    else if (name === 'running') out[name] = t(dynamicKey(`robot.value.running.${String(value)}`));
    else if (name === 'maxOrdersPerDay' && value === 0) out[name] = t('robot.value.unlimited');
    else if (typeof value === 'boolean') out[name] = t(dynamicKey(`robot.value.yesNo.${value}`));
    else if (typeof value === 'number') out[name] = numberFormat(language).format(value);
    else out[name] = String(value);
  }
  // A reply of a bot on the simulator names it beside the account (or the balance without one),
  // as the chat's reply does (the server's robot-text.ts).
  if (params.simulator !== true) return out;
  const where =
    'accountType' in out ? 'accountType' : 'balanceCents' in out ? 'balanceCents' : null;
  if (where === null) return out;
  return { ...out, [where]: t('robot.value.onSimulator', { account: String(out[where]) }) };
}

/**
 * Which variant of a reply's text applies: `refused` when the robot said no (its `reason` says
 * why), `stopped` when "on" leaves a stop in force, `openOrder` when "off" leaves an order open.
 */
function contextOf({ key, params }: RobotMessage): string | undefined {
  if (params.ok === false) return 'refused';
  if (key === 'robot.reply.on' && params.stopReason) return 'stopped';
  if (key === 'robot.reply.off' && params.openOrder === true) return 'openOrder';
  return undefined;
}

/** The translated text of a robot reply, e.g. "Placar: 3 wins × 1 loss…". */
export function replyText(t: TFunction, language: string, reply: RobotMessage): string {
  const context = contextOf(reply);
  return t(dynamicKey(reply.key), {
    ...displayParams(t, language, reply.params),
    ...(context ? { context } : {}),
  });
}
