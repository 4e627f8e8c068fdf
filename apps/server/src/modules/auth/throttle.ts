import { ErrorCode } from '@app/contract';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { AppDeps } from '../../plugins/context.ts';

/**
 * Guessing limits of login and the registration cap (docs/operator.md "Security"). Counters live in
 * the database (`auth_throttle`), so every server instance shares them.
 *
 * Login: a failure counts against the pair (account, address) and against the address. Past
 * its free failures a key slows down — the next attempt waits `firstDelayMs`, doubling per
 * further failure up to `maxDelayMs` — instead of locking: the attempt is answered 429 with
 * Retry-After without evaluating the password. A correct password from an address that has not
 * failed is always let through, so nobody can lock an owner out. Failures are forgotten
 * `forgetMs` after the last one; a success clears its pair.
 */
export interface ThrottlePolicy {
  /** Failures per (account, address) before slowing down. */
  pairFreeFailures: number;
  /** Failures per address, whatever the account, before slowing down. */
  addressFreeFailures: number;
  firstDelayMs: number;
  maxDelayMs: number;
  forgetMs: number;
  /** Accounts an address may register per hour. */
  registrationsPerHour: number;
}

export const DEFAULT_THROTTLE: ThrottlePolicy = {
  pairFreeFailures: 5,
  addressFreeFailures: 10,
  firstDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
  forgetMs: 60 * 60_000,
  registrationsPerHour: 5,
};

const HOUR_MS = 60 * 60_000;

/**
 * The address a limit counts: IPv4 as is, IPv6 by its /64 (one subscriber's whole prefix, which
 * an attacker could otherwise walk through).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const headParts = head === '' ? [] : head.split(':');
  const tailParts = ip.includes('::') && tail !== '' ? tail.split(':') : [];
  const zeros = Array<string>(Math.max(0, 8 - headParts.length - tailParts.length)).fill('0');
  const groups = ip.includes('::') ? [...headParts, ...zeros, ...tailParts] : headParts;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

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
}

/**
 * Charges one login attempt to the pair and the address before the password is evaluated (so
 * parallel guesses cannot all slip under the limit), or answers 429 while either is slowed down.
 */
export async function chargeLogin(
  deps: AppDeps,
  reply: FastifyReply,
  email: string,
  ip: string,
): Promise<LoginCharge> {
  const policy = deps.throttle;
  const address = addressKey(ip);
  const keys = [
    { key: `login:${email}|${address}`, free: policy.pairFreeFailures },
    { key: `login-address:${address}`, free: policy.addressFreeFailures },
  ];
  const now = deps.now();
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const rows = await lockRows(
      deps,
      trx,
      keys.map((k) => k.key),
    );
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
    return { waitMs: 0, addressBefore: { ...before } };
  });
  if (outcome.waitMs > 0 || !outcome.addressBefore) refuse(reply, outcome.waitMs);
  return {
    pairKey: keys[0]?.key ?? '',
    addressKey: keys[1]?.key ?? '',
    addressBefore: outcome.addressBefore,
  };
}

/** A right password: the pair starts afresh and the address gets its attempt back. */
export async function refundLogin(deps: AppDeps, charge: LoginCharge): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('auth_throttle').where('key', '=', charge.pairKey).execute();
    const { count, at, blocked_until } = charge.addressBefore;
    await trx
      .updateTable('auth_throttle')
      .set({ count, at, blocked_until })
      .where('key', '=', charge.addressKey)
      .execute();
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
