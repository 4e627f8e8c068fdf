import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { ColumnTypes } from '../dialect.ts';

/**
 * Signals in: the chosen chat list, one settings card per channel, the local inbox,
 * the messages every source delivers, the messaging-app session (encrypted), the reader's cursor
 * per bot, and when a reset/delete request was carried out.
 */
const botRef = (c: ColumnDefinitionBuilder) =>
  c.notNull().references('bots.id').onDelete('cascade');

export function reader(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('chat_lists')
        .addColumn('bot_id', 'bigint', botRef)
        .addColumn('chat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('name', 'varchar(256)', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('chat_lists_pk', ['bot_id', 'chat_id'])
        .execute();
      await db.schema
        .createTable('channel_cards')
        .addColumn('bot_id', 'bigint', botRef)
        .addColumn('id_num', 'varchar(64)', (c) => c.notNull())
        .addColumn('name', 'varchar(256)', (c) => c.notNull().defaultTo(''))
        .addColumn('chan_enable', t.boolean, (c) => c.notNull())
        .addColumn('lote', t.real, (c) => c.notNull())
        .addColumn('galenum', 'integer', (c) => c.notNull())
        .addColumn('galefat', t.real, (c) => c.notNull())
        .addColumn('wordfilter', 'varchar(1000)', (c) => c.notNull())
        .addColumn('delaysig', t.real, (c) => c.notNull())
        .addColumn('signaltype', 'integer', (c) => c.notNull())
        .addColumn('oper_type', 'integer', (c) => c.notNull())
        .addColumn('broker_id', 'integer', (c) => c.notNull())
        .addColumn('ignore_words', 'varchar(1000)', (c) => c.notNull())
        .addColumn('timeframe', t.real, (c) => c.notNull())
        .addColumn('timezone', t.real, (c) => c.notNull())
        .addColumn('strategy_sel', 'integer', (c) => c.notNull())
        .addColumn('traderid', 'varchar(20)', (c) => c.notNull())
        .addColumn('send2trader', t.boolean, (c) => c.notNull())
        .addColumn('tolarance', 'varchar(16)', (c) => c.notNull())
        .addColumn('inverter', t.boolean, (c) => c.notNull())
        .addColumn('card_bot_id', 'varchar(20)', (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('channel_cards_pk', ['bot_id', 'id_num'])
        .execute();
      await t
        .id(db.schema.createTable('inbox_channels'))
        .addColumn('bot_id', 'bigint', botRef)
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('inbox_channels_bot_name')
        .on('inbox_channels')
        .columns(['bot_id', 'name'])
        .unique()
        .execute();
      // Every source writes here (local inbox at once, Telegram as messages stream in): a row is a
      // message the source handed over, so none acknowledged is lost across a restart.
      await t
        .id(db.schema.createTable('reader_messages'))
        .addColumn('bot_id', 'bigint', botRef)
        .addColumn('channel_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('source_id', 'varchar(64)')
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('received_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('reader_messages_bot_id')
        .on('reader_messages')
        .columns(['bot_id', 'id'])
        .execute();
      await db.schema
        .createIndex('reader_messages_source')
        .on('reader_messages')
        .columns(['bot_id', 'channel_id', 'source_id'])
        .unique()
        .execute();
      await db.schema
        .createTable('messaging_sessions')
        .addColumn('bot_id', 'bigint', (c) =>
          c.primaryKey().references('bots.id').onDelete('cascade'),
        )
        .addColumn('phone', 'varchar(20)', (c) => c.notNull())
        .addColumn('status', 'varchar(10)', (c) =>
          c.notNull().check(sql`status in ('code_sent', 'connected')`),
        )
        .addColumn('session_enc', 'text')
        .addColumn('phone_code_hash', 'varchar(64)')
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('messaging_chats')
        .addColumn('bot_id', 'bigint', botRef)
        .addColumn('chat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('name', 'varchar(256)', (c) => c.notNull())
        .addPrimaryKeyConstraint('messaging_chats_pk', ['bot_id', 'chat_id'])
        .execute();
      await db.schema
        .createTable('reader_state')
        .addColumn('bot_id', 'bigint', (c) =>
          c.primaryKey().references('bots.id').onDelete('cascade'),
        )
        .addColumn('last_message_id', 'bigint', (c) => c.notNull())
        .addColumn('last_message_at', t.timestamp)
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.alterTable('reader_requests').addColumn('settled_at', t.timestamp).execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('reader_requests').dropColumn('settled_at').execute();
      for (const table of [
        'reader_state',
        'messaging_chats',
        'messaging_sessions',
        'reader_messages',
        'inbox_channels',
        'channel_cards',
        'chat_lists',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
