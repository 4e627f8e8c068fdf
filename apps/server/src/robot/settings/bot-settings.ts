import {
  defaultGlobalParams,
  defaultReaderParams,
  StopType,
  type AccountType,
  type Strategy,
  type TraderMode,
} from '@app/contract';
import {
  PAPER_DEFAULTS,
  stopsConfigFromParams,
  type ClockWindow,
  type SessionConfig,
} from '@app/robot';
import { sql, type Kysely } from 'kysely';
import { jsonIds } from '../../db/bulk.ts';
import { fromDbBool } from '../../db/dialect.ts';
import { precompiled } from '../../db/precompiled.ts';
import type { Database } from '../../db/schema.ts';
import { moneySettings, type MissingSettings } from './money-settings.ts';

/** A bot's trading settings beyond the session's: what the decision needs. */
export interface BotSettings {
  config: SessionConfig;
  userid: string;
  brokerId: number;
  /** The settings the bot trades on were saved at least once; else what to configure first. */
  missing: MissingSettings;
  botExpSec: number;
  /** The bot's messaging-app id was proven (bots.verified); a pending bot does not trade. */
  verified: boolean;
  windows: ClockWindow[];
  utcOffsetHours: number;
  /** The global params' payout is the minimum the broker must pay, percent; 0 = none. */
  minPayoutPct: number;
  galenum: number;
  /** The trader's daily real-money cap, cents; 0 = none. */
  realCapCents: number;
}

/**
 * The bot, the global params of its current broker, its reader params and its copy-trader switch
 * in one read (a LEFT JOIN each: a table with no row for the bot gives the contract's defaults).
 */
const settingsSelect = (db: Kysely<Database>) =>
  db
    .selectFrom('bots as b')
    .leftJoin('global_params as g', (join) =>
      join.onRef('g.bot_id', '=', 'b.id').onRef('g.broker_id', '=', 'b.current_broker'),
    )
    .leftJoin('reader_params as r', 'r.bot_id', 'b.id')
    .leftJoin('copy_trader_settings as c', 'c.bot_id', 'b.id')
    .select([
      'b.userid',
      'b.current_broker',
      'b.botexp',
      'b.verified',
      'g.bot_id as global_saved',
      'g.acc_type',
      'g.lote_type',
      'g.stop_type',
      'g.lote',
      'g.galenum',
      'g.galefat',
      'g.stop_win',
      'g.stop_loss',
      'g.payout',
      'g.trader_mode',
      'g.strategy_sel',
      'g.stop_movel',
      'g.real_cap',
      'r.bot_id as reader_saved',
      'r.timerzone',
      'r.maxtrades',
      'r.hour_start',
      'r.hour_end',
      'r.hour_start2',
      'r.hour_end2',
      'r.hour_start3',
      'r.hour_end3',
      'r.hour_reset',
      'r.hour_clear_score',
      'c.copy_trader_en',
    ]);

const settingsRow = precompiled<{ botId: number }, SettingsRow>((db, param) =>
  settingsSelect(db).where('b.id', '=', param('botId')),
);

type Nullable<T> = { [K in keyof T]: T[K] | null };
type SettingsRow = {
  userid: string;
  current_broker: number;
  botexp: number;
  verified: boolean | number;
  global_saved: number | null;
  reader_saved: number | null;
  copy_trader_en: boolean | number | null;
} & Nullable<
  Pick<
    Database['global_params'],
    | 'acc_type'
    | 'lote_type'
    | 'stop_type'
    | 'lote'
    | 'galenum'
    | 'galefat'
    | 'stop_win'
    | 'stop_loss'
    | 'payout'
    | 'trader_mode'
    | 'strategy_sel'
    | 'stop_movel'
  > & { real_cap: number }
> &
  Nullable<Omit<Database['reader_params'], 'bot_id' | 'updated_at'>>;

/**
 * Everything the runtime reads from what the trader saved, for one bot, straight from the tables
 * and read afresh on every run (a save in the panel takes effect at the next sequence): the global
 * params of the bot's current broker, the settings of the strategy it selected, the reader's
 * windows and daily limit, and its copy switches. Money becomes integer cents here, the one
 * boundary between the panel's currency units and the robot. `db` may be a transaction.
 * @example (await loadBotSettings(db, 7)).config.money.martingale?.entry // { kind: 'fixed', stakeCents: 200 }
 */
export async function loadBotSettings(db: Kysely<Database>, botId: number): Promise<BotSettings> {
  const [row] = await settingsRow(db, { botId });
  if (!row) throw new Error(`No bot with id ${botId}`);
  return settingsOf(db, botId, row);
}

/**
 * {@link loadBotSettings} for many bots: their rows in ONE read (the batch decision of one
 * signal for thousands of bots); only a strategy with a table of its own (not martingale) reads
 * it per bot. A bot that does not exist is absent from the answer.
 */
