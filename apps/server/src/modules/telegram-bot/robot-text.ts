import type { Language, RobotMessage } from '@app/contract';
// The panel's robot texts, copied by scripts/robot-texts.mjs: a robot message reads the same in
// the chat as in the panel's feed and command list (the panel's command-reply.ts words them alike).
import texts from './robot-texts.generated.json' with { type: 'json' };
import { money } from '../../lib/telegram-catalogue.ts';

const PANEL: Record<Language, unknown> = texts;

/** The panel catalogue's text at a dotted key, or null. */
function lookup(language: Language, key: string): string | null {
  let node: unknown = PANEL[language];
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return null;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : null;
}

/** i18next's `{{name}}` interpolation, and its `_context` variant when the catalogue has one. */
export function panelText(
  language: Language,
  key: string,
  params: Record<string, string | number> = {},
  context?: string,
): string {
  const text =
    (context ? lookup(language, `${key}_${context}`) : null) ?? lookup(language, key) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

const CODED = ['stopReason', 'strategy', 'galeSchedule', 'reason'] as const;

/** The robot's params as the trader reads them (the panel's displayParams, on the server). */
export function displayParams(
  language: Language,
  params: RobotMessage['params'],
): Record<string, string | number> {
  const t = (key: string) => panelText(language, key);
  const amount = (cents: unknown) => (typeof cents === 'number' ? money(language, cents) : '');
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === null || value === undefined) out[name] = t('robot.value.none');
    else if (Array.isArray(value)) out[name] = value.map(amount).join(' / ');
    else if (name.endsWith('Cents')) out[name] = amount(value);
    else if ((CODED as readonly string[]).includes(name)) {
      const key = `robot.value.${name}.${String(value)}`;
      const worded = t(key);
      out[name] = worded === key ? String(value) : worded;
    } else if (name === 'accountType') out[name] = t(`enums.accType.${String(value)}`);
    else if (name === 'copyMode') out[name] = t(`enums.traderMode.${String(value)}`);
    else if (name === 'running') out[name] = t(`robot.value.running.${String(value)}`);
    else if (name === 'maxOrdersPerDay' && value === 0) out[name] = t('robot.value.unlimited');
    else if (typeof value === 'boolean') out[name] = t(`robot.value.yesNo.${value}`);
    else
      out[name] =
        typeof value === 'number' ? new Intl.NumberFormat(language).format(value) : String(value);
  }
  return onSimulator(out, params, (account) =>
    panelText(language, 'robot.value.onSimulator', { account }),
  );
}

/**
 * A reply of a bot on the simulator (`simulator: true`) names it beside the account, or beside
 * the balance when it shows no account: "conta Demo (Simulador)", "saldo 10.000,00 (Simulador)".
 */
function onSimulator(
  out: Record<string, string | number>,
  params: RobotMessage['params'],
  word: (shown: string) => string,
): Record<string, string | number> {
  if (params.simulator !== true) return out;
  const where =
    'accountType' in out ? 'accountType' : 'balanceCents' in out ? 'balanceCents' : null;
  return where === null ? out : { ...out, [where]: word(String(out[where])) };
}

function contextOf({ key, params }: RobotMessage): string | undefined {
  if (params.ok === false) return 'refused';
  if (key === 'robot.reply.on' && params.stopReason) return 'stopped';
  if (key === 'robot.reply.off' && params.openOrder === true) return 'openOrder';
  return undefined;
}

/** A robot message (a command's reply, a refusal, a stop reason) as the panel words it. */
export function robotText(language: Language, message: RobotMessage): string {
  return panelText(
    language,
    message.key,
    displayParams(language, message.params),
    contextOf(message),
  );
}
