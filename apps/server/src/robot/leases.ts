import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Takes or renews the lease of a bot for `owner` until `now + ttlMs`: granted when the bot has no
 * lease, the lease expired (its worker died: take-over) or `owner` already holds it. One atomic
 * upsert in both databases, so two workers can never both hold a bot.
 */
export async function acquireLease(
  db: Kysely<Database>,
  botId: number,
  owner: string,
  now: number,
  ttlMs: number,
): Promise<boolean> {
  const res = await db
    .insertInto('bot_leases')
    .values({ bot_id: botId, owner, expires_at: now + ttlMs })
    .onConflict((oc) =>
      oc
        .column('bot_id')
        .doUpdateSet({ owner, expires_at: now + ttlMs })
        .where((eb) =>
          eb.or([eb('bot_leases.expires_at', '<', now), eb('bot_leases.owner', '=', owner)]),
        ),
    )
    .returning('bot_id')
    .executeTakeFirst();
  return res !== undefined;
}

/** Heartbeat: extends every lease `owner` still holds. */
export async function renewLeases(
  db: Kysely<Database>,
  owner: string,
  now: number,
  ttlMs: number,
): Promise<void> {
  await db
    .updateTable('bot_leases')
    .set({ expires_at: now + ttlMs })
    .where('owner', '=', owner)
    .where('expires_at', '>=', now)
    .execute();
}

/** Gives back every lease of `owner` (clean shutdown: other workers take the bots at once). */
export async function releaseLeases(db: Kysely<Database>, owner: string): Promise<void> {
  await db.deleteFrom('bot_leases').where('owner', '=', owner).execute();
}
