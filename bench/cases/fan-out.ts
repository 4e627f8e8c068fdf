// Copy fan-out throughput: how many followers planFanOut decides per second, and how close that
// is to the floor — a bare loop touching the same follower fields and allocating one small
// object per follower, which is the least any fan-out must do.
import { AccountType } from '@app/contract';
import { planFanOut, type CopyFollower, type TraderOrder } from '@app/robot';

const AT_MS = 1_700_000_000_000;
const ORDER: TraderOrder = {
  traderId: 'trader-1',
  asset: 'EURUSD',
  direction: 'CALL',
  stakeCents: 1_000,
  account: AccountType.real,
  brokerId: 5,
  signalType: 7,
  atMs: AT_MS,
};

/** Deterministic mix of followers: most copy, some skip for each reason (index-driven, no RNG). */
function buildFollowers(count: number): CopyFollower[] {
  const followers: CopyFollower[] = [];
  for (let i = 0; i < count; i += 1) {
    followers.push({
      id: `f${i}`,
      expCopy: i % 50 === 0 ? AT_MS / 1000 - 1 : 0,
      ordersToday: i % 7,
      traderEna: i % 31 !== 0,
      acptdemo: i % 2 === 0,
      maxTrades: i % 13 === 0 ? 5 : 0,
      signalType: i % 17 === 0 ? 8 : 0,
      delaysig: i % 3,
      brokerID: i % 19 === 0 ? 6 : 0,
      minStake: i % 5 === 0 ? 5 : 0,
      maxStake: i % 11 === 0 ? 8 : 0,
      lote: i % 2 === 0 ? 2.5 : 0.75,
      loteType: i % 2 === 0 ? 1 : 2,
    });
  }
  return followers;
}

/** The floor: read the fields planFanOut reads and allocate one decision-sized object each. */
function bareLoop(order: TraderOrder, followers: readonly CopyFollower[]): unknown[] {
  const out = new Array<unknown>(followers.length);
  for (let i = 0; i < followers.length; i += 1) {
    const f = followers[i] as CopyFollower;
    const ok = f.traderEna && f.brokerID !== 1 && f.lote > 0;
    out[i] = { index: i, ok, stakeCents: order.stakeCents + f.lote };
  }
  return out;
}

function timeMs(fn: () => unknown, runs: number): { perRunMs: number; sink: number } {
  let sink = 0;
  const start = performance.now();
  for (let r = 0; r < runs; r += 1) sink += (fn() as unknown[]).length;
  return { perRunMs: (performance.now() - start) / runs, sink };
}

export async function run(): Promise<void> {
  for (const count of [1_000, 100_000]) {
    const followers = buildFollowers(count);
    const runs = count >= 100_000 ? 20 : 2_000;
    // Warm-up lets the JIT optimise both loops before anything is timed.
    timeMs(() => planFanOut(ORDER, followers), Math.ceil(runs / 4));
    timeMs(() => bareLoop(ORDER, followers), Math.ceil(runs / 4));
    const samples: number[] = [];
    const bare: number[] = [];
    for (let s = 0; s < 5; s += 1) {
      samples.push(timeMs(() => planFanOut(ORDER, followers), runs).perRunMs);
      bare.push(timeMs(() => bareLoop(ORDER, followers), runs).perRunMs);
    }
    const median = (xs: number[]): number =>
      [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const planMs = median(samples);
    const bareMs = median(bare);
    const decisions = planFanOut(ORDER, followers);
    const orders = decisions.filter((d) => d.kind === 'order').length;
    console.log(
      [
        `followers=${count.toLocaleString('en-US')}`,
        `orders=${orders} skips=${count - orders}`,
        `ms/plan=${planMs.toFixed(3)}`,
        `followers/s=${Math.round(count / (planMs / 1000)).toLocaleString('en-US')}`,
        `bare ms=${bareMs.toFixed(3)}`,
        `plan/bare=${(planMs / bareMs).toFixed(2)}x`,
        `(median of 5 × ${runs} runs)`,
      ].join('  '),
    );
  }
}
