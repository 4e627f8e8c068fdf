import { ErrorCode } from '@app/contract';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { addressKey } from '../../lib/throttle-policy.ts';
import type { AppDeps } from '../../plugins/context.ts';

// The guessing limits (`deps.throttle`) and the address a limit counts are lib/throttle-policy.ts;
// this file keeps their counters (`auth_throttle`) and answers 429 when one is spent.

const HOUR_MS = 60 * 60_000;

interface Row {
  key: string;
  count: number;
  at: number;
  blocked_until: number;
}

type Trx = Kysely<Database>;

async function lockRows(deps: AppDeps, trx: Trx, keys: string[]): Promise<Map<string, Row>> {
  for (const key of keys) {
    await trx
      .insertInto('auth_throttle')
      .values({ key, count: 0, at: 0, blocked_until: 0 })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }
  let query = trx.selectFrom('auth_throttle').selectAll().where('key', 'in', keys);
  // SQLite runs one transaction at a time; PostgreSQL needs the rows locked.
  if (deps.dialect === 'postgres') query = query.forUpdate();
  const rows = await query.execute();
  return new Map(rows.map((r) => [r.key, r]));
}

function refuse(reply: FastifyReply, waitMs: number): never {
  reply.header('retry-after', String(Math.max(1, Math.ceil(waitMs / 1000))));
  throw new HttpError(429, ErrorCode.rateLimited);
}

/** What a charged login attempt changed, to give back when the password was right. */
export interface LoginCharge {
  pairKey: string;
  addressKey: string;
  addressBefore: Row;
  /** The hourly key charged (the device's or the account's) and its row before. */
  hourKey: string;
  hourBefore: Row;
}

/** An hourly counter (fixed window from its first failure) as it stands at `now`. */
function hourly(row: Row | undefined, now: number): { count: number; start: number } {
  if (!row || now - row.at >= HOUR_MS) return { count: 0, start: now };
  return { count: row.count, start: row.at };
}

/**
 * Charges one login attempt to the pair, the address and the hour (the device's when the
 * request carries this account's device cookie and that device is under its limit, else the
 * account's) before the password is evaluated (so parallel guesses cannot all slip under the
 * limits), or answers 429 while any of them is spent.
 */
export async function chargeLogin(
  deps: AppDeps,
  reply: FastifyReply,
  email: string,
  ip: string,
  device: string | null = null,
): Promise<LoginCharge> {
  const policy = deps.throttle;
  const address = addressKey(ip);
  const keys = [
    { key: `login:${email}|${address}`, free: policy.pairFreeFailures },
    { key: `login-address:${address}`, free: policy.addressFreeFailures },
  ];
  const accountKey = `login-account:${email}`;
  const deviceKey = device === null ? null : `login-device:${device}`;
  const now = deps.now();
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const rows = await lockRows(deps, trx, [
      ...keys.map((k) => k.key),
      accountKey,
      ...(deviceKey === null ? [] : [deviceKey]),
    ]);
    const current = keys.map(({ key, free }) => {
      const row = rows.get(key) ?? { key, count: 0, at: 0, blocked_until: 0 };
      const forgotten = now - row.at >= policy.forgetMs;
      return {
        free,
        row,
        count: forgotten ? 0 : row.count,
        blockedUntil: forgotten ? 0 : row.blocked_until,
      };
    });
    const waitUntil = Math.max(...current.map((c) => c.blockedUntil));
    if (waitUntil > now) return { waitMs: waitUntil - now };
    // The hour this attempt counts against: its device's while that has attempts left.
    let hourKey = accountKey;
    let cap = policy.accountFailuresPerHour;
    if (deviceKey !== null) {
      const known = hourly(rows.get(deviceKey), now);
      if (known.count < policy.deviceFailuresPerHour) {
        hourKey = deviceKey;
        cap = policy.deviceFailuresPerHour;
      }
    }
    const hourRow = rows.get(hourKey) ?? { key: hourKey, count: 0, at: 0, blocked_until: 0 };
    const hour = hourly(hourRow, now);
    if (hour.count >= cap) return { waitMs: hour.start + HOUR_MS - now };
    await trx
      .updateTable('auth_throttle')
      .set({ count: hour.count + 1, at: hour.start, blocked_until: 0 })
      .where('key', '=', hourKey)
      .execute();
    for (const c of current) {
      const count = c.count + 1;
      const blockedUntil =
        count >= c.free
          ? now + Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** (count - c.free))
          : 0;
      await trx
        .updateTable('auth_throttle')
        .set({ count, at: now, blocked_until: blockedUntil })
        .where('key', '=', c.row.key)
        .execute();
    }
    const before = current[1]?.row ?? {
      key: keys[1]?.key ?? '',
      count: 0,
      at: 0,
      blocked_until: 0,
    };
    return {
      waitMs: 0,
      addressBefore: { ...before },
      hourKey,
      hourBefore: { ...hourRow },
    };
  });
  if (outcome.waitMs > 0 || !outcome.addressBefore) refuse(reply, outcome.waitMs);
  return {
    pairKey: keys[0]?.key ?? '',
    addressKey: keys[1]?.key ?? '',
    addressBefore: outcome.addressBefore,
    hourKey: outcome.hourKey ?? accountKey,
    hourBefore: outcome.hourBefore ?? { key: accountKey, count: 0, at: 0, blocked_until: 0 },
  };
}

/** A right password: the pair starts afresh, the address and the hour get their attempt back. */
export async function refundLogin(deps: AppDeps, charge: LoginCharge): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('auth_throttle').where('key', '=', charge.pairKey).execute();
    for (const [key, before] of [
      [charge.addressKey, charge.addressBefore],
      [charge.hourKey, charge.hourBefore],
    ] as const) {
      await trx
        .updateTable('auth_throttle')
        .set({ count: before.count, at: before.at, blocked_until: before.blocked_until })
        .where('key', '=', key)
        .execute();
    }
  });
}

/**
 * Counts one registration against the address's hour (a fixed window from its first
 * registration), or answers 429 once it has `registrationsPerHour`. Returns the refund, for a
 * registration that was refused after all (409, …).
 */
export async function chargeRegistration(
  deps: AppDeps,
  reply: FastifyReply,
  ip: string,
): Promise<() => Promise<void>> {
  const key = `register:${addressKey(ip)}`;
  const now = deps.now();
  const waitMs = await deps.db.transaction().execute(async (trx) => {
    const row = (await lockRows(deps, trx, [key])).get(key);
    const fresh = !row || now - row.at >= HOUR_MS;
    const count = fresh ? 0 : row.count;
    const windowStart = fresh ? now : row.at;
    if (count >= deps.throttle.registrationsPerHour) return windowStart + HOUR_MS - now;
    await trx
      .updateTable('auth_throttle')
      .set({ count: count + 1, at: windowStart, blocked_until: 0 })
      .where('key', '=', key)
      .execute();
    return 0;
  });
  if (waitMs > 0) refuse(reply, waitMs);
  return async () => {
    await deps.db
      .updateTable('auth_throttle')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where('key', '=', key)
      .where('count', '>', 0)
      .execute();
  };
}
