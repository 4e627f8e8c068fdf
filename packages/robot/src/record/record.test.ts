import { describe, expect, it } from 'vitest';
import {
  matchClaims,
  readClaim,
  scoreSignal,
  summarizeRecord,
  type RecordEntry,
  type RecordPrice,
} from './record.ts';

const MIN = 60_000;
const T = 1_800_000 * MIN;
const steps = [
  { sendAtMs: T - 2_000, expiresAtMs: T + MIN },
  { sendAtMs: T + MIN, expiresAtMs: T + 2 * MIN },
  { sendAtMs: T + 2 * MIN, expiresAtMs: T + 3 * MIN },
];
/** Prices by whole minute around T. */
const market =
  (byMinute: Record<number, number | 'pending'>) =>
  (atMs: number): RecordPrice => {
    const p = byMinute[Math.round((atMs - T) / MIN)];
    if (p === undefined) return { status: 'none' };
    return p === 'pending' ? { status: 'pending' } : { status: 'priced', price: p };
  };

describe('scoreSignal', () => {
  it.each([
    ['win at entry', { 0: 1.1, 1: 1.2 }, { result: 'win', step: 0 }],
    ['win at G1', { 0: 1.1, 1: 1.0, 2: 1.3 }, { result: 'win', step: 1 }],
    ['loss after every gale', { 0: 1.4, 1: 1.3, 2: 1.2, 3: 1.1 }, { result: 'loss' }],
    ['draw ends the ladder', { 0: 1.1, 1: 1.1 }, { result: 'draw', step: 0 }],
    ['no market data', { 0: 1.1 }, { result: 'no_data' }],
    ['pending market data', { 0: 1.1, 1: 'pending' }, { result: 'pending' }],
  ] as const)('scores a CALL as %s', (_name, prices, verdict) => {
    expect(scoreSignal('CALL', steps, market(prices))).toEqual(verdict);
  });

  it('scores a PUT the other way', () => {
    expect(scoreSignal('PUT', steps.slice(0, 1), market({ 0: 1.2, 1: 1.1 }))).toEqual({
      result: 'win',
      step: 0,
    });
  });
});

describe('readClaim', () => {
  it.each([
    ['WIN ✅', { kind: 'win', step: 0 }],
    ['✅✅ WIN NO G1', { kind: 'win', step: 1 }],
    ['EUR/USD — Green no 2º gale 💰', { kind: 'win', step: 2, asset: 'EURUSD' }],
    ['WIN de primeira', { kind: 'win', step: 0 }],
    ['LOSS ❌', { kind: 'loss' }],
    ['GBPJPY red', { kind: 'loss', asset: 'GBPJPY' }],
    ['DOJI, entrada devolvida', { kind: 'draw' }],
    ['Placar do dia: 12x3 🔥', { kind: 'scoreboard', wins: 12, losses: 3 }],
  ] as const)('reads %j', (text, claim) => {
    expect(readClaim(text)).toEqual(claim);
  });

  it.each(['EURUSD 14:30 CALL', 'Bom dia traders!', 'WIN ou LOSS? veja'])(
    'reads no claim in %j',
    (text) => {
      expect(readClaim(text)).toBeNull();
    },
  );
});

describe('matchClaims', () => {
  const signals = [
    { key: 'a', asset: 'EURUSD', entryAtMs: T, firstExpiryMs: T + MIN, lastExpiryMs: T + 3 * MIN },
    {
      key: 'b',
      asset: 'GBPUSD',
      entryAtMs: T + 5 * MIN,
      firstExpiryMs: T + 6 * MIN,
      lastExpiryMs: T + 8 * MIN,
    },
  ];

  it('gives each post to the latest expired signal not yet claimed', () => {
    const claims = matchClaims(signals, [
      { atMs: T + 2 * MIN, claim: { kind: 'win', step: 1 } },
      { atMs: T + 7 * MIN, claim: { kind: 'loss' } },
      { atMs: T + 7 * MIN + 5_000, claim: { kind: 'win', step: 0 } },
    ]);
    expect(Object.fromEntries(claims)).toEqual({
      a: { kind: 'win', step: 1 },
      b: { kind: 'loss' },
    });
  });

  it('follows the asset a post names, and never claims a signal whose entry had not expired', () => {
    const claims = matchClaims(signals, [
      { atMs: T + 30_000 - 60_000, claim: { kind: 'win', step: 0 } },
      { atMs: T + 9 * MIN, claim: { kind: 'win', step: 0, asset: 'EURUSD' } },
    ]);
    expect(Object.fromEntries(claims)).toEqual({ a: { kind: 'win', step: 0, asset: 'EURUSD' } });
  });
});

describe('summarizeRecord', () => {
  it('puts the claimed rate beside the verified one, by step, hour and asset', () => {
    const entries: RecordEntry[] = [
      {
        asset: 'EURUSD',
        entryAtMs: T,
        verdict: { result: 'win', step: 1 },
        claim: { kind: 'win', step: 0 },
      },
      {
        asset: 'EURUSD',
        entryAtMs: T,
        verdict: { result: 'loss' },
        claim: { kind: 'win', step: 2 },
      },
      { asset: 'EURUSD-OTC', entryAtMs: T, verdict: { result: 'no_data' }, claim: null },
    ];
    const s = summarizeRecord(entries, { late: 2, unreadable: 1, scoreboards: [] }, 0);
    expect(s.verified).toEqual({
      wins: 1,
      losses: 1,
      draws: 0,
      hitRatePct: 50,
      winsByStep: [0, 1],
      noData: 1,
      pending: 0,
    });
    expect(s.claimed).toMatchObject({ wins: 2, losses: 0, hitRatePct: 100, winsByStep: [1, 0, 1] });
    expect(s.disagreements).toBe(1);
    expect(s.byAsset[0]).toMatchObject({ asset: 'EURUSD', wins: 1, losses: 1 });
    expect(s.byHour).toHaveLength(1);
    expect([s.late, s.unreadable]).toEqual([2, 1]);
  });
});
