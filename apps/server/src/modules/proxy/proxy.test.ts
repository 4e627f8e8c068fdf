import { defaultProxy, endpoints as api } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { botIdOf } from '../../lib/owned-bot.ts';
import { callAs, registerAndLogin, useTestApp } from '../../test/app.ts';
import { loadProxy } from './proxy.service.ts';

const t = useTestApp();
let me: Awaited<ReturnType<typeof registerAndLogin>>;
beforeAll(async () => {
  me = await registerAndLogin(t.app);
});

const SECRET = 'pr0xy-S3cret-pass';
const proxy = (o: Record<string, unknown> = {}) => ({
  ip: '  10.0.0.7 ',
  porta: 3128,
  login: ' trader ',
  password: ` ${SECRET} `,
  userid: me.userid,
  ...o,
});
const read = () => callAs(t.app, me.cookie, api.getProxy, { query: { userid: me.userid } });
const save = (body: unknown) => callAs(t.app, me.cookie, api.saveProxy, { body });

async function rawRow() {
  return t.app.deps.db
    .selectFrom('proxies')
    .selectAll()
    .where('bot_id', '=', await botIdOf(t.app.deps, me.userid))
    .executeTakeFirstOrThrow();
}

describe('GET /api/proxyparams', () => {
  it('answers no proxy when nothing was saved', async () => {
    expect((await read()).json()).toEqual(defaultProxy(me.userid));
  });
});

describe('POST /api/proxyparams', () => {
  it('saves trimmed values and the port as a number; a read never answers the password', async () => {
    const res = await save(proxy());
    expect(res.json()).toEqual({ ok: true });
    const got = await read();
    expect(got.json()).toEqual({
      ip: '10.0.0.7',
      porta: 3128,
      login: 'trader',
      userid: me.userid,
      hasPassword: true,
    });
    expect(res.body + got.body).not.toContain(SECRET);
  });

  it('stores the password encrypted, bound to the row, and the runtime can read it back', async () => {
    await save(proxy());
    const row = await rawRow();
    expect(row.password_enc).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain(SECRET);
    const botId = await botIdOf(t.app.deps, me.userid);
    expect(await loadProxy(t.app.deps, botId)).toEqual({
      ip: '10.0.0.7',
      porta: 3128,
      login: 'trader',
      password: SECRET,
    });
    // Copied to another bot's row, the ciphertext does not open.
    expect(() =>
      t.app.deps.secrets.decrypt(
        { table: 'proxies', rowId: botId + 1, field: 'password_enc' },
        row.password_enc ?? '',
      ),
    ).toThrow();
  });

  it('keeps the stored password when the form sends an empty one', async () => {
    await save(proxy());
    const before = (await rawRow()).password_enc;
    await save(proxy({ password: '   ', porta: 8080 }));
    expect((await read()).json()).toMatchObject({ porta: 8080, hasPassword: true });
    expect((await rawRow()).password_enc).toBe(before);
  });

  it('forgets the password when the address is cleared (proxy off)', async () => {
    await save(proxy());
    await save(proxy({ ip: '', password: '' }));
    expect((await read()).json()).toMatchObject({ ip: '', hasPassword: false });
    expect((await rawRow()).password_enc).toBeNull();
  });

  it('removes the stored password on an explicit remove, keeping the rest', async () => {
    await save(proxy());
    const res = await save(proxy({ password: '', remove: ['password'] }));
    expect(res.json()).toEqual({ ok: true });
    expect((await read()).json()).toMatchObject({ ip: '10.0.0.7', hasPassword: false });
    expect((await rawRow()).password_enc).toBeNull();
  });

  // Regression: "not a host!!" was saved as the proxy address.
  it.each(['not a host!!', 'http://10.0.0.1', '999.1.1.1', 'a..b', '-x.com'])(
    'answers 400 errors.field.host for the address %j and keeps the saved proxy',
    async (ip) => {
      await save(proxy({ ip: '10.0.0.9' }));
      const res = await save(proxy({ ip }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ ip: 'errors.field.host' });
      expect(res.json().error.code).toBe('errors.invalidInput');
      expect((await read()).json()).toMatchObject({ ip: '10.0.0.9' });
    },
  );

  it.each(['proxy.example.com', 'localhost', '192.168.0.1', '::1', '2001:db8::7'])(
    'accepts the address %j',
    async (ip) => {
      expect((await save(proxy({ ip }))).json()).toEqual({ ok: true });
      expect((await read()).json()).toMatchObject({ ip });
    },
  );

  it.each([
    ['a port above 65535', { porta: 70_000 }, 'errors.invalidParams'],
    ['a fractional port', { porta: 80.5 }, 'errors.invalidParams'],
    ['no port', { porta: undefined }, 'errors.invalidParams'],
    ['a port sent as text', { porta: '8080' }, 'errors.invalidInput'],
  ])('answers 400 for %s and keeps the saved proxy', async (_n, o, code) => {
    await save(proxy({ porta: 1080 }));
    const res = await save(proxy(o));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code, fields: { porta: expect.any(String) } });
    expect((await read()).json()).toMatchObject({ porta: 1080 });
  });
});
