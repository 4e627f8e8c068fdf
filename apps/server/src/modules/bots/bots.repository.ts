import type { Bot } from '@app/contract';
import type { Kysely } from 'kysely';
import { fromDbBool, type DialectName } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';

/** A bot of the account as the manager needs it: its row id and the wire fields. */
export interface AccountBot extends Bot {
  id: number;
}

/**
 * The account's bots in creation order (the first is the one the panel opens with). With `lock`
 * on PostgreSQL the rows stay locked until the transaction ends, so two removals of the same
 * account cannot both see "not the last bot"; SQLite has one writer, the transaction suffices.
 */
export async function accountBots(
  db: Kysely<Database>,
  accountId: number,
  lock?: DialectName,
): Promise<AccountBot[]> {
  const query = db
    .selectFrom('bots')
    .select(['id', 'email', 'userid', 'botexp', 'virtual', 'verified', 'taken_back_at'])
    .where('account_id', '=', accountId)
    .orderBy('id');
  const rows = await (lock === 'postgres' ? query.forUpdate() : query).execute();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    userid: r.userid,
    botexp: Number(r.botexp),
    virtual: fromDbBool(r.virtual),
    verified: fromDbBool(r.verified),
    ...(r.taken_back_at !== null ? { takenBackAt: Number(r.taken_back_at) } : {}),
  }));
}

export async function accountEmail(db: Kysely<Database>, accountId: number): Promise<string> {
  const row = await db
    .selectFrom('accounts')
    .select('email')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return row.email;
}

export interface NewBotRow {
  accountId: number;
  userid: string;
  virtual: boolean;
  email: string;
  now: number;
  /** Unix seconds: the free trial's end (`trialExpirySec`). */
  botexp: number;
}

/** Inserts the bot (a messaging-app bot pending until proven); returns its row id. */
export async function insertBot(db: Kysely<Database>, b: NewBotRow): Promise<number> {
  const row = await db
    .insertInto('bots')
    .values({
      account_id: b.accountId,
      userid: b.userid,
      // The copy-trading identity starts equal to the bot id, as at registration.
      traderid: b.userid,
      virtual: b.virtual,
      verified: b.virtual,
      email: b.email,
      botexp: b.botexp,
      created_at: b.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Deletes the bot; its settings, commands and session go with it (foreign keys cascade). */
export async function deleteBot(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('bots').where('id', '=', id).execute();
}
