import { describe, expect, it } from 'vitest';
import { lossRecovery, recoveryStake, type LossRecoveryConfig } from './loss-recovery.ts';
import { simulatePath } from './simulate.ts';
import { common } from './money.test-helpers.ts';
import type { OrderResult } from './types.ts';

const CONSERVATIVE: LossRecoveryConfig = {
  ...common(500, 0.87),
  factor: 2,
  mode: 1,
  gales: 1,
  galeMultiplier: 2,
  recoverProfitCents: 0,
};

function run(path: string, config = CONSERVATIVE) {
  return simulatePath(lossRecovery, config, path.split('') as OrderResult[], 0.87);
}

describe('lossRecovery', () => {
  it('walks the §6 conservative example when LL, W, W, W', () => {
    const sim = run('LLWWW');
    expect(sim.rows.map((r) => [r.stakeCents, r.pnlCents, r.summary.bankCents])).toEqual([
      [500, -500, 0],
      [1000, -1000, 1500],
      [863, 751, 749],
      [500, 435, 314],
      [500, 435, 0],
    ]);
  });

  it.each([
    { mode: 1 as const, bank: 1500, stake: 863 },
    { mode: 2 as const, bank: 1500, stake: 1363 },
    { mode: 1 as const, bank: 0, stake: 500 },
  ])('stakes $stake when mode $mode and bank $bank', ({ mode, bank, stake }) => {
    expect(recoveryStake(bank, 500, { ...CONSERVATIVE, mode }).stakeCents).toBe(stake);
  });

  it.each([
    { factor: 0 as const, installment: 0 },
    { factor: 1 as const, installment: 1000 },
    { factor: 4 as const, installment: 250 },
    { factor: 8 as const, installment: 50 },
  ])('recovers the factor code $factor share of the bank', ({ factor, installment }) => {
    expect(recoveryStake(1000, 500, { ...CONSERVATIVE, factor }).installmentCents).toBe(
      installment,
    );
  });

  it('recovers 100 % after a lost recovery sequence when aggressive', () => {
    const sim = run('LLLLW', { ...CONSERVATIVE, mode: 3, gales: 1 });
    // bank 15.00 → recovery (50 %) stake ceil(5 + 7.50/0.87) = 13.63, lost with its gale 27.26;
    // bank 55.89 → f = 100 %: ceil(5 + 55.89/0.87) = 69.25, capped at 10 × base = 50.00.
    expect(sim.rows.map((r) => [r.stakeCents, r.capped])).toEqual([
      [500, null],
      [1000, null],
      [1363, null],
      [2726, null],
      [5000, 'recoveryCap'],
    ]);
  });

  it('clears the bank when the profit since restart reaches recoverProfit', () => {
    const sim = run('LLWW', { ...CONSERVATIVE, recoverProfitCents: 1 });
    expect(sim.rows[2]?.summary.bankCents).toBe(749);
    const cfg = { ...CONSERVATIVE, recoverProfitCents: 100 };
    const win = run('WW', cfg);
    expect(win.rows[1]?.events).toContainEqual({
      type: 'cycle_end',
      reason: 'target',
      trigger: 'profitTarget',
    });
    expect(win.state).toMatchObject({ bankCents: 0, profitSinceRestartCents: 0 });
  });
});
