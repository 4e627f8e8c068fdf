import type { AccountType } from '@app/contract';
import {
  normalizeAsset,
  outcomeOf,
  PAPER_DEFAULTS,
  paperPricePoints,
  roundCents,
} from '@app/robot';
import { sql, type Kysely } from 'kysely';
import { insertJsonRows, jsonIds, jsonRows, type BulkColumns } from '../../db/bulk.ts';
import type { Database } from '../../db/schema.ts';
import type {
  BatchBroker,
  BrokerAdapter,
  OrderStatus,
  PlaceAnswer,
  PlaceRequest,
} from './broker-adapter.ts';

/** The seed of every paper price path: the same prices in the server, the workers and tests. */
export const PAPER_SEED = 20_251_122;

/** Paper payout for an asset: regular assets 87 %, OTC 80 % (PAPER_DEFAULTS). */
export function paperPayout(asset: string): number {
  return normalizeAsset(asset).includes('OTC')
    ? PAPER_DEFAULTS.otcPayout
    : PAPER_DEFAULTS.defaultPayout;
}

/** P&L of a paper order at its expiry (ROBOT.md §0), from the seeded price path. */
export function paperPnlCents(o: {
  asset: string;
  direction: 'CALL' | 'PUT';
  stakeCents: number;
  payout: number;
  openAtMs: number;
  expiresAtMs: number;
}): number {
  const entry = paperPricePoints(PAPER_SEED, o.asset, o.openAtMs);
  const exit = paperPricePoints(PAPER_SEED, o.asset, o.expiresAtMs);
  const outcome = outcomeOf(o.direction, entry, exit);
  return outcome === 'WIN'
    ? roundCents(o.stakeCents * o.payout)
    : outcome === 'DRAW'
      ? 0
      : -o.stakeCents;
}

/**
 * The paper broker of one bot with its balances and orders in the database (paper_accounts,
 * paper_orders), so a restart or another worker sees the same money. Prices come from the seeded
 * path of packages/robot; results are decided by the price at expiry.
 */
