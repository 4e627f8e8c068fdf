import { mergeRanges, type Candle, type MinuteRange } from '@app/robot';
import { sql, type Kysely } from 'kysely';
import { insertJsonRows, type BulkColumns } from '../db/bulk.ts';
import type { Database } from '../db/schema.ts';

const CANDLE_COLUMNS: BulkColumns = {
  source: 'text',
  asset: 'text',
  minute: 'integer',
  open: 'double precision',
  high: 'double precision',
  low: 'double precision',
  close: 'double precision',
};

/**
 * The candle cache (migration 1600): candles by (source, asset, minute), shared by every user,
 * and the minute ranges each source already answered, so a range is fetched once. Assets are
 * stored in our normal form (`EURUSD`), not the source's symbol.
 */
export function candleStore(db: Kysely<Database>) {
  return {
    /** The ranges of `source` for `asset` that touch `range`, merged. */
    async covered(source: string, asset: string, range: MinuteRange): Promise<MinuteRange[]> {
      const rows = await db
        .selectFrom('market_ranges')
        .select(['from_minute', 'to_minute'])
        .where('source', '=', source)
        .where('asset', '=', asset)
        .where('from_minute', '<=', range.to)
        .where('to_minute', '>=', range.from)
        .execute();
      return mergeRanges(
        rows.map((r) => ({ from: Number(r.from_minute), to: Number(r.to_minute) })),
      );
    },

    /** Candles of `source` for `asset` between two minutes (both included), by minute. */
    async candles(source: string, asset: string, range: MinuteRange): Promise<Candle[]> {
      const rows = await db
        .selectFrom('market_candles')
        .select(['minute', 'open', 'high', 'low', 'close'])
        .where('source', '=', source)
        .where('asset', '=', asset)
        .where('minute', '>=', range.from)
        .where('minute', '<=', range.to)
        .orderBy('minute')
        .execute();
      return rows.map((r) => ({
        minute: Number(r.minute),
        open: Number(r.open),
        high: Number(r.high),
        low: Number(r.low),
        close: Number(r.close),
      }));
    },

    /** Stores what a source answered for `range`: its candles and the range itself, at once. */
    async store(
      source: string,
      asset: string,
      range: MinuteRange,
      candles: readonly Candle[],
      now: number,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (candles.length > 0) {
          await insertJsonRows(
            trx,
            'market_candles',
            CANDLE_COLUMNS,
            candles.map((c) => ({ source, asset, ...c })),
            sql`on conflict (source, asset, minute) do nothing`,
          ).execute(trx);
        }
        await trx
          .insertInto('market_ranges')
          .values({
            source,
            asset,
            from_minute: range.from,
            to_minute: range.to,
            fetched_at: now,
          })
          .onConflict((oc) =>
            oc.columns(['source', 'asset', 'from_minute']).doUpdateSet((eb) => ({
              // The longer of the two (SQLite's max() and PostgreSQL's greatest() differ).
              to_minute: sql<number>`case when ${eb.ref('excluded.to_minute')} > ${eb.ref(
                'market_ranges.to_minute',
              )} then ${eb.ref('excluded.to_minute')} else ${eb.ref('market_ranges.to_minute')} end`,
            })),
          )
          .execute();
        await trx
          .deleteFrom('market_waits')
          .where('source', '=', source)
          .where('asset', '=', asset)
          .execute();
      });
    },

    /** When `source` may be asked about `asset` again (a wait after a failure), or null. */
    async waitOf(
      source: string,
      asset: string,
    ): Promise<{ reason: string; retryAt: number } | null> {
      const row = await db
        .selectFrom('market_waits')
        .select(['reason', 'retry_at'])
        .where('source', '=', source)
        .where('asset', '=', asset)
        .executeTakeFirst();
      return row ? { reason: row.reason, retryAt: Number(row.retry_at) } : null;
    },

    async setWait(source: string, asset: string, reason: string, retryAt: number): Promise<void> {
      await db
        .insertInto('market_waits')
        .values({ source, asset, reason, retry_at: retryAt })
        .onConflict((oc) =>
          oc.columns(['source', 'asset']).doUpdateSet({ reason, retry_at: retryAt }),
        )
        .execute();
    },
  };
}

export type CandleStore = ReturnType<typeof candleStore>;
