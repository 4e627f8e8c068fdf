import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ConfigError } from './config.ts';

const KEY_CHECK = 'key_check';

/** A fingerprint of the secret key that tells keys apart without revealing one (HMAC-SHA256). */
export function keyFingerprint(key: Buffer): string {
  return createHmac('sha256', key).update('copybot key check v1').digest('hex').slice(0, 32);
}

async function storedFingerprint(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', KEY_CHECK)
    .executeTakeFirst();
  return row?.value ?? null;
}

async function store(db: Kysely<Database>, value: string, now: number): Promise<void> {
  await db
    .insertInto('app_meta')
    .values({ key: KEY_CHECK, value, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
    .execute();
}

/**
 * The server records its key's fingerprint at every start. `changed`: the database last saw
 * another key (secrets saved before cannot be decrypted with this one: the server says so).
 */
export async function recordKeyCheck(
  db: Kysely<Database>,
  key: Buffer,
  now: number,
): Promise<'recorded' | 'same' | 'changed'> {
  const mine = keyFingerprint(key);
  const stored = await storedFingerprint(db);
  if (stored === mine) return 'same';
  await store(db, mine, now);
  return stored === null ? 'recorded' : 'changed';
}

/**
 * A worker refuses to run with another key than the one the server recorded: every broker token
 * it read would fail to decrypt. Records the key when none is recorded yet (a worker started
 * before the server's first start).
 */
export async function verifyKeyCheck(
  db: Kysely<Database>,
  key: Buffer,
  now: number,
): Promise<void> {
  const mine = keyFingerprint(key);
  const stored = await storedFingerprint(db);
  if (stored === null) {
    await store(db, mine, now);
    return;
  }
  if (stored !== mine) {
    throw new ConfigError([
      "This worker's secret key is not the server's (the database records another key's fingerprint): set APP_SECRET_KEY (or APP_SECRET_KEY_FILE) to the key the server uses",
    ]);
  }
}
