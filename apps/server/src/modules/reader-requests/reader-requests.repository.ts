import type { Kysely } from 'kysely';
import type { Database, ReaderRequestsTable } from '../../db/schema.ts';

export async function insertReaderRequest(
  db: Kysely<Database>,
  botId: number,
  action: ReaderRequestsTable['action'],
  now: number,
): Promise<void> {
  await db
    .insertInto('reader_requests')
    .values({ bot_id: botId, action, created_at: now, status: 'queued' })
    .execute();
}
