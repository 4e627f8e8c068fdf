import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { MessageSource, SourceChat } from './message-source.ts';
import type { BotRef } from './copy-rooms.ts';

/** The `idNum` of a local inbox channel. */
export function inboxChatId(channelRowId: number): string {
  return `inbox-${channelRowId}`;
}

/** The row id of a local channel's `idNum`, or `null` when it is not one. */
export function inboxRowId(idNum: string): number | null {
  const match = /^inbox-(\d{1,15})$/.exec(idNum);
  return match ? Number(match[1]) : null;
}

/**
 * The local inbox (default source): channels the trader creates; messages posted from the panel,
 * the API or a file are delivered at once, so there is no connection to keep.
 */
export function createInboxSource(db: Kysely<Database>): MessageSource {
  return {
    kind: 'inbox',
    async listChats(bot: BotRef): Promise<SourceChat[]> {
      const rows = await db
        .selectFrom('inbox_channels')
        .select(['id', 'name'])
        .where('bot_id', '=', bot.id)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ chatId: inboxChatId(r.id), name: r.name }));
    },
    async refresh() {},
    async forget() {},
    async close() {},
  };
}
