import { endpoints as api, Broker, type StoredCredential } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { botIdOf } from '../../lib/owned-bot.ts';
import { callAs, registerAndLogin, useTestApp } from '../../test/app.ts';
import { loadBrokerCredentials } from './brokers.service.ts';

const t = useTestApp();
let me: Awaited<ReturnType<typeof registerAndLogin>>;
beforeAll(async () => {
  me = await registerAndLogin(t.app);
});

const PASSWORD = 'Br0ker-pa55word';
const DEMO = 'demo-token-A1b2C3';
const REAL = 'real-token-X9y8Z7';

const login = (body: unknown, who = me) => callAs(t.app, who.cookie, api.saveBrokerLogin, { body });
const tokens = (tokenDemo: string, tokenReal: string) =>
  callAs(t.app, me.cookie, api.saveDerivTokens, {
    body: { tokenDemo, tokenReal, userid: me.userid },
  });
const list = (who = me) =>
  callAs(t.app, who.cookie, api.listBrokerLogins, { query: { userid: who.userid } });
const remove = (broker: number) =>
  callAs(t.app, me.cookie, api.removeBrokerLogin, { body: { userid: me.userid, broker } });
const stored = async (broker: number) =>
  ((await list()).json() as StoredCredential[]).find((c) => c.broker === broker);

async function rawRow(broker: number) {
  return t.app.deps.db
    .selectFrom('broker_credentials')
    .selectAll()
    .where('bot_id', '=', await botIdOf(t.app.deps, me.userid))
    .where('broker_id', '=', broker)
    .executeTakeFirst();
}

describe('POST /api/brokerdata', () => {
  it('stores the login; the list shows that a password is stored, never the password', async () => {
    const res = await login({
      email: ' me@broker.com ',
      password: ` ${PASSWORD} `,
      userid: me.userid,
      broker: Broker.quotex,
    });
    expect(res.json()).toEqual({ ok: true });
    const got = await list();
    expect(got.json()).toContainEqual({
      broker: Broker.quotex,
      email: 'me@broker.com',
      hasPassword: true,
      hasTokenDemo: false,
      hasTokenReal: false,
    });
    expect(res.body + got.body).not.toContain(PASSWORD);
  });

  it('stores the password encrypted, bound to its row; the runtime reads it back trimmed', async () => {
    await login({ email: 'me@iq.com', password: PASSWORD, userid: me.userid, broker: Broker.iq });
    const row = await rawRow(Broker.iq);
    expect(row?.password_enc).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toContain(PASSWORD);
    const botId = await botIdOf(t.app.deps, me.userid);
    expect(await loadBrokerCredentials(t.app.deps, botId, Broker.iq)).toMatchObject({
      email: 'me@iq.com',
      password: PASSWORD,
    });
    // The same ciphertext under another broker's row does not open.
    expect(() =>
      t.app.deps.secrets.decrypt(
        { table: 'broker_credentials', rowId: `${botId}/${Broker.quotex}`, field: 'password_enc' },
        row?.password_enc ?? '',
      ),
    ).toThrow();
  });

  it('keeps OlympTrade fields untrimmed (SPEC §5)', async () => {
    await login({
      email: ' olymp@x.com',
      password: ' spaced ',
      userid: me.userid,
      broker: Broker.olymp1,
    });
    const botId = await botIdOf(t.app.deps, me.userid);
    expect(await loadBrokerCredentials(t.app.deps, botId, Broker.olymp1)).toMatchObject({
      email: ' olymp@x.com',
      password: ' spaced ',
    });
  });

  it('replaces the stored login of the same broker', async () => {
    await login({ email: 'old@p.com', password: 'old-pass', userid: me.userid, broker: 6 });
    await login({ email: 'new@p.com', password: 'new-pass', userid: me.userid, broker: 6 });
    expect(await stored(6)).toMatchObject({ email: 'new@p.com', hasPassword: true });
    const botId = await botIdOf(t.app.deps, me.userid);
    expect((await loadBrokerCredentials(t.app.deps, botId, 6))?.password).toBe('new-pass');
  });

  it.each([
    ['Deriv, which uses /binarydata', { broker: Broker.deriv }, 'broker', 'errors.invalidParams'],
    ['broker 0 (All)', { broker: 0 }, 'broker', 'errors.invalidParams'],
    ['an empty e-mail', { email: '   ' }, 'email', 'errors.invalidParams'],
    [
      'a first save with an empty password',
      { password: '' },
      'password',
      'errors.field.secretRequired',
    ],
    // Regression: "abc" was stored as a broker e-mail.
    ['an e-mail that is not one', { email: 'abc' }, 'email', 'errors.field.email'],
  ])('answers 400 for %s and stores nothing', async (_n, o, field, fieldKey) => {
    const fresh = await registerAndLogin(t.app);
    const res = await login(
      { email: 'a@b.com', password: 'pass', userid: fresh.userid, broker: 5, ...o },
      fresh,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ [field]: fieldKey });
    expect(res.statusCode).toBe(400);
    expect((await list(fresh)).json()).toEqual([]);
  });

  // One rule for every secret field.
  it('keeps the stored password when a save leaves it blank (the e-mail changes alone)', async () => {
    await login({ email: 'keep@p.com', password: 'kept-pass', userid: me.userid, broker: 9 });
    const res = await login({ email: 'changed@p.com', password: '', userid: me.userid, broker: 9 });
    expect(res.json()).toEqual({ ok: true });
    const botId = await botIdOf(t.app.deps, me.userid);
    expect(await loadBrokerCredentials(t.app.deps, botId, 9)).toMatchObject({
      email: 'changed@p.com',
      password: 'kept-pass',
    });
  });
});

