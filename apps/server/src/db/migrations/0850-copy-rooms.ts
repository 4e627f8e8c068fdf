import type { Kysely, Migration } from 'kysely';

/**
 * `chat_lists` → `copy_rooms`: the chats a bot reads signals from carry one name in the panel
 * (`features/copy-rooms`), the reader (`reader/copy-rooms.ts`) and the table (docs/code-names.md).
 * Rows, keys and the primary key are unchanged (PostgreSQL keeps its constraint's old name,
 * `chat_lists_pk`; nothing refers to it by name).
 */
export function copyRooms(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('chat_lists').renameTo('copy_rooms').execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('copy_rooms').renameTo('chat_lists').execute();
    },
  };
}
