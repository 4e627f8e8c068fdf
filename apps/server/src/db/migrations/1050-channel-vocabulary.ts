import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../dialect.ts';

/**
 * `channel_cards.vocabulary`: what the trader taught the channel (docs/trader.md "Teaching a
 * channel"), the card's `vocabulary` as JSON text; `''` when nothing was taught.
 *
 * `channel_doubts`: per room owner and channel, when the trader was last told in the chat that a
 * message was not understood, which message that was, and how many doubtful messages came since
 * without a chat message (at most one per channel per 10 minutes; the card shows the rest).
 */
export function channelVocabulary(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('channel_cards')
        .addColumn('vocabulary', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createTable('channel_doubts')
        .addColumn('bot_id', 'bigint', (c) => c.notNull().references('bots.id').onDelete('cascade'))
        .addColumn('channel_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('notified_at', t.timestamp, (c) => c.notNull())
        .addColumn('message_id', 'bigint')
        .addColumn('unsent', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_at', t.timestamp, (c) => c.notNull())
        .addColumn('last_message_id', 'bigint')
        .addPrimaryKeyConstraint('channel_doubts_pk', ['bot_id', 'channel_id'])
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('channel_doubts').execute();
      await db.schema.alterTable('channel_cards').dropColumn('vocabulary').execute();
    },
  };
}
