// The payout as the platform encodes it, and the range the robot trusts it in.
//
// Quotes: `binary-options.get-initialization-data` gives each active's `profit.commission`; the
// SDK's `profitPercent()` is `100 − commission` (what `open-option` sends as `profit_percent`).
// Acknowledgements: the `option` frame's `profit_income`, which the SDK copies into
// `profitIncomePercent` without saying its unit. Captures settle it: 100 + the percent (187
// beside `profit_percent: 87`, 189 beside 89, 174 with `win_amount: 1.74` and 183 with 1.83 on a
// stake of 1): the total returned per 100 staked. docs/decisions/2026-12-02-quadcode-platform.md.

/**
 * The payouts the robot plans on (fractions): a payout-aware gale stakes the loss over the payout,
 * so a misread 0.05 would stake twenty times the loss; binary options never pay more than the
 * stake. Outside this range the broker's figure is refused.
 */
export const PAYOUT_MIN = 0.1;
export const PAYOUT_MAX = 1;

export function plausiblePayout(payout: number): boolean {
  return Number.isFinite(payout) && payout >= PAYOUT_MIN && payout <= PAYOUT_MAX;
}

/** A quote's payout from the active's commission percent; null when implausible. */
export function payoutOfCommission(commissionPct: number): number | null {
  const payout = Math.round((100 - commissionPct) * 100) / 10_000;
  return plausiblePayout(payout) ? payout : null;
}

/** An acknowledgement's payout from `profit_income` (100 + percent); null when implausible. */
export function payoutOfIncome(income: unknown): number | null {
  const n = typeof income === 'string' ? Number(income) : typeof income === 'number' ? income : NaN;
  if (!Number.isFinite(n)) return null;
  const payout = Math.round((n - 100) * 100) / 10_000;
  return plausiblePayout(payout) ? payout : null;
}

/**
 * The payout of a bought option: its acknowledgement's (`profit_income`, 100 + percent), or,
 * when that is missing or implausible (`odd` is told), the percent it was bought at: the platform
 * refuses an opening whose `profit_percent` is not its rate. Gales are never planned on an odd
 * figure.
 */
export function acknowledgedPayout(
  income: unknown,
  sentPct: number,
  odd: (income: string) => void,
): number {
  const acknowledged = payoutOfIncome(income);
  if (acknowledged !== null) return acknowledged;
  odd(String(income));
  return Math.round(sentPct * 100) / 10_000;
}
