import type { AccountType } from '@app/contract';
import { PAPER_DEFAULTS } from '@app/robot';
import { sql, type Kysely } from 'kysely';
import { insertJsonRows, jsonIds, selectArrays, type BulkColumns } from '../../db/bulk.ts';
import type { Database } from '../../db/schema.ts';
import type { BatchBroker, OrderStatus, PlaceAnswer, PlaceRequest } from './broker-adapter.ts';
import { paperCredit, paperPayout, refusalOf } from './paper-broker.ts';

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
 * The paper broker of followers' copies (docs/decisions/2026-11-23-copies-placed-in-fan-out.md): the same
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
  /**
   * A copy this broker placed in the ledger (`placeManyIn`) committed open with its answer, so a
   * copy the ledger still has placed was never placed here; one placed by the per-bot paper
   * broker (`placeOrder`) has its `paper_orders` row. Open or settled, its broker order id is the
   * answer: the dispatcher settles it later through the per-bot `lookup`.
   */
  async function lookupManyIn(
    db: Kysely<Database>,
    items: readonly { botId: number; clientRef: string }[],
  ): Promise<OrderStatus[]> {
    if (items.length === 0) return [];
    const botIds = [...new Set(items.map((i) => i.botId))];
    const refs = [...new Set(items.map((i) => i.clientRef))];
    const rows = await db
      .selectFrom('paper_orders')
      .select(['id', 'bot_id', 'client_ref'])
      .where(sql<boolean>`bot_id in ${jsonIds(db, botIds)}`)
      .where('client_ref', 'in', refs)
      .execute();
    const byKey = new Map(rows.map((r) => [`${Number(r.bot_id)}:${r.client_ref}`, Number(r.id)]));
    return items.map(({ botId, clientRef }): OrderStatus => {
      const id = byKey.get(`${botId}:${clientRef}`);
      return id === undefined
        ? { status: 'missing' }
        : { status: 'open', brokerOrderId: `paper-${id}` };
    });
  }
  /**
   * The bots' own orders, as `paperBroker(db, bot).placeOrder` places each (a `paper_orders` row,
   * the balance taken), for many bots in the caller's transaction: one read of the balances, one
   * insert, one upsert of the balances. A client ref already placed (a retry) is answered from
   * its row, as `placeOrder` does.
   */
  async function placeOwnIn(
    trx: Kysely<Database>,
    items: readonly { botId: number; request: PlaceRequest }[],
  ): Promise<PlaceAnswer[]> {
    const answers = new Array<PlaceAnswer>(items.length);
    if (items.length === 0) return answers;
    // A client ref already placed (a retry) is answered from its row, its stake not taken again.
    const existing = await trx
      .selectFrom('paper_orders')
      .select(['id', 'bot_id', 'client_ref', 'payout'])
      .where(sql<boolean>`bot_id in ${jsonIds(trx, [...new Set(items.map((i) => i.botId))])}`)
      .where('client_ref', 'in', [...new Set(items.map((i) => i.request.clientRef))])
      .execute();
    const before = new Map(existing.map((r) => [`${Number(r.bot_id)}:${r.client_ref}`, r]));
    const keys = new Set<number>();
    for (const item of items) keys.add(accountKey(item.botId, item.request.account));
    const balances = await balancesOf(trx, keys);
    const changed = new Set<number>();
    const rows: Record<string, unknown>[] = [];
    const at = new Map<string, number>();
    for (let i = 0; i < items.length; i += 1) {
      const { botId, request } = items[i] as { botId: number; request: PlaceRequest };
      const old = before.get(`${botId}:${request.clientRef}`);
      if (old) {
        answers[i] = {
          ok: true,
          brokerOrderId: `paper-${old.id}`,
          payout: old.payout,
          balanceCents: null,
        };
        continue;
      }
      const key = accountKey(botId, request.account);
      const available = balances.get(key) ?? 0;
      const refused = refusalOf(request, available);
      if (refused) {
        answers[i] = refused;
        continue;
      }
      balances.set(key, available - request.stakeCents);
      changed.add(key);
      const payout = paperPayout(request.asset);
      at.set(`${botId}:${request.clientRef}`, i);
      answers[i] = {
        ok: true,
        brokerOrderId: '',
        payout,
        balanceCents: available - request.stakeCents,
      };
      rows.push({
        bot_id: botId,
        client_ref: request.clientRef,
        account_type: request.account,
        asset: request.asset,
        direction: request.direction,
        stake_cents: request.stakeCents,
        payout,
        open_at: request.openAtMs,
        expires_at: request.expiresAtMs,
      });
    }
    if (rows.length > 0) {
      const res = await insertJsonRows(
        trx,
        'paper_orders',
        PAPER_ORDER_COLUMNS,
        rows,
        sql`returning id, bot_id, client_ref`,
      ).execute(trx);
      for (const r of res.rows as {
        id: number | string;
        bot_id: number | string;
        client_ref: string;
      }[]) {
        const i = at.get(`${Number(r.bot_id)}:${r.client_ref}`);
        const answer = i === undefined ? undefined : answers[i];
        if (answer?.ok) answer.brokerOrderId = `paper-${Number(r.id)}`;
      }
    }
    await writeBalances(trx, balances, changed);
    return answers;
  }
  return { placeManyIn, lookupManyIn, placeOwnIn };
}

const PAPER_ORDER_COLUMNS: BulkColumns = {
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
