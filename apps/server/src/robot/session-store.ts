import type { SessionState } from '@app/robot';
import type { Kysely } from 'kysely';
import { fromDbJson, toDbJson } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';

/** The saved session of a bot, or `undefined` before its first command. */
export async function findSession(
  db: Kysely<Database>,
  botId: number,
): Promise<SessionState | undefined> {
  const row = await db
    .selectFrom('bot_sessions')
    .select('state')
    .where('bot_id', '=', botId)
    .executeTakeFirst();
  return row ? fromDbJson<SessionState>(row.state) : undefined;
}

/** Inserts or replaces a bot's session; `db` is the transaction that applied the command. */
export async function saveSession(
  db: Kysely<Database>,
  botId: number,
  state: SessionState,
  now: number,
): Promise<void> {
  const columns = { state: toDbJson(state), updated_at: now };
  await db
    .insertInto('bot_sessions')
    .values({ bot_id: botId, ...columns })
    .onConflict((oc) => oc.column('bot_id').doUpdateSet(columns))
    .execute();
}
