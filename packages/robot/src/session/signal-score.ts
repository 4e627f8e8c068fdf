import type { SignalScore } from '@app/contract';
import type { ScoredOrder } from './score.ts';

/** What the per-signal score reads of one order of the ledger. */
export interface SignalScoredOrder extends ScoredOrder {
  /** The signal it trades; NULL for an order not born of a signal (it counts on its own). */
  signalId: number | null;
  /** The order's own id: the key of an order without a signal. */
  id: number;
  /** 0 = the entry, 1.. = gale level. */
  galeLevel: number;
}

/** One signal's result: its last settled order's, `open` while one is in flight. */
export type SignalOutcome =
  | { kind: 'won'; step: number }
  | { kind: 'lost' }
  | { kind: 'draw' }
  | { kind: 'open' }
  | { kind: 'failed' };

const round1 = (x: number) => Math.round(x * 10) / 10;

/** The orders of each signal, in the order the signals first appear. */
export function groupBySignal<T extends SignalScoredOrder>(orders: readonly T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const o of orders) {
    const key = o.signalId === null ? `o${o.id}` : `s${o.signalId}`;
    const group = groups.get(key);
    if (group) group.push(o);
    else groups.set(key, [o]);
  }
  return [...groups.values()];
}

/**
 * A signal's result from its orders: `open` while any is placed or open; else the result of its
 * deepest settled order (won at gale n = a win at step n, lost = the ladder ran out, draw);
 * `failed` when no order of it reached the broker.
 * @example signalOutcome([{galeLevel: 0, state: 'lost'}, {galeLevel: 1, state: 'won'}]) // won at 1
 */
export function signalOutcome(
  orders: readonly Pick<SignalScoredOrder, 'state' | 'galeLevel'>[],
): SignalOutcome {
  if (orders.some((o) => o.state === 'placed' || o.state === 'open')) return { kind: 'open' };
  const settled = orders
    .filter((o) => o.state === 'won' || o.state === 'lost' || o.state === 'draw')
    .sort((a, b) => a.galeLevel - b.galeLevel);
  const last = settled.at(-1);
  if (!last) return { kind: 'failed' };
  if (last.state === 'won') return { kind: 'won', step: last.galeLevel };
  return { kind: last.state === 'lost' ? 'lost' : 'draw' };
}

/** One signal's result and its net money: the sum of every order of its ladder, cents. */
export interface SignalResult {
  outcome: SignalOutcome;
  /** Net of the signal's settled orders (a gale win nets the losses before it), cents. */
  pnlCents: number;
  /** The payout of its entry (the lowest step it has), percent; null without orders. */
  entryPayoutPct: number | null;
}

/**
 * One signal's result from all of its orders (entry and gales): the outcome of
 * {@link signalOutcome} and the net of the ladder. What the chat says when a signal ends and
 * what {@link signalScoreOf} adds up.
 * @example signalResultOf([entryLost200, g1Won383]) // { outcome: { kind: 'won', step: 1 }, pnlCents: 183, … }
 */
export function signalResultOf(
  orders: readonly Pick<SignalScoredOrder, 'state' | 'galeLevel' | 'pnlCents' | 'payoutPct'>[],
): SignalResult {
  const entry = [...orders].sort((a, b) => a.galeLevel - b.galeLevel)[0];
  return {
    outcome: signalOutcome(orders),
    pnlCents: orders.reduce((s, o) => s + (o.pnlCents ?? 0), 0),
    entryPayoutPct: entry ? entry.payoutPct : null,
  };
}

/**
 * The score of a period counted per signal (docs/trader.md "Score per signal"): wins by the step
 * they won at, losses, draws, open signals, the hit rate (wins over wins + losses) and the hit
 * rate that breaks even — the average lost signal's loss over (average won signal's profit + that
 * loss), or the entry's 100 / (1 + payout) until the period has both — percent with one decimal.
 * @example four signals won, one of them at G2: { wins: 4, winsByStep: [3, 0, 1], hitRatePct: 100 }
 */
export function signalScoreOf(orders: readonly SignalScoredOrder[]): SignalScore {
  let wins = 0;
  let losses = 0;
  let draws = 0;
  let open = 0;
  let pnlCents = 0;
  let wonCents = 0;
  let lostCents = 0;
  const winsByStep: number[] = [];
  const entryPayouts: number[] = [];
  for (const group of groupBySignal(orders)) {
    const { outcome, pnlCents: pnl, entryPayoutPct } = signalResultOf(group);
    if (outcome.kind === 'open') open += 1;
    if (outcome.kind === 'open' || outcome.kind === 'failed') continue;
    pnlCents += pnl;
    if (entryPayoutPct !== null) entryPayouts.push(entryPayoutPct);
    if (outcome.kind === 'won') {
      wins += 1;
      wonCents += pnl;
      while (winsByStep.length <= outcome.step) winsByStep.push(0);
      winsByStep[outcome.step] = (winsByStep[outcome.step] ?? 0) + 1;
    } else if (outcome.kind === 'lost') {
      losses += 1;
      lostCents -= pnl;
    } else draws += 1;
  }
  const decided = wins + losses;
  const signals = decided + draws;
  let breakEvenRatePct: number | null = null;
  if (wins > 0 && losses > 0 && wonCents > 0 && lostCents > 0) {
    const avgWon = wonCents / wins;
    const avgLost = lostCents / losses;
    breakEvenRatePct = round1((100 * avgLost) / (avgWon + avgLost));
  } else if (entryPayouts.length > 0) {
    const payout = entryPayouts.reduce((s, p) => s + p, 0) / entryPayouts.length / 100;
    breakEvenRatePct = payout > 0 ? round1(100 / (1 + payout)) : null;
  }
  return {
    signals,
    wins,
    winsByStep,
    losses,
    draws,
    open,
    hitRatePct: decided ? round1((100 * wins) / decided) : null,
    breakEvenRatePct,
    pnlCents,
  };
}
