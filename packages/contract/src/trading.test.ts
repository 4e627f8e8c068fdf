import { describe, expect, it } from 'vitest';
import { endpoints } from './endpoints.ts';
import { TradingStreamEventSchema } from './trading.ts';

describe('trading contract', () => {
  it('pages the activity feed 50 at a time when the query names no limit', () => {
    const q = endpoints.tradingActivity.query.parse({ userid: '123456' });
    expect(q).toEqual({ userid: '123456', limit: 50 });
  });

  it('reads the orders filters from query-string text', () => {
    const q = endpoints.tradingOrders.query.parse({
      userid: '123456',
      from: '1700000000000',
      result: 'won',
      cursor: '20',
    });
    expect(q).toMatchObject({ from: 1_700_000_000_000, result: 'won', cursor: 20 });
  });

  it('rejects an unknown result filter', () => {
    expect(endpoints.tradingOrders.query.safeParse({ userid: '123456', result: 'x' }).success).toBe(
      false,
    );
  });

  it('parses a streamed activity event with its robot message', () => {
    const event = {
      type: 'activity',
      item: {
        id: 7,
        userid: '123456',
        at: 1,
        kind: 'decision',
        signalId: 3,
        orderId: null,
        message: { key: 'robot.refusal.outsideWindow', params: { asset: 'EURUSD' } },
      },
    };
    expect(TradingStreamEventSchema.parse(event)).toEqual(event);
  });
});
