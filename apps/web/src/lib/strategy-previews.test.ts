import { describe, expect, it } from 'vitest';
import {
  cyclesPreview,
  lossRecoveryPreview,
  masanielloPreview,
  PREVIEW_MAX_ORDERS,
  sorosPreview,
  type PreviewRun,
} from './strategy-previews.ts';

const stakes = (run: PreviewRun | undefined) => run?.rows.map((row) => row.stakeCents / 100);
const pnl = (run: PreviewRun | undefined) =>
  (run?.rows.reduce((sum, row) => sum + row.pnlCents, 0) ?? 0) / 100;

const planA = {
  capital: 100,
  totalOper: 10,
  totalWin: 4,
  payout: 80,
  gale: 0,
  typeMas: 1 as const,
  target: 0,
  hitsRestart: 0,
  restart: false,
};

describe('masanielloPreview', () => {
  it('gives plan A target 110.58 and first stake 6.82 (ROBOT.md §3)', () => {
    const { plan } = masanielloPreview(planA);
    expect(plan.targetCents).toBe(11058);
    expect(plan.firstStakeCents).toBe(682);
    expect(plan.multiplier).toBeCloseTo(1.1058132, 6);
    expect(plan.warnings).toEqual([]);
  });

  it('stakes the all-loss path of plan A down to a capital of 0.00', () => {
    const losing = masanielloPreview(planA).runs.find((run) => run.kind === 'losing');
    expect(stakes(losing)).toEqual([6.82, 10.23, 14.39, 18.49, 20.81, 18.73, 10.53]);
    expect(pnl(losing)).toBe(-100);
  });

  it('raises a stake below the broker minimum to 1.00 and flags it on the all-win path', () => {
    const winning = masanielloPreview(planA).runs.find((run) => run.kind === 'winning');
    // The plan's 4th stake is 0.47 (which would end on 110.58); the broker takes 1.00 at least.
    expect(stakes(winning)).toEqual([6.82, 4.09, 1.84, 1]);
    expect(winning?.rows.map((row) => row.minApplied)).toEqual([false, false, false, true]);
    expect(100 + pnl(winning)).toBeCloseTo(111, 2);
  });

  it('plays no path when K ≥ N', () => {
    const { plan, runs } = masanielloPreview({ ...planA, totalWin: 10 });
    expect(plan.errors).toContain('k_out_of_range');
    expect(runs).toEqual([]);
  });
});

describe('cyclesPreview', () => {
  const base = { baseCents: 200, payout: 0.87 };

  it('stakes 2/4/8 then 18.10/36.20/72.40 with the auto cycle entry (ROBOT.md §4)', () => {
    const [losing] = cyclesPreview(
      { ciclos: 2, ciclosFat: 0, ciclosGale: 2, ciclosGaleFat: 2 },
      base,
    );
    expect(stakes(losing)).toEqual([2, 4, 8, 18.1, 36.2, 72.4]);
  });

  it('recovers a lost cycle on the next cycle with multiplier 3, then goes back to cycle 1', () => {
    const [, winning] = cyclesPreview(
      { ciclos: 3, ciclosFat: 3, ciclosGale: 2, ciclosGaleFat: 2 },
      base,
    );
    expect(stakes(winning)).toEqual([2, 4, 8, 6, 2, 2]);
  });

  it('shows at most PREVIEW_MAX_ORDERS orders', () => {
    const [losing] = cyclesPreview(
      { ciclos: 50, ciclosFat: 1, ciclosGale: 2, ciclosGaleFat: 2 },
      base,
    );
    expect(losing?.rows).toHaveLength(PREVIEW_MAX_ORDERS);
    expect(losing?.truncated).toBe(true);
  });
});

describe('sorosPreview', () => {
  it('stakes 10.00, 18.70, 34.97, 10.00 on four wins (ROBOT.md §2)', () => {
    const [, winning] = sorosPreview(
      { soros: 2, sorosgale: 0, sorosperc: 100 },
      { baseCents: 1000, payout: 0.87 },
    );
    expect(stakes(winning)).toEqual([10, 18.7, 34.97, 10]);
  });
});

describe('lossRecoveryPreview', () => {
  it('recovers LL with 8.63, 5.00, 5.00 conservatively at 50 % (ROBOT.md §6)', () => {
    const [, winning] = lossRecoveryPreview(
      { recoverPerc: 2, mode: 1, recoverGale: 1, recoverGaleFat: 2, recoverProfit: 0 },
      { baseCents: 500, payout: 0.87 },
    );
    expect(stakes(winning)).toEqual([5, 10, 8.63, 5, 5]);
    expect(winning?.rows.at(-1)?.summary.bankCents).toBe(0);
  });
});
