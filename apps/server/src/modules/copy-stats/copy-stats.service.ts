import {
  COPY_STATS_DEFAULT_DAYS,
  COPY_STATS_TRADER_LIMIT,
  type CopyProduct,
  type CopyStatsQuery,
  type FollowerCopy,
  type FollowerCopyStats,
  type TraderCopyStats,
  type TraderFanout,
} from '@app/contract';
import { botIdOf } from '../../lib/owned-bot.ts';
import type { AppDeps } from '../../plugins/context.ts';

const DAY_MS = 86_400_000;
type OrderState = FollowerCopy['traderOrder']['state'];

/**
 * The trader's view: its last fanned-out orders, each with the followers placed, still pending,
 * failed and skipped (by reason), and the time from its order to the last follower's.
 */
export async function traderCopyStats(
  deps: AppDeps,
  query: CopyStatsQuery,
): Promise<TraderCopyStats> {
  const botId = await botIdOf(deps, query.userid);
  const days = query.days ?? COPY_STATS_DEFAULT_DAYS;
  const fanouts = await deps.db
    .selectFrom('copy_fanouts')
    .selectAll()
    .where('trader_bot_id', '=', botId)
    .where('order_at', '>=', deps.now() - days * DAY_MS)
    .orderBy('id', 'desc')
    .limit(COPY_STATS_TRADER_LIMIT)
    .execute();
  if (fanouts.length === 0) return { fanouts: [] };
  const orderIds = [...new Set(fanouts.map((f) => Number(f.trader_order_id)))];
  const fanoutIds = fanouts.map((f) => Number(f.id));
  const states = await deps.db
    .selectFrom('orders')
    .select((eb) => [
      'copy_of',
      'copy_product',
      'state',
      'fail_reason',
      eb.fn.countAll<number>().as('n'),
      eb.fn.max('confirmed_at').as('last'),
    ])
    .where('copy_of', 'in', orderIds)
    .where('copy_trader_bot_id', '=', botId)
    .groupBy(['copy_of', 'copy_product', 'state', 'fail_reason'])
    .execute();
  const skips = await deps.db
    .selectFrom('copy_skips')
    .select((eb) => ['fanout_id', 'reason', eb.fn.countAll<number>().as('n')])
    .where('fanout_id', 'in', fanoutIds)
    .groupBy(['fanout_id', 'reason'])
    .execute();
  return {
    fanouts: fanouts.map((f): TraderFanout => {
      const out: TraderFanout = {
        traderOrderId: Number(f.trader_order_id),
        product: f.product,
        asset: f.asset,
        direction: f.direction,
        stakeCents: Number(f.stake_cents),
        orderAt: Number(f.order_at),
        followers: Number(f.followers),
        placed: 0,
        pending: 0,
        failed: 0,
        skipped: Number(f.skipped),
        reasons: {},
        lastFollowerMs: null,
      };
      let last: number | null = null;
      for (const s of states) {
        if (Number(s.copy_of) !== out.traderOrderId || s.copy_product !== f.product) continue;
        const n = Number(s.n);
        if (s.state === 'placed') out.pending += n;
        else if (s.state === 'failed') {
          out.failed += n;
          const reason = s.fail_reason ?? 'failed';
          out.reasons[reason] = (out.reasons[reason] ?? 0) + n;
        } else out.placed += n;
        if (s.last !== null && s.state !== 'failed') {
          last = Math.max(last ?? 0, Number(s.last));
        }
      }
      for (const s of skips) {
        if (Number(s.fanout_id) !== Number(f.id)) continue;
        out.reasons[s.reason] = (out.reasons[s.reason] ?? 0) + Number(s.n);
      }
      out.lastFollowerMs = last === null ? null : Math.max(0, last - out.orderAt);
      return out;
    }),
  };
}

function resultOf(state: string): 'W' | 'L' | 'D' | null {
  return state === 'won' ? 'W' : state === 'lost' ? 'L' : state === 'draw' ? 'D' : null;
}

/**
 * The follower's view over the last `days`: every copy and every missed copy beside the
 * trader's order (only the fields a comparison needs: never another follower's data), and the
 * divergence — missed copies, different results, stake and timing differences.
 */
