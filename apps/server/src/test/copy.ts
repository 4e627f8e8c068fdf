import { type CopyProduct, AccountType } from '@app/contract';
import { PAPER_DEFAULTS } from '@app/robot';
import type { Kysely } from 'kysely';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../db/schema.ts';
import { CHUNK } from '../robot/copy/copy-rows.ts';
import { registerAndLogin } from './app.ts';
import { globalParamsRow } from './factories.ts';

/** A follower's settings for its trader (the copy_follows columns), as the tests override them. */
export interface FollowSettings {
  trader_ena: boolean;
  acptdemo: boolean;
  max_trades: number;
  signal_type: number;
  delaysig: number;
  broker_id: number;
  min_stake: number;
  max_stake: number;
  lote: number;
  lote_type: number;
  anticipation: number;
  exp_copy: number;
}

const DEFAULTS: FollowSettings = {
  trader_ena: true,
  acptdemo: true,
  max_trades: 0,
  signal_type: 0,
  delaysig: 0,
  broker_id: 0,
  min_stake: 0,
  max_stake: 0,
  lote: 2,
  lote_type: 1,
  anticipation: 0,
  exp_copy: 0,
};

let seq = 0;

/**
 * Inserts `count` follower bots (one account, global params of broker 1 on demo) and their
 * ACCEPTED follows of `traderBotId` directly, in batches: the copy-server branch owns the request
 * flow; execution tests and the bench start from accepted relationships.
 */
export async function seedFollowers(
  db: Kysely<Database>,
  traderBotId: number,
  count: number,
  now: number,
  {
    product = 'copy',
    settings = () => ({}),
  }: { product?: CopyProduct; settings?: (i: number) => Partial<FollowSettings> } = {},
): Promise<number[]> {
  seq += 1;
  const account = await db
    .insertInto('accounts')
    .values({ email: `followers${seq}-${now}@example.com`, password_hash: 'x', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += CHUNK) {
      const n = Math.min(CHUNK, count - start);
      const bots = await trx
        .insertInto('bots')
        .values(
          Array.from({ length: n }, (_, k) => {
            const userid = `8${String(seq).padStart(3, '0')}${String(start + k).padStart(6, '0')}`;
            return {
              account_id: account.id,
              userid,
              traderid: userid,
              virtual: false,
              email: 'follower@example.com',
              botexp: 0,
              created_at: now,
              verified: true,
            };
          }),
        )
        .returning('id')
        .execute();
      const batch = bots.map((b) => Number(b.id));
      ids.push(...batch);
      await trx
        .insertInto('global_params')
        .values(batch.map((botId) => globalParamsRow(botId, now, { trader_mode: 2 })))
        .execute();
      await trx
        .insertInto('copy_follows')
        .values(
          batch.map((botId, k) => ({
            product,
            follower_bot_id: botId,
            trader_bot_id: traderBotId,
            state: 'accepted' as const,
            follower_name: `f${start + k}`,
            requested_at: now,
            decided_at: now,
            updated_at: now,
            ...DEFAULTS,
            ...settings(start + k),
          })) as never,
        )
        .execute();
    }
  });
  return ids;
}

/** Switches copy trading on for a trader bot (SPEC §3 "Trader info"), no filters unless given. */
export async function enableCopyTrader(
  db: Kysely<Database>,
  traderBotId: number,
  now: number,
  over: Partial<{
    signal_type: number;
    delaysig: string;
    broker_id: number;
    candle_color: number;
    timeframe: number;
    pares_filter: string;
    stake_min: number;
  }> = {},
): Promise<void> {
  await db
    .insertInto('copy_trader_settings')
    .values({
      bot_id: traderBotId,
      copy_trader_en: true,
      signal_type: 7,
      delaysig: '0',
      broker_id: 0,
      candle_color: 0,
      timeframe: 0,
      pares_filter: '',
      stake_min: 0,
      updated_at: now,
      ...over,
    })
    .execute();
}

/** A registered, logged-in account with its bot's row id: a trader, a follower or a stranger. */
export type CopyActor = Awaited<ReturnType<typeof registerAndLogin>> & { botId: number };

export async function copyActor(app: FastifyInstance): Promise<CopyActor> {
  const me = await registerAndLogin(app);
  const bot = await app.deps.db
    .selectFrom('bots')
    .select('id')
    .where('userid', '=', me.userid)
    .executeTakeFirstOrThrow();
  return { ...me, botId: bot.id };
}

/** The answer is this status with this error code. */
export function expectError(res: LightMyRequestResponse, status: number, code: string): void {
  expect(res.statusCode, res.body).toBe(status);
  expect((res.json() as { error: { code: string } }).error.code).toBe(code);
}

/**
 * What each follower's paper demo account has paid out in stakes so far (its starting balance
 * minus its balance now): one copy of a 2.00 stake taken once shows 200, twice 400. Counts every
 * placement whichever way it went (the batch keeps copies in the ledger, one-by-one placement in
 * `paper_orders`), so "no follower got two orders" is read from the money.
 */
export async function stakesTaken(
  db: Kysely<Database>,
  botIds: readonly number[],
): Promise<number[]> {
  const rows = await db
    .selectFrom('paper_accounts')
    .select(['bot_id', 'balance_cents'])
    .where('bot_id', 'in', botIds as number[])
    .where('account_type', '=', AccountType.demo)
    .execute();
  const balance = new Map(rows.map((r) => [Number(r.bot_id), Number(r.balance_cents)]));
  const start = PAPER_DEFAULTS.balances[AccountType.demo];
  return botIds.map((id) => start - (balance.get(id) ?? start));
}
