import {
  type ActivityItem,
  type LatencyReport,
  type OrdersPage,
  type ResultChart,
  type SignalScore,
  type TradingDashboard,
  type TradingOrder,
  AccountType,
} from '@app/contract';

/** 13:00:00 UTC on a trading day: the instant the fixtures are built around. */
export const NOW = Date.UTC(2025, 4, 20, 13, 0, 0);

export function order(overrides: Partial<TradingOrder> = {}): TradingOrder {
  return {
    id: 1,
    signalId: 10,
    channelId: 'vip-sinais',
    channelName: 'VIP Sinais',
    asset: 'EURUSD',
    direction: 'CALL',
    galeLevel: 0,
    stakeCents: 200,
    payoutPct: 87,
    brokerId: 2,
    accountType: AccountType.demo,
    state: 'open',
    failReason: null,
    sendAt: NOW - 18_000,
    confirmedAt: NOW - 17_500,
    expiresAt: NOW + 42_000,
    settledAt: null,
    pnlCents: null,
    simulator: true,
    priceSource: null,
    ...overrides,
  };
}

/** A per-signal score: 3 signals won (2 at entry, 1 at G2) and 1 lost. */
export function signalScore(overrides: Partial<SignalScore> = {}): SignalScore {
  return {
    signals: 4,
    wins: 3,
    winsByStep: [2, 0, 1],
    losses: 1,
    draws: 0,
    open: 0,
    hitRatePct: 75,
    breakEvenRatePct: 81.3,
    pnlCents: -1030,
    ...overrides,
  };
}

export function dashboard(overrides: Partial<TradingDashboard> = {}): TradingDashboard {
  return {
    userid: '5550001',
    running: true,
    configured: true,
    blockedBy: null,
    accountType: AccountType.demo,
    brokerId: 2,
    balanceCents: 998_750,
    simulator: true,
    today: {
      wins: 3,
      losses: 1,
      draws: 2,
      hitRatePct: 75,
      breakEvenRatePct: 53.5,
      pnlCents: 1250,
      orders: 6,
    },
    todaySignals: signalScore(),
    scoreSince: NOW - 10 * 3_600_000,
    openOrders: [order()],
    nextEntries: [
      {
        signalId: 11,
        asset: 'GBPJPY',
        direction: 'PUT',
        galeLevel: 0,
        stakeCents: 400,
        sendAt: NOW + 125_000,
        gales: 1,
      },
    ],
    strategyStep: { key: 'robot.step.cycles', params: { cycle: 2, bankCents: 0, galeLevel: 1 } },
    nextStakesCents: [400, 880],
    copyTrading: { traderMode: 1, enabled: false, followers: 0 },
    ...overrides,
  };
}

export function activity(id: number, overrides: Partial<ActivityItem> = {}): ActivityItem {
  return {
    id,
    userid: '5550001',
    at: NOW - (100 - id) * 1000,
    kind: 'signal',
    signalId: 10,
    orderId: null,
    message: { key: 'robot.activity.signal', params: { asset: 'EURUSD', direction: 'CALL' } },
    ...overrides,
  };
}

export function ordersPage(orders: TradingOrder[], nextCursor: number | null = null): OrdersPage {
  return {
    orders,
    nextCursor,
    totals: {
      count: 7,
      wins: 4,
      losses: 2,
      draws: 1,
      failed: 0,
      open: 0,
      stakeCents: 1800,
      pnlCents: 948,
    },
    score: signalScore({ signals: 6, wins: 4, winsByStep: [3, 1], losses: 2, draws: 0 }),
    channels: [
      { id: 'vip-sinais', name: 'VIP Sinais' },
      { id: 'inbox-3', name: 'Canal OTC' },
    ],
  };
}

export function chart(overrides: Partial<ResultChart> = {}): ResultChart {
  return {
    range: 'day',
    from: NOW - 13 * 3_600_000,
    to: NOW + 11 * 3_600_000,
    points: [
      { at: NOW - 13 * 3_600_000, balanceCents: 1_000_000, pnlCents: 0 },
      { at: NOW - 3_600_000, balanceCents: 1_000_174, pnlCents: 174 },
      { at: NOW - 1_800_000, balanceCents: 999_974, pnlCents: -26 },
      { at: NOW - 600_000, balanceCents: 1_001_250, pnlCents: 1250 },
    ],
    ...overrides,
  };
}

export function latency(overrides: Partial<LatencyReport> = {}): LatencyReport {
  return {
    signals: [
      {
        signalId: 12,
        asset: 'EURUSD',
        direction: 'CALL',
        decision: 'traded',
        scheduledAt: NOW + 1212,
        stages: {
          received: NOW,
          parsed: NOW + 4,
          decided: NOW + 16,
          sent: NOW + 1216,
          confirmed: NOW + 1466,
          settled: NOW + 61_466,
        },
      },
      {
        signalId: 11,
        asset: 'GBPJPY',
        direction: 'PUT',
        decision: 'refused',
        scheduledAt: null,
        stages: {
          received: NOW - 5000,
          parsed: NOW - 4997,
          decided: NOW - 4990,
          sent: null,
          confirmed: null,
          settled: null,
        },
      },
    ],
    day: [
      { stage: 'parsed', count: 2, p50Ms: 3, p95Ms: 4 },
      { stage: 'decided', count: 2, p50Ms: 7, p95Ms: 12 },
      { stage: 'sent', count: 1, p50Ms: 1200, p95Ms: 1200 },
      { stage: 'confirmed', count: 1, p50Ms: 250, p95Ms: 250 },
      { stage: 'settled', count: 1, p50Ms: 60_000, p95Ms: 60_000 },
    ],
    timing: [
      { kind: 'wait', count: 1, p50Ms: 1196, p95Ms: 1196 },
      { kind: 'sendLag', count: 1, p50Ms: 4, p95Ms: 4 },
    ],
    ...overrides,
  };
}
