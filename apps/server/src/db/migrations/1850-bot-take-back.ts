import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../dialect.ts';

/**
 * How and when a bot's id was proven, and whether the id's own chat took it back
 * (modules/telegram-bot/take-back.ts):
 * - `verified_by`: 'code' (the 6-digit code) or 'tap' ("Verificar no Telegram"); null for bots
 *   verified before this migration and for virtual bots;
 * - `verified_at`: when (epoch ms);
 * - `taken_back_at`: when the id's chat took the id back from this account; the bot is pending
 *   again and the panel says why. Cleared when the bot is proven again.
 */
export function botTakeBack(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('bots').addColumn('verified_by', 'text').execute();
      await db.schema.alterTable('bots').addColumn('verified_at', t.timestamp).execute();
      await db.schema.alterTable('bots').addColumn('taken_back_at', t.timestamp).execute();
    },

    async down(db: Kysely<unknown>) {
      for (const column of ['taken_back_at', 'verified_at', 'verified_by']) {
        await db.schema.alterTable('bots').dropColumn(column).execute();
      }
    },
  };
}
