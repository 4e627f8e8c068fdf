import { initialSession, moneyKeyOf } from '@app/robot';
import { sql, type Kysely } from 'kysely';
import { insertJsonRows, isSqlite, jsonIds } from '../db/bulk.ts';
import type { Database } from '../db/schema.ts';
import { loadBotSettings } from '../robot/settings/bot-settings.ts';
import { globalParamsRow } from './factories.ts';

/** Rows per bulk statement while seeding (one JSON parameter each). */
const CHUNK = 5_000;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Inserts `count` bots that trade at once (one account, verified, global params of broker 1,
 * martingale 2.00 without gales, a session already switched on), in a few bulk statements: the
 * setup of the worker-pool tests and bench, where registering and switching on 10,000 bots one by
 * one would measure the setup instead of the robot. Their bot ids, in order.
 */
export async function seedPoolBots(
  db: Kysely<Database>,
  count: number,
  now: number,
): Promise<number[]> {
  const account = await db
    .insertInto('accounts')
    .values({ email: `pool${now}@example.com`, password_hash: 'x', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tag = String(now % 1_000_000).padStart(6, '0');
  const botIds: number[] = [];
  // 4,000 bots × 7 columns stays under SQLite's 32,766 bound parameters.
  for (const part of chunks(
    Array.from({ length: count }, (_, i) => i),
    4_000,
  )) {
    const rows = await db
      .insertInto('bots')
      .values(
        part.map((i) => {
          const userid = `8${tag}${String(i).padStart(6, '0')}`;
          return {
            account_id: account.id,
            userid,
            traderid: userid,
            virtual: false,
            email: 'pool@example.com',
            botexp: 0,
            created_at: now,
          };
        }),
      )
      .returning('id')
      .execute();
    botIds.push(...rows.map((r) => Number(r.id)).sort((a, b) => a - b));
  }
  const params = globalParamsRow(0, now);
  const columns = Object.fromEntries(
    Object.entries(params).map(([k, v]) => [
      k,
      typeof v === 'number' ? 'double precision' : 'text',
    ]),
  ) as Record<string, 'double precision' | 'text'>;
  columns.bot_id = 'bigint' as never;
  for (const part of chunks(botIds)) {
    await insertJsonRows(
      db,
      'global_params',
      columns,
      part.map((id) => ({ ...params, bot_id: id })),
    ).execute(db);
  }
  // Every bot has the same settings, so the same fresh session (switched on).
  const first = botIds[0];
  if (first === undefined) return botIds;
  const { config } = await loadBotSettings(db, first);
  const { config: _config, ...stored } = initialSession(config);
  const state = JSON.stringify(stored);
  const key = moneyKeyOf(config);
  for (const part of chunks(botIds)) {
    const ids = jsonIds(db, part);
    await (
      isSqlite(db)
        ? sql`insert into bot_sessions (bot_id, state, updated_at, version, money_key)
          select value, ${state}, ${now}, 1, ${key} from json_each(${JSON.stringify(part)})`
        : sql`insert into bot_sessions (bot_id, state, updated_at, version, money_key)
          select x, cast(${state} as jsonb), ${now}, 1, ${key} from ${ids} as t(x)`
    ).execute(db);
  }
  return botIds;
}

/** One entry of a channel's list, as the reader writes it for every bot that follows it. */
export interface PoolEntry {
  asset: string;
  direction: 'CALL' | 'PUT';
  /** The entry's instant (signal type 8: sent at that minute's start). */
  atMs: number;
  timeframeMin: number;
}

/**
 * Writes `entries` as every bot's pending entries (accepted signal rows with their planned send
 * instant), one bulk statement per entry and chunk, as the reader leaves them. Returns the signal
 * ids per entry.
 */
export async function writePoolEntries(
  db: Kysely<Database>,
  botIds: readonly number[],
  entries: readonly PoolEntry[],
  channelId: string,
  now: number,
): Promise<number[][]> {
  const out: number[][] = [];
  for (const [n, e] of entries.entries()) {
    const ids: number[] = [];
    for (const part of chunks(botIds)) {
      const res = await insertJsonRows(
        db,
        'signals',
        {
          bot_id: 'bigint',
          channel_id: 'text',
          status: 'text',
          asset: 'text',
          direction: 'text',
          signal_at: 'bigint',
          timeframe_min: 'integer',
          signal_type: 'integer',
          delay_ms: 'integer',
          dedupe_key: 'text',
          entry_at: 'bigint',
          received_at: 'bigint',
          parsed_at: 'bigint',
        },
        part.map((botId) => ({
          bot_id: botId,
          channel_id: channelId,
          status: 'accepted',
          asset: e.asset,
          direction: e.direction,
          signal_at: e.atMs,
          timeframe_min: e.timeframeMin,
          signal_type: 8,
          delay_ms: 0,
          dedupe_key: `${channelId}-${n}-${e.atMs}`,
          entry_at: e.atMs,
          received_at: now,
          parsed_at: now,
        })),
        sql`returning id`,
      ).execute(db);
      ids.push(...(res.rows as { id: number | string }[]).map((r) => Number(r.id)));
    }
    out.push(ids);
  }
  return out;
}
