import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';
import { createPaymentRegistry, localStateMessage } from './registry.ts';

describe('the local provider in production', () => {
  it('stays off with NODE_ENV=production unless PAYMENTS_LOCAL=on', async () => {
    const prod = await createPaymentRegistry({ providers: [], env: { NODE_ENV: 'production' } });
    expect(prod.localState).toEqual({ on: false, why: 'production' });
    expect(prod.forMethod('regional')).toBeNull();
    expect(prod.forMethod('card')).toBeNull();

    const demo = await createPaymentRegistry({
      providers: [],
      env: { NODE_ENV: 'production', PAYMENTS_LOCAL: 'on' },
    });
    expect(demo.localState).toEqual({ on: true, why: 'env' });
    expect(demo.forMethod('regional')?.name).toBe('local');

    const dev = await createPaymentRegistry({ providers: [], env: { NODE_ENV: 'development' } });
    expect(dev.localState).toEqual({ on: true, why: 'no-real-provider' });
  });

  it('says at start whether the local checkout is on, and why', async () => {
    const lines: string[] = [];
    const { close } = await createTestApp({
      logger: true,
      logStream: { write: (line) => lines.push(line) },
      payments: { providers: [], env: { NODE_ENV: 'production' } },
    });
    await close();
    const said = lines.map((l) => JSON.parse(l) as { msg: string }).map((l) => l.msg);
    expect(said).toContain(localStateMessage({ on: false, why: 'production' }));
    expect(localStateMessage({ on: false, why: 'production' })).toMatch(/OFF.*PAYMENTS_LOCAL=on/);
    expect(localStateMessage({ on: true, why: 'env' })).toMatch(/ON.*no money is charged/);
  });
});
