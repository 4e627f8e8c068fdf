import type {
  ChannelSettings,
  ChannelSignalType,
  ChannelStrategy,
  OperType,
  VocabularyEntryWire,
} from '@app/contract';
import { CHANNEL_SIGNAL_TYPES, CHANNEL_STRATEGIES, OPER_TYPES } from '@app/contract';
import type { Insertable, Kysely, Selectable } from 'kysely';
import { fromDbBool } from '../db/dialect.ts';
import type { ChannelCardsTable, Database } from '../db/schema.ts';

/** A channel card as the reader and the screens read it (wire names, without `userid`). */
export type ChannelCard = Omit<ChannelSettings, 'userid'>;

/**
 * The card a chat gets when it joins the chat list: enabled, the bot's global stake and gales,
 * end of candle (type 1 → 7, SPEC's default), 1 s delay (SPEC §5 wants it above 0), the
 * channel's clock on the trader's time zone.
 */
export function defaultCard(
  idNum: string,
  name: string,
  traderid: string,
  timezone: number,
): ChannelCard {
  return {
    chanEnable: true,
    lote: 0,
    galenum: 0,
    galefat: 0,
    idNum,
    name,
    wordfilter: '',
    delaysig: 1,
    signaltype: 1,
    operType: 1,
    brokerid: 0,
    ignore: '',
    timeframe: 0,
    timezone,
    strategySel: 0,
    traderid,
    send2Trader: false,
    tolarance: '',
    inverter: false,
    botID: '',
    vocabulary: [],
  };
}

/**
 * The stored vocabulary (JSON text, `''` when never taught). It was checked when saved; the reader
 * checks it again when it reads (`channelSignalSettingsFromCard`), so a bad row reads as nothing.
 */
export function vocabularyFromColumn(text: string): VocabularyEntryWire[] {
  if (text === '') return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as VocabularyEntryWire[]) : [];
  } catch {
    return [];
  }
}

function pick<T extends number>(values: readonly T[], value: number, fallback: T): T {
  return (values as readonly number[]).includes(value) ? (value as T) : fallback;
}

export function cardFromRow(row: Selectable<ChannelCardsTable>): ChannelCard {
  return {
    chanEnable: fromDbBool(row.chan_enable),
    lote: row.lote,
    galenum: row.galenum,
    galefat: row.galefat,
    idNum: row.id_num,
    name: row.name,
    wordfilter: row.wordfilter,
    delaysig: row.delaysig,
    signaltype: pick<ChannelSignalType>(CHANNEL_SIGNAL_TYPES, row.signaltype, 1),
    operType: pick<OperType>(OPER_TYPES, row.oper_type, 1),
    brokerid: row.broker_id,
    ignore: row.ignore_words,
    timeframe: row.timeframe,
    timezone: row.timezone,
    strategySel: pick<ChannelStrategy>(CHANNEL_STRATEGIES, row.strategy_sel, 0),
    traderid: row.traderid,
    send2Trader: fromDbBool(row.send2trader),
    tolarance: row.tolarance,
    inverter: fromDbBool(row.inverter),
    botID: row.card_bot_id,
    vocabulary: vocabularyFromColumn(row.vocabulary),
  };
}

export function cardToRow(
  botId: number,
  card: ChannelCard,
  now: number,
): Insertable<ChannelCardsTable> {
  return {
    bot_id: botId,
    id_num: card.idNum,
    name: card.name ?? '',
    chan_enable: card.chanEnable,
    lote: card.lote,
    galenum: card.galenum,
    galefat: card.galefat,
    wordfilter: card.wordfilter,
    delaysig: card.delaysig,
    signaltype: card.signaltype,
    oper_type: card.operType,
    broker_id: card.brokerid,
    ignore_words: card.ignore,
    timeframe: card.timeframe,
    timezone: card.timezone,
    strategy_sel: card.strategySel,
    traderid: card.traderid,
    send2trader: card.send2Trader,
    tolarance: card.tolarance,
    inverter: card.inverter,
    card_bot_id: card.botID,
    updated_at: now,
    // A card saved without its vocabulary keeps the stored one (undefined: column left out).
    vocabulary: card.vocabulary === undefined ? undefined : JSON.stringify(card.vocabulary),
  };
}

export async function findCard(
  db: Kysely<Database>,
  botId: number,
  idNum: string,
): Promise<ChannelCard | undefined> {
  const row = await db
    .selectFrom('channel_cards')
    .selectAll()
    .where('bot_id', '=', botId)
    .where('id_num', '=', idNum)
    .executeTakeFirst();
  return row ? cardFromRow(row) : undefined;
}

/** The bot's reader time zone (reader params, UTC−3 when never saved). */
export async function traderTimezoneOf(db: Kysely<Database>, botId: number): Promise<number> {
  const row = await db
    .selectFrom('reader_params')
    .select('timerzone')
    .where('bot_id', '=', botId)
    .executeTakeFirst();
  return row?.timerzone ?? -3;
}