export async function loadBotSettingsMany(
  db: Kysely<Database>,
  botIds: readonly number[],
): Promise<Map<number, BotSettings>> {
  const out = new Map<number, BotSettings>();
  if (botIds.length === 0) return out;
  const rows = (await settingsSelect(db)
    .select('b.id as bot_id')
    .where(sql<boolean>`b.id in ${jsonIds(db, botIds)}`)
    .execute()) as unknown as (SettingsRow & { bot_id: number | string })[];
  for (const row of rows) {
    const botId = Number(row.bot_id);
    out.set(botId, await settingsOf(db, botId, row));
  }
  return out;
}

async function settingsOf(
  db: Kysely<Database>,
  botId: number,
  row: SettingsRow,
): Promise<BotSettings> {
  const brokerId = Number(row.current_broker);
  const saved = defaultGlobalParams(row.userid, brokerId);
  const reader = defaultReaderParams();
  const accountType = (row.acc_type ?? saved.accType) as AccountType;
  const strategySel = (row.strategy_sel ?? saved.strategySel) as Strategy;
  const payout = row.payout ?? saved.payout;
  const galenum = row.galenum ?? saved.galenum;
  const timerzone = row.timerzone ?? reader.timerzone;
  const money = await moneySettings(db, botId, brokerId, strategySel, {
    loteType: row.lote_type ?? saved.loteType,
    lote: row.lote ?? saved.lote,
    payout,
    galenum,
    galefat: row.galefat ?? saved.galefat,
  });
  const config: SessionConfig = {
    userid: row.userid,
    accountType,
    strategySel,
    money: money.configs,
    // An unchosen stop type (never saved) with both sides 0 is no stop at all.
    stops: stopsConfigFromParams({
      stopType: (row.stop_type ?? saved.stopType ?? StopType.fixed) as StopType,
      stopWin: row.stop_win ?? saved.stopWin,
      stopLoss: row.stop_loss ?? saved.stopLoss,
      stopMovel: row.stop_movel ?? saved.stopMovel,
    }),
    maxOrdersPerDay: row.maxtrades ?? reader.maxtrades,
    startBalanceCents: PAPER_DEFAULTS.balances[accountType],
    copyMode: (row.trader_mode ?? saved.traderMode) as TraderMode,
    copyEnabled: row.copy_trader_en === null ? false : fromDbBool(row.copy_trader_en),
    resetHourUtc: resetHourUtc(row.hour_reset ?? reader.hourReset, timerzone),
    scoreClearMinuteUtc: clockMinuteUtc(row.hour_clear_score ?? reader.hourClearScore, timerzone),
  };
  return {
    config,
    userid: row.userid,
    brokerId,
    missing: row.global_saved === null ? 'globalParams' : money.missing,
    botExpSec: Number(row.botexp),
    verified: fromDbBool(row.verified),
    windows: [
      { start: row.hour_start ?? reader.hourStart, end: row.hour_end ?? reader.hourEnd },
      { start: row.hour_start2 ?? reader.hourStart2, end: row.hour_end2 ?? reader.hourEnd2 },
      { start: row.hour_start3 ?? reader.hourStart3, end: row.hour_end3 ?? reader.hourEnd3 },
    ],
    utcOffsetHours: timerzone,
    minPayoutPct: payout,
    galenum,
    realCapCents: Math.round((row.real_cap ?? 0) * 100),
  };
}

/** The packages/robot session settings of one bot (see {@link loadBotSettings}). */
export async function loadSessionConfig(
  db: Kysely<Database>,
  botId: number,
): Promise<SessionConfig> {
  return (await loadBotSettings(db, botId)).config;
}

/**
 * A clock time of the reader's zone (HH:MM) as the minute of the UTC day; '' = midnight of that
 * zone. The score-clear time (hourClearScore) is kept to the minute.
 * @example clockMinuteUtc('18:00', -3) // 1260 (21:00 UTC)
 */
export function clockMinuteUtc(clock: string, utcOffsetHours: number): number {
  const m = /^(\d\d):(\d\d)$/.exec(clock);
  const local = m ? Number(m[1]) * 60 + Number(m[2]) : 0;
  return (((local - Math.round(utcOffsetHours * 60)) % 1440) + 1440) % 1440;
}

/** The reader's reset clock time (its own zone) as a UTC hour; '' = midnight of that zone. */
function resetHourUtc(clock: string, utcOffsetHours: number): number {
  const hour = /^(\d\d):/.exec(clock)?.[1];
  const local = hour === undefined ? 0 : Number(hour);
  return (((local - Math.round(utcOffsetHours)) % 24) + 24) % 24;
}
