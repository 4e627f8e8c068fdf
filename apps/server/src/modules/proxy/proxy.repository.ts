import type { Kysely, Selectable } from 'kysely';
import type { Database, ProxiesTable } from '../../db/schema.ts';

export function findProxy(
  db: Kysely<Database>,
  botId: number,
): Promise<Selectable<ProxiesTable> | undefined> {
  return db.selectFrom('proxies').selectAll().where('bot_id', '=', botId).executeTakeFirst();
}

export interface ProxyColumns {
  ip: string;
  porta: number;
  login: string;
  /** Already encrypted (bound to this bot's row), or null for no password. */
  password_enc: string | null;
}

export async function saveProxy(
  db: Kysely<Database>,
  botId: number,
  proxy: ProxyColumns,
  now: number,
): Promise<void> {
  const columns = { ...proxy, updated_at: now };
  await db
    .insertInto('proxies')
    .values({ bot_id: botId, ...columns })
    .onConflict((oc) => oc.column('bot_id').doUpdateSet(columns))
    .execute();
}
