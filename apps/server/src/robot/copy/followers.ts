import type { CopyProduct } from '@app/contract';
import { sql, type Kysely } from 'kysely';
import { selectArrays } from '../../db/bulk.ts';
import type { Database } from '../../db/schema.ts';

const DAY_MS = 86_400_000;

/** The start of the UTC day of `ms`: per-day limits count from 00:00 UTC (docs/decisions/2026-11-23-copy-execution.md). */
export function utcDayStart(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

/** One accepted follower of a trader, with what the fan-out plan needs. */
export interface FollowerRow {
  followId: number;
  botId: number;
  currentBroker: number;
  accType: number;
  traderEna: boolean;
  acptdemo: boolean;
  maxTrades: number;
  signalType: number;
  delaysig: number;
  brokerId: number;
  minStake: number;
  maxStake: number;
  lote: number;
  loteType: number;
  anticipation: number;
  expCopy: number;
}

/**
 * Every accepted follower of trader bot `traderBotId` for `product`, with what the plan needs
 * (its account type and broker, the orders it copied from this trader today). Expired ones are
 * included: the plan skips them with `expired`, so the follower sees why it missed the copy.
 * The one query of a trader's accepted followers (the copy-trader module's tests read it too).
 */
export async function acceptedFollowersForFanOut(
  db: Kysely<Database>,
  traderBotId: number,
  product: CopyProduct,
  now: number,
): Promise<{ rows: FollowerRow[]; today: Map<number, number> }> {
  // One JSON value for the 10,000 rows of a big trader (db/bulk.ts `selectArrays`).
  const found = await selectArrays(
    db,
    [
      sql`f.id`,
      sql`b.id`,
      sql`b.current_broker`,
      sql`g.acc_type`,
      sql`f.trader_ena`,
      sql`f.acptdemo`,
      sql`f.max_trades`,
      sql`f.signal_type`,
      sql`f.delaysig`,
      sql`f.broker_id`,
      sql`f.min_stake`,
      sql`f.max_stake`,
      sql`f.lote`,
      sql`f.lote_type`,
      sql`f.anticipation`,
      sql`f.exp_copy`,
    ],
    sql`from copy_follows as f
      join bots as b on b.id = f.follower_bot_id
      left join global_params as g on g.bot_id = b.id and g.broker_id = b.current_broker
      where f.trader_bot_id = ${traderBotId} and f.product = ${product} and f.state = 'accepted'`,
  );
  const rows = found
    .map((r) => ({
      followId: Number(r[0]),
      botId: Number(r[1]),
      currentBroker: Number(r[2]),
      accType: r[3] === null ? 1 : Number(r[3]),
      traderEna: Boolean(r[4]),
      acptdemo: Boolean(r[5]),
      maxTrades: Number(r[6]),
      signalType: Number(r[7]),
      delaysig: Number(r[8]),
      brokerId: Number(r[9]),
      minStake: Number(r[10]),
      maxStake: Number(r[11]),
      lote: Number(r[12]),
      loteType: Number(r[13]),
      anticipation: Number(r[14]),
      expCopy: Number(r[15]),
    }))
    .sort((x, y) => x.followId - y.followId);
  // Today's copies count only for followers with a daily limit (most have none).
  const today = new Map<number, number>();
  if (rows.some((r) => r.maxTrades > 0)) {
    const counts = await db
      .selectFrom('orders')
      .select(['bot_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('copy_trader_bot_id', '=', traderBotId)
      .where('copy_product', '=', product)
      .where('created_at', '>=', utcDayStart(now))
      .where('state', '!=', 'failed')
      .groupBy('bot_id')
      .execute();
    for (const c of counts) today.set(Number(c.bot_id), Number(c.n));
  }
  return { rows, today };
}
