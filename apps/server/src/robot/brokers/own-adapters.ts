import { AccountType, Broker, isReal } from '@app/contract';
import { sql, type Kysely } from 'kysely';
import { jsonIds, selectArrays } from '../../db/bulk.ts';
import type { Database } from '../../db/schema.ts';

/** A follower's copy as routing sees it: whose, at which broker, on which account type. */
export interface CopyTarget {
  botId: number;
  brokerId: number;
  account: number;
}

/** The key of a (bot, broker) pair in the set {@link ownAdapterTargets} answers. */
export function targetKey(botId: number, brokerId: number): string {
  return `${botId}/${brokerId}`;
}

/**
 * Which of `targets` trade through the bot's OWN network adapter, as `brokerFor` would resolve
 * it: the broker is one this installation trades at (`network`: the configured Quadcode-platform
 * brokers, Deriv when an app id is set) and the bot stored the login that adapter uses for the
 * copy's account type (Quadcode platform: e-mail and password; Deriv: the token of that account
 * type). One query, whatever the number of targets; `db` may be a transaction. The others go to
 * the paper broker (in one batch).
 */
export async function ownAdapterTargets(
  db: Kysely<Database>,
  targets: readonly CopyTarget[],
  network: ReadonlySet<number>,
): Promise<Set<string>> {
  const own = new Set<string>();
  const wanted = targets.filter((t) => network.has(t.brokerId));
  if (wanted.length === 0) return own;
  const botIds = [...new Set(wanted.map((t) => t.botId))];
  const brokerIds = [...new Set(wanted.map((t) => t.brokerId))];
  // Only whether each secret is there: the sealed values never leave the database here.
  const rows = await selectArrays(
    db,
    [
      sql`bot_id`,
      sql`broker_id`,
      sql`case when email <> '' and password_enc is not null then 1 else 0 end`,
      sql`case when token_demo_enc is not null then 1 else 0 end`,
      sql`case when token_real_enc is not null then 1 else 0 end`,
    ],
    sql`from broker_credentials where bot_id in ${jsonIds(db, botIds)}
      and broker_id in ${jsonIds(db, brokerIds)}`,
  );
  const logins = new Map<string, { login: boolean; demo: boolean; real: boolean }>();
  for (const [bot, broker, login, demo, real] of rows) {
    logins.set(targetKey(Number(bot), Number(broker)), {
      login: Number(login) === 1,
      demo: Number(demo) === 1,
      real: Number(real) === 1,
    });
  }
  for (const t of wanted) {
    const key = targetKey(t.botId, t.brokerId);
    const l = logins.get(key);
    if (!l) continue;
    const usable =
      t.brokerId === Broker.deriv
        ? t.account === AccountType.demo
          ? l.demo
          : isReal(t.account) && l.real
        : l.login;
    if (usable) own.add(key);
  }
  return own;
}
