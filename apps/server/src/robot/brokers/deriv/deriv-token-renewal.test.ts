import { Broker, endpoints as api, AccountType } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, registerAndLogin, useTestApp } from '../../../test/app.ts';
import { FakeDeriv } from '../../../test/fake-deriv.ts';
import { memoryLog } from '../../../test/robot.ts';
import type { TestClock } from '../../../test/trading.ts';
import { brokerResolver, type BrokerResolver } from '../broker-resolver.ts';
import type { DerivOAuthConfig } from './deriv-oauth-token.ts';
import { renewDerivToken } from './deriv-token-renewal.ts';

// "Conectar Deriv" gives a short-lived access token (`expires_in`) and a refresh token: the
// robot renews the access token before it runs out, so a connected trader keeps trading.
const clock: TestClock = { now: Date.UTC(2026, 0, 9, 12, 0) };
const oauth: DerivOAuthConfig = {
  clientId: 'client-77',
  authUrl: 'http://unset',
  timeoutMs: 4_000,
};
const t = useTestApp({
  now: () => clock.now,
  derivOAuth: oauth,
  publicUrl: 'https://robo.example.com',
});
const HOUR = 3_600_000;
const log = memoryLog();
let fake: FakeDeriv;
let brokers: BrokerResolver;

beforeAll(async () => {
  fake = await FakeDeriv.start();
  fake.nowS = () => Math.floor(clock.now / 1000);
  oauth.authUrl = fake.restUrl;
  brokers = brokerResolver(
    { db: t.app.deps.db, secrets: t.app.deps.secrets, log, now: () => clock.now },
    { wsUrl: fake.url, restUrl: fake.restUrl, appId: '777', timeoutMs: 4_000, oauth },
  );
});
afterAll(async () => {
  await brokers.close();
  await fake.close();
});

let seq = 0;
type Trader = Awaited<ReturnType<typeof registerAndLogin>>;

/** A trader connected through "Conectar Deriv" (the fake plays Deriv's consent and code). */
async function connected(): Promise<{ botId: number; token: string; me: Trader }> {
  seq += 1;
  const me = await registerAndLogin(t.app);
  const token = `oauth-access-${seq}`;
  fake.addToken(token, [{ accountId: `DOT9000${seq}`, type: 'demo', balance: 250 }]);
  const started = await callAs(t.app, me.cookie, api.derivOAuthStart, {
    body: { userid: me.userid },
  });
  const q = new URL((started.json() as { url: string }).url).searchParams;
  fake.issueCode(`code-${seq}`, q.get('code_challenge')!, token, q.get('redirect_uri')!);
  const done = await callAs(t.app, me.cookie, api.derivOAuthFinish, {
    body: { userid: me.userid, code: `code-${seq}`, state: q.get('state')! },
  });
  expect(done.statusCode).toBe(200);
  const bot = await t.app.deps.db
    .selectFrom('bots')
    .select('id')
    .where('userid', '=', me.userid)
    .executeTakeFirstOrThrow();
  await t.app.deps.db
    .updateTable('bots')
    .set({ current_broker: Broker.deriv })
    .where('id', '=', bot.id)
    .execute();
  return { botId: bot.id, token, me };
}

async function stored(botId: number) {
  return t.app.deps.db
    .selectFrom('broker_credentials')
    .select(['refresh_token_enc', 'token_expires_at', 'token_demo_enc', 'updated_at'])
    .where('bot_id', '=', botId)
    .where('broker_id', '=', Broker.deriv)
    .executeTakeFirstOrThrow();
}

const tokenCalls = () => fake.rest.filter((r) => r.path === '/oauth2/token').length;

describe("renewing a Conectar Deriv connection's access token", () => {
  it('stores the refresh token encrypted with the expiry, and renews before it runs out', async () => {
    const { botId, token } = await connected();
    const row = await stored(botId);
    expect(Number(row.token_expires_at)).toBe(clock.now + HOUR);
    expect(row.refresh_token_enc).not.toBeNull();
    expect(JSON.stringify(row)).not.toMatch(/rt-|oauth-access/);
    expect(await (await brokers.brokerFor(botId, Broker.deriv)).balance(AccountType.demo)).toBe(
      25_000,
    );

    // An hour later the old token is refused by Deriv; the robot renewed it before asking.
    clock.now += HOUR - 60_000;
    const renewedAt = clock.now;
    const calls = tokenCalls();
    const adapter = await brokers.brokerFor(botId, Broker.deriv);
    expect(tokenCalls()).toBe(calls + 1);
    clock.now += 120_000;
    expect(await adapter.balance(AccountType.demo)).toBe(25_000);
    const renewed = await stored(botId);
    expect(Number(renewed.token_expires_at)).toBe(renewedAt + HOUR);
    expect(renewed.refresh_token_enc).not.toBe(row.refresh_token_enc);
    // The old access token is dead at Deriv now; the one used is the renewed one.
    expect(fake.rest.at(-1)?.token).not.toBe(token);
    // Not renewed again while the new one is fresh.
    await brokers.brokerFor(botId, Broker.deriv);
    expect(tokenCalls()).toBe(calls + 1);
    expect(JSON.stringify(log.errors)).not.toMatch(/rt-|oauth-access/);
  });

  it('a refresh token Deriv refuses is dropped: asked once, then the trader connects again', async () => {
    const { botId } = await connected();
    fake.refreshTokens.clear(); // revoked at Deriv
    clock.now += HOUR;
    const calls = tokenCalls();
    const adapter = await brokers.brokerFor(botId, Broker.deriv);
    expect(tokenCalls()).toBe(calls + 1);
    expect((await stored(botId)).refresh_token_enc).toBeNull();
    // The expired token fails the account read with the reason the trader can act on.
    expect(await adapter.checkAccount!(1)).toMatchObject({ ok: false, error: 'authFailed' });
    await brokers.brokerFor(botId, Broker.deriv);
    expect(tokenCalls()).toBe(calls + 1);
  });

  it('two processes renewing at once: the first wins, the second changes nothing', async () => {
    const { botId } = await connected();
    clock.now += HOUR;
    const deps = { db: t.app.deps.db, secrets: t.app.deps.secrets };
    const answers = await Promise.all([
      renewDerivToken(deps, oauth, botId, clock.now),
      renewDerivToken(deps, oauth, botId, clock.now),
    ]);
    expect(answers.sort()).toEqual(['refused', 'renewed']);
    // The winner's refresh token is kept: the next renewal works.
    expect((await stored(botId)).refresh_token_enc).not.toBeNull();
    clock.now += HOUR;
    expect(await renewDerivToken(deps, oauth, botId, clock.now)).toBe('renewed');
  });

  it('a save that keeps the connection keeps its renewal; a personal access token ends it', async () => {
    const { botId, me } = await connected();
    const save = (body: Record<string, unknown>) =>
      callAs(t.app, me.cookie, api.saveDerivTokens, {
        body: { tokenDemo: '', tokenReal: '', userid: me.userid, ...body },
      });
    expect((await save({ remove: ['tokenReal'] })).statusCode).toBe(200);
    expect((await stored(botId)).refresh_token_enc).not.toBeNull();
    expect((await save({ tokenDemo: 'pat-Typed-by-the-trader' })).statusCode).toBe(200);
    expect(await stored(botId)).toMatchObject({ refresh_token_enc: null, token_expires_at: null });
  });
});