export function paperBroker(db: Kysely<Database>, botId: number): BrokerAdapter {
  async function balanceOf(trx: Kysely<Database>, account: AccountType): Promise<number> {
    const row = await trx
      .selectFrom('paper_accounts')
      .select('balance_cents')
      .where('bot_id', '=', botId)
      .where('account_type', '=', account)
      .executeTakeFirst();
    if (row) return Number(row.balance_cents);
    const start = PAPER_DEFAULTS.balances[account];
    await trx
      .insertInto('paper_accounts')
      .values({ bot_id: botId, account_type: account, balance_cents: start })
      .onConflict((oc) => oc.columns(['bot_id', 'account_type']).doNothing())
      .execute();
    return start;
  }

  async function setBalance(trx: Kysely<Database>, account: number, cents: number): Promise<void> {
    await trx
      .updateTable('paper_accounts')
      .set({ balance_cents: cents })
      .where('bot_id', '=', botId)
      .where('account_type', '=', account)
      .execute();
  }

  return {
    name: 'paper',
    balance: (account) => balanceOf(db, account),
    payout: (asset) => Promise.resolve(paperPayout(asset)),

    placeOrder(req) {
      return db.transaction().execute(async (trx): Promise<PlaceAnswer> => {
        const existing = await trx
          .selectFrom('paper_orders')
          .select(['id', 'payout'])
          .where('bot_id', '=', botId)
          .where('client_ref', '=', req.clientRef)
          .executeTakeFirst();
        if (existing) {
          return {
            ok: true,
            brokerOrderId: `paper-${existing.id}`,
            payout: existing.payout,
            balanceCents: null,
          };
        }
        if (!Number.isInteger(req.stakeCents) || req.stakeCents < PAPER_DEFAULTS.minStakeCents) {
          return { ok: false, error: 'stakeBelowMin' };
        }
        if (req.stakeCents > PAPER_DEFAULTS.maxStakeCents)
          return { ok: false, error: 'stakeAboveMax' };
        const available = await balanceOf(trx, req.account);
        if (req.stakeCents > available) return { ok: false, error: 'insufficientBalance' };
        const payout = paperPayout(req.asset);
        const inserted = await trx
          .insertInto('paper_orders')
          .values({
            bot_id: botId,
            client_ref: req.clientRef,
            account_type: req.account,
            asset: req.asset,
            direction: req.direction,
            stake_cents: req.stakeCents,
            payout,
            open_at: req.openAtMs,
            expires_at: req.expiresAtMs,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const balanceCents = available - req.stakeCents;
        await setBalance(trx, req.account, balanceCents);
        return { ok: true, brokerOrderId: `paper-${inserted.id}`, payout, balanceCents };
      });
    },

    lookup(clientRef, atMs) {
      return db.transaction().execute(async (trx): Promise<OrderStatus> => {
        const o = await trx
          .selectFrom('paper_orders')
          .selectAll()
          .where('bot_id', '=', botId)
          .where('client_ref', '=', clientRef)
          .executeTakeFirst();
        if (!o) return { status: 'missing' };
        const brokerOrderId = `paper-${o.id}`;
        if (o.settled_at !== null && o.pnl_cents !== null) {
          return {
            status: 'settled',
            brokerOrderId,
            pnlCents: Number(o.pnl_cents),
            balanceCents: null,
          };
        }
        if (atMs < o.expires_at) return { status: 'open', brokerOrderId };
        const stakeCents = Number(o.stake_cents);
        const pnlCents = paperPnlCents({
          asset: o.asset,
          direction: o.direction,
          stakeCents,
          payout: o.payout,
          openAtMs: o.open_at,
          expiresAtMs: o.expires_at,
        });
        const res = await trx
          .updateTable('paper_orders')
          .set({ settled_at: atMs, pnl_cents: pnlCents })
          .where('id', '=', o.id)
          .where('settled_at', 'is', null)
          .executeTakeFirst();
        const balance = await balanceOf(trx, o.account_type as AccountType);
        if (res.numUpdatedRows !== 1n) {
          return { status: 'settled', brokerOrderId, pnlCents, balanceCents: balance };
        }
        // The stake was taken at the open; a win pays it back with the profit, a draw refunds it.
        const credit = pnlCents < 0 ? 0 : stakeCents + pnlCents;
        await setBalance(trx, o.account_type, balance + credit);
        return { status: 'settled', brokerOrderId, pnlCents, balanceCents: balance + credit };
      });
    },
  };
}

interface PaperOrderRow {
  bot_id: number;
  client_ref: string;
  account_type: number;
  asset: string;
  direction: 'CALL' | 'PUT';
  stake_cents: number;
  payout: number;
  open_at: number;
  expires_at: number;
}

/** The batch path's statements carry their rows as one JSON parameter (db/bulk.ts). */
const KEY_COLUMNS: BulkColumns = { bot_id: 'bigint', client_ref: 'text' };
const ORDER_COLUMNS: BulkColumns = {
  bot_id: 'bigint',
  client_ref: 'text',
  account_type: 'integer',
  asset: 'text',
  direction: 'text',
  stake_cents: 'bigint',
  payout: 'double precision',
  open_at: 'bigint',
  expires_at: 'bigint',
};
const ACCOUNT_COLUMNS: BulkColumns = {
  bot_id: 'bigint',
  account_type: 'integer',
  balance_cents: 'bigint',
};

function refusalOf(req: PlaceRequest, available: number): PlaceAnswer | null {
  if (!Number.isInteger(req.stakeCents) || req.stakeCents < PAPER_DEFAULTS.minStakeCents) {
    return { ok: false, error: 'stakeBelowMin' };
  }
  if (req.stakeCents > PAPER_DEFAULTS.maxStakeCents) return { ok: false, error: 'stakeAboveMax' };
  if (req.stakeCents > available) return { ok: false, error: 'insufficientBalance' };
  return null;
}

/**
 * The paper broker of many bots at once: the same rules as `paperBroker(db, bot).placeOrder` for
 * each item (idempotent by (bot, client ref), stake bounds, balance), in ONE transaction with
 * batched statements — a fan-out to 10,000 followers commits once instead of 10,000 times.
 */
export function paperBatchBroker(db: Kysely<Database>): BatchBroker {
  async function placeManyIn(
    trx: Kysely<Database>,
    items: readonly { botId: number; request: PlaceRequest }[],
  ): Promise<PlaceAnswer[]> {
    const answers = new Array<PlaceAnswer>(items.length);
    const botIds = [...new Set(items.map((i) => i.botId))];
    const existing = new Map<string, { id: number; payout: number }>();
    const balances = new Map<string, number>();
    // Every (bot, client ref) already placed, and every balance: one statement each.
    const pairs = new Map(
      items.map((i) => [
        `${i.botId}:${i.request.clientRef}`,
        { bot_id: i.botId, client_ref: i.request.clientRef },
      ]),
    );
    const found = await sql<{ id: number; bot_id: number; client_ref: string; payout: number }>`
      select p.id, p.bot_id, p.client_ref, p.payout
      from ${jsonRows(trx, KEY_COLUMNS, [...pairs.values()])} as k
      join paper_orders as p on p.bot_id = k.bot_id and p.client_ref = k.client_ref`.execute(trx);
    for (const o of found.rows) {
      existing.set(`${o.bot_id}:${o.client_ref}`, { id: Number(o.id), payout: Number(o.payout) });
    }
    const accounts = await trx
      .selectFrom('paper_accounts')
      .select(['bot_id', 'account_type', 'balance_cents'])
      .where('bot_id', 'in', jsonIds(trx, botIds) as never)
      .execute();
    for (const a of accounts) {
      balances.set(`${a.bot_id}:${a.account_type}`, Number(a.balance_cents));
    }
    const inserts: { index: number; row: PaperOrderRow }[] = [];
    const changed = new Set<string>();
    items.forEach(({ botId, request: req }, index) => {
      const seen = existing.get(`${botId}:${req.clientRef}`);
      if (seen) {
        answers[index] = {
          ok: true,
          brokerOrderId: `paper-${seen.id}`,
          payout: seen.payout,
          balanceCents: null,
        };
        return;
      }
      const key = `${botId}:${req.account}`;
      const available = balances.get(key) ?? PAPER_DEFAULTS.balances[req.account];
      const refused = refusalOf(req, available);
      if (refused) {
        answers[index] = refused;
        return;
      }
      balances.set(key, available - req.stakeCents);
      changed.add(key);
      existing.set(`${botId}:${req.clientRef}`, { id: -1, payout: paperPayout(req.asset) });
      inserts.push({
        index,
        row: {
          bot_id: botId,
          client_ref: req.clientRef,
          account_type: req.account,
          asset: req.asset,
          direction: req.direction,
          stake_cents: req.stakeCents,
          payout: paperPayout(req.asset),
          open_at: req.openAtMs,
          expires_at: req.expiresAtMs,
        },
      });
    });
    if (inserts.length > 0) {
      const ids = await insertJsonRows(
        trx,
        'paper_orders',
        ORDER_COLUMNS,
        inserts.map((c) => c.row),
        sql`returning id, bot_id, client_ref`,
      ).execute(trx);
      // RETURNING order is not promised: match rows by (bot, client ref).
      const idOf = new Map(
        (ids.rows as { id: number; bot_id: number; client_ref: string }[]).map((r) => [
          `${r.bot_id}:${r.client_ref}`,
          r.id,
        ]),
      );
      for (const c of inserts) {
        answers[c.index] = {
          ok: true,
          brokerOrderId: `paper-${idOf.get(`${c.row.bot_id}:${c.row.client_ref}`)}`,
          payout: c.row.payout,
          balanceCents: balances.get(`${c.row.bot_id}:${c.row.account_type}`) ?? null,
        };
      }
    }
    if (changed.size > 0) {
      // One balance row per (bot, account) that moved, in one upsert.
      await insertJsonRows(
        trx,
        'paper_accounts',
        ACCOUNT_COLUMNS,
        [...changed].map((key) => {
          const [bot, account] = key.split(':').map(Number) as [number, number];
          return { bot_id: bot, account_type: account, balance_cents: balances.get(key) ?? 0 };
        }),
        sql`on conflict (bot_id, account_type) do update set balance_cents = excluded.balance_cents`,
      ).execute(trx);
    }
    return answers;
  }
  return {
    placeMany: (items) => db.transaction().execute((trx) => placeManyIn(trx, items)),
    placeManyIn,
  };
}
