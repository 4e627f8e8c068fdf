import type { AccountType } from '@app/contract';
import {
  normalizeAsset,
  outcomeOf,
  PAPER_DEFAULTS,
  paperPricePoints,
  roundCents,
} from '@app/robot';
import { sql, type Kysely } from 'kysely';
import { insertJsonRows, jsonIds, selectArrays, type BulkColumns } from '../../db/bulk.ts';
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
    simulator: true,
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
        const credit = paperCredit(stakeCents, pnlCents);
        await setBalance(trx, o.account_type, balance + credit);
        return { status: 'settled', brokerOrderId, pnlCents, balanceCents: balance + credit };
      });
    },
  };
}

/** The batch path's statements carry their rows as one JSON parameter (db/bulk.ts). */
const ACCOUNT_COLUMNS: BulkColumns = {
  bot_id: 'bigint',
  account_type: 'integer',
  balance_cents: 'bigint',
};

/**
 * The broker order id of a copy the paper broker keeps in the ledger row itself (no
 * `paper_orders` row): settled from the ledger and credited by {@link creditPaperCopiesIn}, never looked up.
 */
export const PAPER_LEDGER_PREFIX = 'paper-ledger:';

function refusalOf(req: PlaceRequest, available: number): PlaceAnswer | null {
  if (!Number.isInteger(req.stakeCents) || req.stakeCents < PAPER_DEFAULTS.minStakeCents) {
    return { ok: false, error: 'stakeBelowMin' };
  }
  if (req.stakeCents > PAPER_DEFAULTS.maxStakeCents) return { ok: false, error: 'stakeAboveMax' };
  if (req.stakeCents > available) return { ok: false, error: 'insufficientBalance' };
  return null;
}

/** One (bot, account) as a number: the batch paths keep balances in a Map by it. */
function accountKey(botId: number, account: number): number {
  return botId * 4 + account;
}

/** The paper balances of `keys` (accountKey), defaults for accounts never used. */
async function balancesOf(
  trx: Kysely<Database>,
  keys: ReadonlySet<number>,
): Promise<Map<number, number>> {
  const balances = new Map<number, number>();
  if (keys.size === 0) return balances;
  const botIds = [...new Set([...keys].map((k) => Math.floor(k / 4)))];
  const rows = await selectArrays(
    trx,
    [sql`bot_id`, sql`account_type`, sql`balance_cents`],
    sql`from paper_accounts where bot_id in ${jsonIds(trx, botIds)}`,
  );
  for (const [bot, account, cents] of rows) {
    balances.set(accountKey(Number(bot), Number(account)), Number(cents));
  }
  for (const key of keys) {
    if (!balances.has(key)) balances.set(key, PAPER_DEFAULTS.balances[(key % 4) as AccountType]);
  }
  return balances;
}

/** Writes the balances of `keys` in one upsert. */
async function writeBalances(
  trx: Kysely<Database>,
  balances: Map<number, number>,
  keys: ReadonlySet<number>,
): Promise<void> {
  if (keys.size === 0) return;
  const rows: { bot_id: number; account_type: number; balance_cents: number }[] = [];
  for (const key of keys) {
    rows.push({
      bot_id: Math.floor(key / 4),
      account_type: key % 4,
      balance_cents: balances.get(key) ?? 0,
    });
  }
  await insertJsonRows(
    trx,
    'paper_accounts',
    ACCOUNT_COLUMNS,
    rows,
    sql`on conflict (bot_id, account_type) do update set balance_cents = excluded.balance_cents`,
  ).execute(trx);
}

/**
 * The paper broker of followers' copies (decisions.md "Copies placed in the fan-out"): the same
 * rules as `paperBroker(db, bot).placeOrder` for each item (stake bounds, balance), for many bots
 * in the CALLER's transaction, with the ledger row as the broker's order — the caller writes each
 * accepted copy open with its broker order id in the same transaction, so a separate paper order
 * would only repeat it. The caller guarantees one placement per (bot, client ref): the fan-out
 * writes fresh rows, the dispatcher rows it claimed; both roll back if a row was not theirs.
 */
export function paperBatchBroker(): BatchBroker {
  async function placeManyIn(
    trx: Kysely<Database>,
    items: readonly { botId: number; request: PlaceRequest }[],
  ): Promise<PlaceAnswer[]> {
    const keys = new Set<number>();
    for (const item of items) keys.add(accountKey(item.botId, item.request.account));
    const balances = await balancesOf(trx, keys);
    const changed = new Set<number>();
    const payouts = new Map<string, number>();
    const answers = new Array<PlaceAnswer>(items.length);
    for (let i = 0; i < items.length; i += 1) {
      const { botId, request } = items[i] as { botId: number; request: PlaceRequest };
      const key = accountKey(botId, request.account);
      const available = balances.get(key) ?? 0;
      const refused = refusalOf(request, available);
      if (refused) {
        answers[i] = refused;
        continue;
      }
      balances.set(key, available - request.stakeCents);
      changed.add(key);
      let payout = payouts.get(request.asset);
      if (payout === undefined) {
        payout = paperPayout(request.asset);
        payouts.set(request.asset, payout);
      }
      answers[i] = {
        ok: true,
        brokerOrderId: PAPER_LEDGER_PREFIX + request.clientRef,
        payout,
        balanceCents: available - request.stakeCents,
      };
    }
    await writeBalances(trx, balances, changed);
    return answers;
  }
  return { placeManyIn };
}

/** What a settled paper order gives back: a win the stake and the profit, a draw the stake. */
function paperCredit(stakeCents: number, pnlCents: number): number {
  return pnlCents < 0 ? 0 : stakeCents + pnlCents;
}

/** A settled paper copy kept in the ledger: whose balance, its stake and its P&L. */
export interface PaperCopyResult {
  botId: number;
  accountType: number;
  stakeCents: number;
  pnlCents: number;
}

/**
 * Credits settled paper copies kept in the ledger (`PAPER_LEDGER_PREFIX`) to their balances, in
 * the caller's transaction, as `lookup` credits a paper order. One balance after per item, in
 * order. The caller settles each ledger row once (state-guarded) and passes only those.
 */
export async function creditPaperCopiesIn(
  trx: Kysely<Database>,
  copies: readonly PaperCopyResult[],
): Promise<number[]> {
  const keys = new Set<number>();
  for (const c of copies) keys.add(accountKey(c.botId, c.accountType));
  const balances = await balancesOf(trx, keys);
  const after = copies.map((c) => {
    const key = accountKey(c.botId, c.accountType);
    const balanceCents = (balances.get(key) ?? 0) + paperCredit(c.stakeCents, c.pnlCents);
    balances.set(key, balanceCents);
    return balanceCents;
  });
  await writeBalances(trx, balances, keys);
  return after;
}
