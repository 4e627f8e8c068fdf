import { describe, expect, it } from 'vitest';
import { brokerErrorKind, observedBroker } from './broker-metrics.ts';
import { Metrics } from './metrics.ts';

class FakeBroker {
  readonly name = 'deriv';
  #calls = 0;
  get calls(): number {
    return this.#calls;
  }
  async payout(): Promise<number> {
    this.#calls += 1;
    return 0.87;
  }
  async placeOrder(): Promise<never> {
    this.#calls += 1;
    throw Object.assign(new Error('deriv buy: InvalidToken'), { code: 'InvalidToken' });
  }
  async lookup(): Promise<never> {
    throw Object.assign(new Error('deriv proposal_open_contract: timeout'), { why: 'timeout' });
  }
}

describe("brokers' failed calls", () => {
  it('are counted by broker and kind and rethrown unchanged; answers pass through', async () => {
    const metrics = new Metrics('worker', { defaults: false });
    const raw = new FakeBroker();
    const broker = observedBroker(raw, () => metrics);
    expect(observedBroker(raw, () => metrics)).toBe(broker);
    expect(await broker.payout()).toBe(0.87);
    await expect(broker.placeOrder()).rejects.toThrow('deriv buy: InvalidToken');
    await expect(broker.lookup()).rejects.toThrow('timeout');
    await expect(broker.lookup()).rejects.toThrow('timeout');
    // Private state of the adapter still works behind the wrapper.
    expect(broker.calls).toBe(2);
    expect(await metrics.valueOf('copybot_broker_errors_total')).toEqual([
      { labels: { broker: 'deriv', kind: 'auth' }, value: 1 },
      { labels: { broker: 'deriv', kind: 'timeout' }, value: 2 },
    ]);
  });

  it('are sorted into a few kinds from the error itself', () => {
    const coded = (code: string) => Object.assign(new Error(code), { code });
    expect(brokerErrorKind(coded('ECONNREFUSED'))).toBe('network');
    expect(brokerErrorKind(coded('ETIMEDOUT'))).toBe('timeout');
    expect(brokerErrorKind({ why: 'disconnected' })).toBe('network');
    expect(brokerErrorKind(coded('authFailed'))).toBe('auth');
    expect(brokerErrorKind(coded('rateLimited'))).toBe('rate_limited');
    expect(brokerErrorKind(coded('InsufficientBalance'))).toBe('refused');
    expect(
      brokerErrorKind(Object.assign(new TypeError('fetch failed'), { cause: coded('ENOTFOUND') })),
    ).toBe('network');
    expect(brokerErrorKind(new Error('boom'))).toBe('other');
  });
});