export async function followerCopyStats(
  deps: AppDeps,
  query: CopyStatsQuery,
): Promise<FollowerCopyStats> {
  const botId = await botIdOf(deps, query.userid);
  const days = query.days ?? COPY_STATS_DEFAULT_DAYS;
  const since = deps.now() - days * DAY_MS;
  const copies = await deps.db
    .selectFrom('orders as c')
    .innerJoin('orders as l', 'l.id', 'c.copy_of')
    .innerJoin('bots as t', 't.id', 'l.bot_id')
    .innerJoin('copy_fanouts as f', (j) =>
      j.onRef('f.trader_order_id', '=', 'l.id').onRef('f.product', '=', 'c.copy_product'),
    )
    .select([
      'c.copy_product as product',
      't.userid as trader',
      'l.asset as lAsset',
      'l.direction as lDirection',
      'l.stake_cents as lStake',
      'l.state as lState',
      'f.order_at as orderAt',
      'c.state',
      'c.fail_reason as reason',
      'c.stake_cents as stake',
      'c.pnl_cents as pnl',
      'c.confirmed_at as confirmedAt',
    ])
    .where('c.bot_id', '=', botId)
    .where('c.copy_of', 'is not', null)
    .where('f.order_at', '>=', since)
    .execute();
  const skipped = await deps.db
    .selectFrom('copy_skips as s')
    .innerJoin('copy_fanouts as f', 'f.id', 's.fanout_id')
    .innerJoin('orders as l', 'l.id', 'f.trader_order_id')
    .innerJoin('bots as t', 't.id', 'f.trader_bot_id')
    .select([
      'f.product',
      't.userid as trader',
      'l.asset as lAsset',
      'l.direction as lDirection',
      'l.stake_cents as lStake',
      'l.state as lState',
      'f.order_at as orderAt',
      's.reason',
    ])
    .where('s.follower_bot_id', '=', botId)
    .where('f.order_at', '>=', since)
    .execute();
  const rows: FollowerCopy[] = [
    ...copies.map((c) => ({
      product: c.product as CopyProduct,
      trader: c.trader,
      traderOrder: {
        asset: c.lAsset,
        direction: c.lDirection,
        stakeCents: Number(c.lStake),
        state: c.lState as OrderState,
        orderAt: Number(c.orderAt),
      },
      state: c.state as OrderState,
      reason: c.reason,
      stakeCents: Number(c.stake),
      pnlCents: c.pnl === null ? null : Number(c.pnl),
      delayMs:
        c.confirmedAt === null ? null : Math.max(0, Number(c.confirmedAt) - Number(c.orderAt)),
    })),
    ...skipped.map((s) => ({
      product: s.product,
      trader: s.trader,
      traderOrder: {
        asset: s.lAsset,
        direction: s.lDirection,
        stakeCents: Number(s.lStake),
        state: s.lState as OrderState,
        orderAt: Number(s.orderAt),
      },
      state: 'skipped' as const,
      reason: s.reason,
      stakeCents: null,
      pnlCents: null,
      delayMs: null,
    })),
  ].sort((a, b) => b.traderOrder.orderAt - a.traderOrder.orderAt);

  const placed = rows.filter((r) => r.state !== 'skipped' && r.state !== 'failed');
  const delays = placed.map((r) => r.delayMs).filter((d): d is number => d !== null);
  return {
    copies: rows,
    divergence: {
      days,
      copies: rows.length,
      missed: rows.length - placed.length,
      differentResults: placed.filter((r) => {
        const mine = resultOf(r.state);
        const theirs = resultOf(r.traderOrder.state);
        return mine !== null && theirs !== null && mine !== theirs;
      }).length,
      stakeDiffCents: placed.reduce(
        (sum, r) => sum + ((r.stakeCents ?? 0) - r.traderOrder.stakeCents),
        0,
      ),
      avgDelayMs: delays.length
        ? Math.round(delays.reduce((a, b) => a + b, 0) / delays.length)
        : null,
    },
  };
}
