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
  /** The first bot's expiry (Unix seconds): its free trial's end. */
  botexp: number;
}

/**
 * Creates the account and its first bot inside the caller's transaction: never an account without
 * its bot. The bot is pending (not verified) until its id is proven. Returns the bot's row id.
 */
export async function createAccountWithBot(trx: Kysely<Database>, a: NewAccount): Promise<number> {
  const account = await trx
    .insertInto('accounts')
    .values({ email: a.email, password_hash: a.passwordHash, created_at: a.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const bot = await trx
    .insertInto('bots')
    .values({
      account_id: account.id,
      userid: a.userid,
      traderid: a.traderid,
      virtual: false,
      verified: false,
      email: a.email,
      botexp: a.botexp,
      created_at: a.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return bot.id;
}
