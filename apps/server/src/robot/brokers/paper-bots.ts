import { AccountType, Broker } from '@app/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { derivAppIdFromEnv, quadcodePlatformsFromEnv } from './broker-catalog.ts';
import { ownAdapterTargets, targetKey } from './own-adapters.ts';

/**
 * The brokers this installation trades at through their own adapter, as the broker resolver
 * builds them from the same variables: the configured Quadcode-platform brokers, and Deriv when
 * its app id is set. Every other broker is simulator only here.
 */
export function tradingNetworkFromEnv(env: NodeJS.ProcessEnv = process.env): Set<number> {
  const network = new Set<number>(quadcodePlatformsFromEnv(env).keys());
  if (derivAppIdFromEnv(env) !== null) network.add(Broker.deriv);
  return network;
}

/**
 * Which of these bots trade on the simulator (the paper broker) now, by the rule `brokerFor`
 * resolves with: the bot's current broker has no adapter here, or the bot stored no login for its
 * account type there. Two queries, whatever the number of bots; `db` may be a transaction.
 * @example await paperBotsAmong(db, [7, 8]) // Set { 7, 8 } on an install without brokers
 */
export async function paperBotsAmong(
  db: Kysely<Database>,
  botIds: readonly number[],
  network: ReadonlySet<number> = tradingNetworkFromEnv(),
): Promise<Set<number>> {
  const ids = [...new Set(botIds)];
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('bots as b')
    .leftJoin('global_params as g', (j) =>
      j.onRef('g.bot_id', '=', 'b.id').onRef('g.broker_id', '=', 'b.current_broker'),
    )
    .select(['b.id', 'b.current_broker', 'g.acc_type'])
    .where('b.id', 'in', ids)
    .execute();
  const targets = rows.map((r) => ({
    botId: Number(r.id),
    brokerId: Number(r.current_broker),
    account: r.acc_type ?? AccountType.demo,
  }));
  const own = await ownAdapterTargets(db, targets, network);
  return new Set(
    targets.filter((t) => !own.has(targetKey(t.botId, t.brokerId))).map((t) => t.botId),
  );
}
