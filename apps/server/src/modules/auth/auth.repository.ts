import type { BotRef } from '@app/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export async function findAccountByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('accounts')
    .select(['id', 'email', 'password_hash'])
    .where('email', '=', email)
    .executeTakeFirst();
}

export async function findAccountEmail(db: Kysely<Database>, accountId: number) {
  const row = await db
    .selectFrom('accounts')
    .select('email')
    .where('id', '=', accountId)
    .executeTakeFirst();
  return row?.email ?? null;
}

export async function botExists(db: Kysely<Database>, userid: string): Promise<boolean> {
  const row = await db
    .selectFrom('bots')
    .select('id')
    .where('userid', '=', userid)
    .executeTakeFirst();
  return row !== undefined;
}

/** The account's bots in creation order: the first is the one the panel opens with. */
export async function listBotRefs(db: Kysely<Database>, accountId: number): Promise<BotRef[]> {
  return db
    .selectFrom('bots')
    .select(['userid', 'traderid'])
    .where('account_id', '=', accountId)
    .orderBy('id')
    .execute();
}

export interface NewAccount {
  email: string;
  passwordHash: string;
  userid: string;
  traderid: string;
  now: number;
}

/** Creates the account and its first bot together: never an account without its bot. */
export async function createAccountWithBot(db: Kysely<Database>, a: NewAccount): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const account = await trx
      .insertInto('accounts')
      .values({ email: a.email, password_hash: a.passwordHash, created_at: a.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('bots')
      .values({
        account_id: account.id,
        userid: a.userid,
        traderid: a.traderid,
        virtual: false,
        email: a.email,
        botexp: 0,
        created_at: a.now,
      })
      .execute();
  });
}
