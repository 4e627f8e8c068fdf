import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../dialect.ts';

/**
 * The operator's Telegram bot (modules/telegram-bot):
 * - `tg_start_tokens`: one-time "Verificar no Telegram" tokens, stored as sha256 hashes, each
 *   for one pending bot, expiring, spent on first use;
 * - `tg_chats`: per chat id, whether it blocked the bot (403: nothing is sent until the trader
 *   writes to the bot again) and the language Telegram reports;
 * - `tg_bot_prefs`: per bot, the trader's panel language and the notification kinds switched off;
 * - `tg_outbox`: the notification queue, drained within Telegram's limits;
 * - `tg_runtime`: named leases (which process polls Telegram and drains the queue) and cursors
 *   (the last activity line turned into notifications).
 */
export function telegramBot(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('tg_start_tokens')
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('bot_id', 'bigint', (c) => c.notNull().references('bots.id').onDelete('cascade'))
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .addColumn('used_at', t.timestamp)
        .execute();
      await db.schema
        .createIndex('tg_start_tokens_bot')
        .on('tg_start_tokens')
        .column('bot_id')
        .execute();
      await db.schema
        .createTable('tg_chats')
        .addColumn('chat_id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('unreachable_at', t.timestamp)
        .addColumn('language', 'varchar(16)')
        .execute();
      await db.schema
        .createTable('tg_bot_prefs')
        .addColumn('bot_id', 'bigint', (c) =>
          c.primaryKey().references('bots.id').onDelete('cascade'),
        )
        .addColumn('language', 'varchar(8)', (c) => c.notNull())
        .addColumn('off_kinds', 'varchar(400)', (c) => c.notNull())
        .execute();
      await t
        .id(db.schema.createTable('tg_outbox'))
        .addColumn('chat_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('kind', 'varchar(32)', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('markup', 'text')
        .addColumn('status', 'varchar(12)', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('sent_at', t.timestamp)
        .execute();
      await db.schema
        .createIndex('tg_outbox_status')
        .on('tg_outbox')
        .columns(['status', 'id'])
        .execute();
      await db.schema
        .createTable('tg_runtime')
        .addColumn('name', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('owner', 'varchar(80)')
        .addColumn('expires_at', t.timestamp)
        .addColumn('value', 'bigint')
        .execute();
    },

    async down(db: Kysely<unknown>) {
      for (const table of [
        'tg_runtime',
        'tg_outbox',
        'tg_bot_prefs',
        'tg_chats',
        'tg_start_tokens',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
