import type { Kysely, Selectable } from 'kysely';
import type { BrokerCredentialsTable, Database } from '../../db/schema.ts';

export function listCredentials(
  db: Kysely<Database>,
  botId: number,
): Promise<Selectable<BrokerCredentialsTable>[]> {
  return db
    .selectFrom('broker_credentials')
    .selectAll()
    .where('bot_id', '=', botId)
    .orderBy('broker_id')
    .execute();
}

export function findCredentials(
  db: Kysely<Database>,
  botId: number,
  brokerId: number,
): Promise<Selectable<BrokerCredentialsTable> | undefined> {
  return db
    .selectFrom('broker_credentials')
    .selectAll()
    .where('bot_id', '=', botId)
    .where('broker_id', '=', brokerId)
    .executeTakeFirst();
}

/** The secrets arrive encrypted (bound to this row); null = not stored. */
export interface CredentialColumns {
  email: string;
  password_enc: string | null;
  token_demo_enc: string | null;
  token_real_enc: string | null;
  /** A Deriv OAuth connection's refresh token and expiry; absent: none (cleared). */
  refresh_token_enc?: string | null;
  token_expires_at?: number | null;
}

/** Replaces the whole row: a save is the card's full content, nothing of the old row survives. */
export async function saveCredentials(
  db: Kysely<Database>,
  botId: number,
  brokerId: number,
  columns: CredentialColumns,
  now: number,
): Promise<void> {
  const values = { refresh_token_enc: null, token_expires_at: null, ...columns, updated_at: now };
  await db
    .insertInto('broker_credentials')
    .values({ bot_id: botId, broker_id: brokerId, ...values })
    .onConflict((oc) => oc.columns(['bot_id', 'broker_id']).doUpdateSet(values))
    .execute();
}

export async function deleteCredentials(
  db: Kysely<Database>,
  botId: number,
  brokerId: number,
): Promise<void> {
  await db
    .deleteFrom('broker_credentials')
    .where('bot_id', '=', botId)
    .where('broker_id', '=', brokerId)
    .execute();
}
