import { checkChannelCard, type ChannelSettings, type RawValues } from '@app/contract';
import type { ScreenRuleFailure } from '../../components/form/form-shell.tsx';

/** Signal type 6 is timed with a delay written with a decimal comma (`1,5` s). */
export const DECIMAL_COMMA_SIGNAL_TYPE = 6;

const NUMBER_FIELDS = [
  'lote',
  'galenum',
  'galefat',
  'timeframe',
  'timezone',
  'signaltype',
  'operType',
  'brokerid',
  'strategySel',
] as const;
type NumberFieldName = (typeof NUMBER_FIELDS)[number];

/** One channel card's form: numbers (`''` while empty), the delay as typed, texts and flags. */
export type ChannelCardForm = Record<NumberFieldName, number | ''> & {
  chanEnable: boolean;
  send2Trader: boolean;
  inverter: boolean;
  /** As typed: type 6 writes it with a decimal comma. */
  delaysig: string;
  wordfilter: string;
  ignore: string;
  tolarance: string;
  botID: string;
};

/** A delay as typed (`1,5` or `1.5`) as a number; NaN when it is not one. */
export function delayValue(typed: unknown): number {
  const text = String(typed ?? '').trim();
  return text === '' ? Number.NaN : Number(text.replace(',', '.'));
}

export function toChannelCardForm(card: ChannelSettings): ChannelCardForm {
  const delay = String(card.delaysig);
  return {
    ...(Object.fromEntries(NUMBER_FIELDS.map((name) => [name, card[name]])) as Record<
      NumberFieldName,
      number
    >),
    chanEnable: card.chanEnable,
    send2Trader: card.send2Trader,
    inverter: card.inverter,
    delaysig: card.signaltype === DECIMAL_COMMA_SIGNAL_TYPE ? delay.replace('.', ',') : delay,
    wordfilter: card.wordfilter,
    ignore: card.ignore,
    tolarance: card.tolarance,
    botID: card.botID,
  };
}

/** The wire body: the card's identity (id, name, trader) with the form's values, for this bot. */
export function toChannelBody(
  values: ChannelCardForm,
  card: ChannelSettings,
  userid: string,
): ChannelSettings {
  const numbers = Object.fromEntries(
    NUMBER_FIELDS.map((name) => [name, values[name] === '' ? undefined : Number(values[name])]),
  );
  return {
    ...card,
    ...numbers,
    chanEnable: values.chanEnable,
    send2Trader: values.send2Trader,
    inverter: values.inverter,
    delaysig: delayValue(values.delaysig),
    wordfilter: values.wordfilter.trim(),
    ignore: values.ignore.trim(),
    tolarance: values.tolarance.trim(),
    botID: values.botID,
    userid,
  } as ChannelSettings;
}

/**
 * The card's save rule: a bot that is not the card's trader gets the handleSaveElse alert and
 * nothing is sent (SPEC §6); then SPEC §5's channel rules, with the typed delay read as a number.
 */
export function channelCardRule(
  isOwner: boolean,
): (values: RawValues) => ReturnType<typeof checkChannelCard> | ScreenRuleFailure | null {
  return (values) => {
    if (!isOwner) return { key: 'channels.errors.notTrader' };
    return checkChannelCard({ ...values, delaysig: delayValue(values.delaysig) });
  };
}
