import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { FakeDeriv } from './fake-deriv.ts';
import { memoryLog } from './robot.ts';
import type { TestClock } from './trading.ts';
import { brokerResolver, type BrokerResolver } from '../robot/brokers/broker-resolver.ts';
import { runtimeDepsOf } from '../robot/runtime.ts';

type Accounts = Parameters<FakeDeriv['addToken']>[1];

/**
 * A local Deriv (the fake) on the test clock, with the given tokens, and the broker resolver and
 * runtime that trade through it; started before the file's tests and closed after them.
 */
export function useFakeDeriv(
  t: { readonly app: FastifyInstance },
  clock: TestClock,
  tokens: Record<string, Accounts>,
) {
  const log = memoryLog();
  const scenario = {
    fake: undefined as unknown as FakeDeriv,
    brokers: undefined as unknown as BrokerResolver,
    log,
    rt: () =>
      runtimeDepsOf(t.app.deps, log, {
        brokerFor: (bot, broker) => scenario.brokers.brokerFor(bot, broker),
      }),
  };
  beforeAll(async () => {
    scenario.fake = await FakeDeriv.start();
    scenario.fake.nowS = () => Math.floor(clock.now / 1000);
    for (const [token, accounts] of Object.entries(tokens)) scenario.fake.addToken(token, accounts);
    scenario.brokers = brokerResolver(
      { db: t.app.deps.db, secrets: t.app.deps.secrets, log },
      { wsUrl: scenario.fake.url, restUrl: scenario.fake.restUrl, appId: '777', timeoutMs: 5_000 },
    );
  });
  afterAll(async () => {
    await scenario.brokers.close();
    await scenario.fake.close();
  });
  return scenario;
}
