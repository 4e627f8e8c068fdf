import { endpoints as api, ErrorCode, type StoredCredential } from '@app/contract';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, registerAndLogin, useTestApp } from '../../test/app.ts';
import { FakeDeriv } from '../../test/fake-deriv.ts';
import type { DerivOAuthConfig } from './deriv-oauth.ts';

/** "Conectar Deriv": OAuth 2.0 authorization code with PKCE against a fake Deriv token endpoint. */
const oauth: DerivOAuthConfig = {
  clientId: 'client-77',
  authUrl: 'http://unset',
  timeoutMs: 4_000,
};
const t = useTestApp({ derivOAuth: oauth, publicUrl: 'https://robo.example.com' });
let fake: FakeDeriv;

beforeAll(async () => {
  fake = await FakeDeriv.start();
  oauth.authUrl = fake.restUrl;
});
afterAll(async () => {
  await fake.close();
});

type Trader = Awaited<ReturnType<typeof registerAndLogin>>;
const start = (me: Trader) =>
  callAs(t.app, me.cookie, api.derivOAuthStart, { body: { userid: me.userid } });
const finish = (me: Trader, code: string, state: string) =>
  callAs(t.app, me.cookie, api.derivOAuthFinish, { body: { userid: me.userid, code, state } });

/** Starts a flow and plays Deriv's part: the user consents, Deriv issues a code for the token. */
async function consent(me: Trader, code: string, token: string, challengeOf?: string) {
  const res = await start(me);
  expect(res.statusCode).toBe(200);
  const url = new URL((res.json() as { url: string }).url);
  const q = url.searchParams;
  fake.issueCode(code, challengeOf ?? q.get('code_challenge')!, token, q.get('redirect_uri')!);
  return { url, state: q.get('state')! };
}

describe('Conectar Deriv (OAuth 2.0 + PKCE)', () => {
  it("sends the browser to Deriv's authorization page with PKCE and a state", async () => {
    const me = await registerAndLogin(t.app);
    const { url, state } = await consent(me, 'code-a', 'tok-a');
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.restUrl}/oauth2/auth`);
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({
      response_type: 'code',
      client_id: 'client-77',
      redirect_uri: 'https://robo.example.com/brokerconfig',
      scope: 'trade',
      code_challenge_method: 'S256',
    });
    expect(state).toMatch(/^[\w-]{43}$/);
    expect(q.code_challenge).toMatch(/^[\w-]{43}$/);
  });

  it('exchanges the code with the verifier, stores the token encrypted, never shows it', async () => {
    const me = await registerAndLogin(t.app);
    const TOKEN = 'oauth-Access-token-secret';
    const { state } = await consent(me, 'code-b', TOKEN);
    const done = await finish(me, 'code-b', state);
    expect(done.statusCode).toBe(200);
    const listed = await callAs(t.app, me.cookie, api.listBrokerLogins, {
      query: { userid: me.userid },
    });
    expect(listed.json() as StoredCredential[]).toContainEqual(
      expect.objectContaining({ broker: 2, hasTokenDemo: true, hasTokenReal: true }),
    );
    expect(listed.body + done.body).not.toContain(TOKEN);
    const row = await t.app.deps.db
      .selectFrom('broker_credentials')
      .select(['token_demo_enc', 'token_real_enc'])
      .where('broker_id', '=', 2)
      .where(
        'bot_id',
        '=',
        (
          await t.app.deps.db
            .selectFrom('bots')
            .select('id')
            .where('userid', '=', me.userid)
            .executeTakeFirstOrThrow()
        ).id,
      )
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(TOKEN);
    // The token went to Deriv's token endpoint with the verifier whose hash was the challenge.
    const flows = await t.app.deps.db.selectFrom('deriv_oauth_states').selectAll().execute();
    expect(flows.map((f) => f.state_hash)).not.toContain(
      createHash('sha256').update(state).digest('hex'),
    );
  });

  it('uses a state once, and only for the bot that started it', async () => {
    const me = await registerAndLogin(t.app);
    const other = await registerAndLogin(t.app);
    const { state } = await consent(me, 'code-c', 'tok-c');
    const foreign = await finish(other, 'code-c', state);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.code).toBe(ErrorCode.derivOAuthState);
    expect((await finish(me, 'code-c', state)).statusCode).toBe(200);
    const again = await finish(me, 'code-c', state);
    expect(again.json().error.code).toBe(ErrorCode.derivOAuthState);
  });

  it("refuses when Deriv's token endpoint refuses (a verifier that does not match)", async () => {
    const me = await registerAndLogin(t.app);
    const { state } = await consent(me, 'code-d', 'tok-d', 'some-other-challenge');
    const res = await finish(me, 'code-d', state);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(ErrorCode.derivOAuthRefused);
    const listed = await callAs(t.app, me.cookie, api.listBrokerLogins, {
      query: { userid: me.userid },
    });
    expect(listed.json()).toEqual([]);
  });
});
