import type { Kysely, Selectable } from 'kysely';
import type { BotCommandsTable, Database } from '../../db/schema.ts';

export async function insertCommand(
  db: Kysely<Database>,
  botId: number,
  code: number,
  now: number,
): Promise<number> {
  const row = await db
    .insertInto('bot_commands')
    .values({ bot_id: botId, code, created_at: now, status: 'queued' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Newest first; ids grow with time, and unlike created_at they never tie. */
export function recentCommands(
  db: Kysely<Database>,
  botId: number,
  limit: number,
): Promise<Selectable<BotCommandsTable>[]> {
  return db
    .selectFrom('bot_commands')
    .selectAll()
    .where('bot_id', '=', botId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
