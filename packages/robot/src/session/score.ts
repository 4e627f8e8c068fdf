import type { TradingScore } from '@app/contract';

/** What the score reads of one order of the ledger. */
export interface ScoredOrder {
  /** The ledger state: placed, open, won, lost, draw or failed. */
  state: string;
  /** The payout the broker paid (or the decision planned), percent. */
  payoutPct: number;
  pnlCents: number | null;
}

const SETTLED = new Set(['won', 'lost', 'draw']);

/**
 * The score of a period's orders (the dashboard's "today"): wins × losses, draws, hit rate (wins
 * over decided orders, draws left out) and the hit rate that breaks even at the settled orders'
 * average payout, both percent with one decimal; the realised result; every order but the failed.
 * @example scoreOf([{ state: 'won', payoutPct: 80, pnlCents: 160 }]).breakEvenRatePct // 55.6
 */
export function scoreOf(orders: readonly ScoredOrder[]): TradingScore {
  const settled = orders.filter((o) => SETTLED.has(o.state));
  const wins = settled.filter((o) => o.state === 'won').length;
  const losses = settled.filter((o) => o.state === 'lost').length;
  const draws = settled.length - wins - losses;
  const decided = wins + losses;
  const avgPayout = settled.length
    ? settled.reduce((s, o) => s + o.payoutPct, 0) / settled.length / 100
    : null;
  return {
    wins,
    losses,
    draws,
    hitRatePct: decided ? Math.round((1000 * wins) / decided) / 10 : null,
    breakEvenRatePct: avgPayout ? Math.round(1000 / (1 + avgPayout)) / 10 : null,
    pnlCents: settled.reduce((s, o) => s + (o.pnlCents ?? 0), 0),
    orders: orders.filter((o) => o.state !== 'failed').length,
  };
}
