import { endpoints as api, type GlobalParams, AccountType } from '@app/contract';
import { paperPricePoints } from '@app/robot';
import type { FastifyInstance } from 'fastify';
import { PAPER_SEED } from '../robot/brokers/paper-broker.ts';
import { enqueueBotEvent } from '../robot/bot-events.ts';
import { runSession } from '../robot/run-session.ts';
import type { RuntimeDeps } from '../robot/runtime-deps.ts';
import { callAs, lastCodeSentTo, registerAndLogin } from './app.ts';
import { globalParamsBody, globalParamsRow } from './factories.ts';

export const MINUTE = 60_000;

/** A test clock the app and the runtime read; moved by hand, never by sleeping. */
export interface TestClock {
  now: number;
}

export type Me = Awaited<ReturnType<typeof registerAndLogin>> & { botId: number };

/** Registers a trader and returns its bot's database id too. */
export async function newTrader(app: FastifyInstance): Promise<Me> {
  const me = await registerAndLogin(app);
  // A registered bot is pending until its id is proven: verify it with the code the
  // test messenger "sent", as the trader would in the bot manager.
  const verified = await callAs(app, me.cookie, api.verifyBot, {
    body: { userid: me.userid, code: lastCodeSentTo(me.userid) },
  });
  if (verified.statusCode !== 200)
    throw new Error(`verify: ${verified.statusCode} ${verified.body}`);
  const bot = await app.deps.db
    .selectFrom('bots')
    .select('id')
    .where('userid', '=', me.userid)
    .executeTakeFirstOrThrow();
  return { ...me, botId: bot.id };
}

export async function saveGlobalParams(
  app: FastifyInstance,
  me: Me,
  over: Partial<GlobalParams> = {},
): Promise<void> {
  const res = await callAs(app, me.cookie, api.saveGlobalParams, {
    query: { userid: me.userid },
    // Switching to Real asks for the account password again: the trader types it.
    body: globalParamsBody(me.userid, {
      ...(over.accType === AccountType.real ? { realPassword: me.password } : {}),
      ...over,
    }),
  });
  if (res.statusCode !== 200) throw new Error(`globalparams: ${res.statusCode} ${res.body}`);
}

/** Sends a bot command through the API and lets the runtime apply it; returns the reply. */
export async function command(
  app: FastifyInstance,
  rt: RuntimeDeps,
  me: Me,
  botCmd: number,
): Promise<{ key: string; params: Record<string, unknown> }> {
  const res = await callAs(app, me.cookie, api.sendBotCommand, {
    body: { userid: me.userid, botCmd },
  });
  if (res.statusCode !== 200) throw new Error(`sendbotcmd: ${res.statusCode} ${res.body}`);
  await runSession(rt, me.botId);
  const row = await app.deps.db
    .selectFrom('bot_commands')
    .select('reply')
    .where('bot_id', '=', me.botId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return JSON.parse(row.reply ?? 'null') as { key: string; params: Record<string, unknown> };
}

let dedupe = 0;
/**
 * The local test source: writes an accepted signal row as the reader will (migration 0006) and
 * queues the bot's event (`bot_events`). Type 8 (full minute): the entry is sent at `atMs`,
 * expires a timeframe on.
 */
export async function postSignal(
  app: FastifyInstance,
  me: Me,
  s: {
    asset: string;
    direction: 'CALL' | 'PUT';
    atMs: number;
    timeframeMin?: number;
    channel?: string;
  },
): Promise<number> {
  dedupe += 1;
  const now = app.deps.now();
  const row = await app.deps.db
    .insertInto('signals')
    .values({
      bot_id: me.botId,
      channel_id: s.channel ?? 'local-1',
      status: 'accepted',
      asset: s.asset,
      direction: s.direction,
      signal_at: s.atMs,
      timeframe_min: s.timeframeMin ?? 1,
      signal_type: 8,
      delay_ms: 0,
      dedupe_key: `${s.asset}-${s.direction}-${s.atMs}-${dedupe}`,
      received_at: now,
      parsed_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await enqueueBotEvent(app.deps.db, {
    botId: me.botId,
    kind: 'signal',
    refId: row.id,
    dueAt: now,
  });
  return row.id;
}

/** W, L or D of a CALL bought at `atMs` and expiring one minute later on the paper path. */
export function paperResult(asset: string, atMs: number): 'W' | 'L' | 'D' {
  const a = paperPricePoints(PAPER_SEED, asset, atMs);
  const b = paperPricePoints(PAPER_SEED, asset, atMs + MINUTE);
  return b > a ? 'W' : b < a ? 'L' : 'D';
}

/**
 * The first whole minute at or after `fromMs` where consecutive one-minute CALLs on the paper
 * path give exactly `pattern` (e.g. 'LLLW'): the scenario of a worked example, found on the
 * seeded prices rather than forced, so the test runs the real broker.
 */
export function findMinute(asset: string, pattern: string, fromMs: number): number {
  const start = Math.ceil(fromMs / MINUTE) * MINUTE;
  for (let i = 0; i < 100_000; i += 1) {
    const t = start + i * MINUTE;
    let ok = true;
    for (let k = 0; k < pattern.length && ok; k += 1) {
      ok = paperResult(asset, t + k * MINUTE) === pattern[k];
    }
    if (ok) return t;
  }
  throw new Error(`No minute with ${pattern} on ${asset}`);
}

/** Runs the bot at each instant (the due times of its orders), like the runtime's timer would. */
export async function runAt(
  clock: TestClock,
  rt: RuntimeDeps,
  me: Me,
  instants: readonly number[],
): Promise<void> {
  for (const at of instants) {
    clock.now = at;
    await runSession(rt, me.botId);
  }
}

/** The bot's orders, oldest first, in cents. */
export async function ordersOf(app: FastifyInstance, me: Me) {
  const rows = await app.deps.db
    .selectFrom('orders')
    .selectAll()
    .where('bot_id', '=', me.botId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    ...r,
    stake_cents: Number(r.stake_cents),
    pnl_cents: r.pnl_cents === null ? null : Number(r.pnl_cents),
  }));
}

/**
 * Inserts `count` switched-on-ready bots directly (one account, global params of broker 1,
 * martingale 2.00 without gales, a queued `on` command each): the setup of the scale tests and
 * the bench, where registering through the API would measure argon2 instead.
 */
export async function seedTradingBots(
  db: FastifyInstance['deps']['db'],
  count: number,
  now: number,
): Promise<number[]> {
  const account = await db
    .insertInto('accounts')
    .values({ email: `scale${now}@example.com`, password_hash: 'x', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const botIds: number[] = [];
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < count; i += 1) {
      const userid = `7${String(now % 1_000_000).padStart(6, '0')}${String(i).padStart(5, '0')}`;
      const bot = await trx
        .insertInto('bots')
        .values({
          account_id: account.id,
          userid,
          traderid: userid,
          virtual: false,
          email: 'scale@example.com',
          botexp: 0,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      botIds.push(bot.id);
      await trx.insertInto('global_params').values(globalParamsRow(bot.id, now)).execute();
      await trx
        .insertInto('bot_commands')
        .values({ bot_id: bot.id, code: 1, created_at: now, status: 'queued' })
        .execute();
    }
  });
  return botIds;
}