describe('POST /api/binarydata (Deriv)', () => {
  it('stores both tokens encrypted; the list shows only that they are stored', async () => {
    const res = await tokens(DEMO, REAL);
    expect(res.json()).toEqual({ ok: true });
    const got = await list();
    expect(await stored(Broker.deriv)).toEqual({
      broker: Broker.deriv,
      email: '',
      hasPassword: false,
      hasTokenDemo: true,
      hasTokenReal: true,
    });
    const row = await rawRow(Broker.deriv);
    for (const secret of [DEMO, REAL]) {
      expect(res.body + got.body).not.toContain(secret);
      expect(JSON.stringify(row)).not.toContain(secret);
    }
    const botId = await botIdOf(t.app.deps, me.userid);
    expect(await loadBrokerCredentials(t.app.deps, botId, Broker.deriv)).toMatchObject({
      tokenDemo: DEMO,
      tokenReal: REAL,
    });
  });

  // Regression: a blank token deleted the stored one, while a blank proxy
  // password kept it. Now blank keeps, on every secret field.
  it('keeps a stored token that a save leaves blank', async () => {
    await tokens(DEMO, REAL);
    const res = await tokens('', 'real-token-new');
    expect(res.json()).toEqual({ ok: true });
    expect(await stored(Broker.deriv)).toMatchObject({ hasTokenDemo: true, hasTokenReal: true });
    const botId = await botIdOf(t.app.deps, me.userid);
    expect(await loadBrokerCredentials(t.app.deps, botId, Broker.deriv)).toMatchObject({
      tokenDemo: DEMO,
      tokenReal: 'real-token-new',
    });
    await tokens(' ', '');
    expect(await stored(Broker.deriv)).toMatchObject({ hasTokenDemo: true, hasTokenReal: true });
  });

  it('removes the token named in remove and keeps the other', async () => {
    await tokens(DEMO, REAL);
    const res = await callAs(t.app, me.cookie, api.saveDerivTokens, {
      body: { tokenDemo: '', tokenReal: '', remove: ['tokenDemo'], userid: me.userid },
    });
    expect(res.json()).toEqual({ ok: true });
    expect(await stored(Broker.deriv)).toMatchObject({ hasTokenDemo: false, hasTokenReal: true });
    expect((await rawRow(Broker.deriv))?.token_demo_enc).toBeNull();
  });

  it('removes Deriv when its last token is removed', async () => {
    await tokens(DEMO, '');
    await callAs(t.app, me.cookie, api.saveDerivTokens, {
      body: { tokenDemo: '', tokenReal: '', remove: ['tokenDemo', 'tokenReal'], userid: me.userid },
    });
    expect(await stored(Broker.deriv)).toBeUndefined();
    expect(await rawRow(Broker.deriv)).toBeUndefined();
  });

  it('stores a token typed in the same save that removes the old one', async () => {
    await tokens(DEMO, REAL);
    await callAs(t.app, me.cookie, api.saveDerivTokens, {
      body: { tokenDemo: 'demo-new', tokenReal: '', remove: ['tokenDemo'], userid: me.userid },
    });
    const botId = await botIdOf(t.app.deps, me.userid);
    expect(await loadBrokerCredentials(t.app.deps, botId, Broker.deriv)).toMatchObject({
      tokenDemo: 'demo-new',
      tokenReal: REAL,
    });
  });

  it('refuses a first save with both tokens blank', async () => {
    const fresh = await registerAndLogin(t.app);
    const res = await callAs(t.app, fresh.cookie, api.saveDerivTokens, {
      body: { tokenDemo: '', tokenReal: ' ', userid: fresh.userid },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ tokenDemo: 'errors.field.secretRequired' });
    expect((await list(fresh)).json()).toEqual([]);
  });

  it('answers 400 for a missing token field', async () => {
    const res = await callAs(t.app, me.cookie, api.saveDerivTokens, {
      body: { tokenDemo: DEMO, userid: me.userid },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ tokenReal: 'errors.invalidValue' });
  });
});

describe('GET /api/brokerdata and POST /api/brokerremove', () => {
  it('lists nothing for a bot without credentials', async () => {
    const fresh = await registerAndLogin(t.app);
    expect((await list(fresh)).json()).toEqual([]);
  });

  it('removes the credentials of one broker only, and removing again is fine', async () => {
    await login({ email: 'a@x.com', password: 'p1', userid: me.userid, broker: Broker.binomo });
    await login({ email: 'b@x.com', password: 'p2', userid: me.userid, broker: Broker.stockity });
    expect((await remove(Broker.binomo)).json()).toEqual({ ok: true });
    expect(await stored(Broker.binomo)).toBeUndefined();
    expect(await stored(Broker.stockity)).toMatchObject({ email: 'b@x.com' });
    expect((await remove(Broker.binomo)).statusCode).toBe(200);
  });
});
