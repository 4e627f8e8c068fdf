import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../dialect.ts';

/**
 * `signal_verdicts`: a signal's result against the market, by what decides it (asset, side,
 * the plan's instants and steps) rather than by bot, so the same signal read by many bots is
 * scored once; only final verdicts are kept (a pending one is scored again once its candles
 * arrive). `signals_channel_received` serves a channel's record over a period.
 */
export function signalVerdicts(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('signal_verdicts')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('result', 'text', (c) => c.notNull())
        .addColumn('step', 'integer')
        .addColumn('scored_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('signals_channel_received')
        .on('signals')
        .columns(['bot_id', 'channel_id', 'received_at'])
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('signals_channel_received').execute();
      await db.schema.dropTable('signal_verdicts').execute();
    },
  };
}
