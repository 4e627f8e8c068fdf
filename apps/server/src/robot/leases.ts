import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
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

/**
 * A lease owner id for a process of this host: `<role>-<host>-<pid>-<random>`. The host and pid
 * let a restarted process recognise the leases a dead process of the same host left behind
 * ({@link reclaimDeadLeases}).
 */
export function processOwnerId(role: 'runtime' | 'worker', host = hostname()): string {
  return `${role}-${host}-${process.pid}-${randomBytes(4).toString('hex')}`;
}

/** Whether process `pid` runs on this host (EPERM: it runs, as another user). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Gives back at once the leases of processes of this host that are gone (killed, crashed): a
 * restarted process takes its own bots back without waiting for the lease to run out.
 * Only owners written by {@link processOwnerId} for `host` are judged, and only by whether their
 * pid still runs; any other owner (WORKER_ID, another host) keeps its lease until it expires.
 * How many leases were freed.
 */
export async function reclaimDeadLeases(
  db: Kysely<Database>,
  host = hostname(),
  alive: (pid: number) => boolean = processAlive,
): Promise<number> {
  const rows = await db.selectFrom('bot_leases').select('owner').distinct().execute();
  const dead: string[] = [];
  for (const { owner } of rows) {
    for (const role of ['runtime', 'worker']) {
      const prefix = `${role}-${host}-`;
      if (!owner.startsWith(prefix)) continue;
      const m = /^(\d+)-[0-9a-f]{8}$/.exec(owner.slice(prefix.length));
      const pid = m ? Number(m[1]) : NaN;
      if (Number.isSafeInteger(pid) && pid !== process.pid && !alive(pid)) dead.push(owner);
    }
  }
  if (dead.length === 0) return 0;
  const res = await db.deleteFrom('bot_leases').where('owner', 'in', dead).executeTakeFirst();
  return Number(res.numDeletedRows);
}
