import { endpoints as api } from '@app/contract';
import { returnBigInt } from 'telegram/Helpers.js';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeTelegram, sampleDialogs } from '../../test/fake-telegram.ts';
import { callAs, registerAndLogin, useTestApp } from '../../test/app.ts';
import { signalsOf, subscribe, type Trader } from '../../test/reader.ts';
import { SESSION_CHECK_MS } from '../../reader/runtime.ts';
import { INTERACTIVE_TIMEOUT_MS } from '../../reader/telegram/telegram-source.ts';
import { untilReached } from '../../test/real-io.ts';

// 14:00 in Brasília.
const T0 = Date.UTC(2026, 4, 12, 17, 0, 0);
const clock = { now: T0 };
const fake = new FakeTelegram();
const t = useTestApp({
  now: () => clock.now,
  telegram: { apiId: 1, apiHash: 'hash', createClient: fake.create },
});

const PHONE = '+5511999998888';
const PHONE_2FA = '+5511999997777';
let me: Trader;
const bodies: string[] = [];
beforeAll(async () => {
  fake.accounts.set(PHONE, { code: '12345' });
  fake.accounts.set(PHONE_2FA, { code: '54321', password: 'segredo' });
  fake.accounts.set('+5511900000001', { code: '1', banned: true });
  fake.accounts.set('+5511900000002', { code: '1', floodWaitSec: 37 });
  fake.accounts.set('+5511900000003', { code: '1', floodWaitSec: 2 });
  fake.accounts.set('+5511900000004', { code: '44444', unoccupied: true });
  fake.dialogs = sampleDialogs();
  me = await registerAndLogin(t.app);
});

async function call(e: Parameters<typeof callAs>[2], body: Record<string, unknown>, who = me) {
  const res = await callAs(t.app, who.cookie, e, { body: { userid: who.userid, ...body } });
  bodies.push(res.body);
  return res;
}
const addPhone = (phone: string, who = me) => call(api.addPhone, { phone }, who);
const authCode = (code: string, password = '', who = me) =>
  call(api.authCode, { code, password }, who);
const status = async (who = me) => {
  const res = await callAs(t.app, who.cookie, api.getReaderStatus, {
    query: { userid: who.userid },
  });
  bodies.push(res.body);
  return res.json();
};
const sessionRow = (botUserid: string) =>
  t.app.deps.db
    .selectFrom('messaging_sessions')
    .innerJoin('bots', 'bots.id', 'messaging_sessions.bot_id')
    .select(['status', 'session_enc', 'phone_code_hash'])
    .where('bots.userid', '=', botUserid)
    .executeTakeFirst();

describe('connecting a Telegram account (/addphone, /authcode) on the fake client', () => {
  it('answers the errors a person can act on: invalid phone, banned, flood wait with seconds', async () => {
    const format = await addPhone('11 9999');
    expect(format.statusCode).toBe(400);
    expect(format.json().error.fields.phone).toBe('phone.errors.invalid');
    const banned = await addPhone('+5511900000001');
    expect(banned.statusCode).toBe(400);
    expect(banned.json().error.code).toBe('phone.errors.banned');
    // gramjs would sleep 37 s in silence (its threshold is 60 s): /addphone answers at once.
    const flood = await addPhone('+5511900000002');
    expect(flood.statusCode).toBe(429);
    expect(flood.json().error).toMatchObject({
      code: 'phone.errors.floodWait',
      params: { seconds: 37 },
    });
    expect(fake.slept).toEqual([]);
    const early = await authCode('12345');
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('phone.errors.noPendingCode');
    expect(await sessionRow(me.userid)).toBeUndefined();
    // A wait of a couple of seconds is slept through, as gramjs does below the threshold.
    expect((await addPhone('+5511900000003')).statusCode).toBe(200);
    expect(fake.slept).toEqual([2]);
  });

  it('sends the code, refuses a wrong one, signs in with the right one and lists the chats', async () => {
    expect((await addPhone(PHONE)).json()).toEqual({ ok: true });
    const pending = await sessionRow(me.userid);
    expect(pending).toMatchObject({ status: 'code_sent' });
    expect(pending?.session_enc).not.toContain('fake-session');

    const wrong = await authCode('99999');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('phone.errors.codeInvalid');

    expect((await authCode('12345')).json()).toEqual({ ok: true });
    expect(await sessionRow(me.userid)).toMatchObject({
      status: 'connected',
      phone_code_hash: null,
    });
    expect(await status()).toMatchObject({
      source: 'telegram',
      telegramAvailable: true,
      connected: true,
      phone: '+55•••••••8888',
    });
    const chats = await callAs(t.app, me.cookie, api.getChatList, {
      query: { userid: me.userid, traderid: me.userid },
    });
    expect(chats.json()).toEqual([
      { chid: '-987654', chname: 'Grupo VIP', selected: false, source: 'telegram' },
      { chid: '-1001234567890', chname: 'Sinais dOuro', selected: false, source: 'telegram' },
    ]);
  });

  it('streams the new messages of followed chats into the reader, once each', async () => {
    await subscribe(t.app, me, [{ idNum: '-1001234567890', name: 'Sinais dOuro' }]);
    fake.emit('-1001234567890', 501, 'M5;EURUSD;14:30;PUT');
    fake.emit('-1001234567890', 501, 'M5;EURUSD;14:30;PUT');
    fake.emit('-987654', 7, 'GBPUSD;14:40;CALL;M1');
    await expect
      .poll(() => t.app.deps.db.selectFrom('reader_messages').selectAll().execute())
      .toHaveLength(1);
    await t.app.reader.runOnce();
    expect(await signalsOf(t.app, me)).toMatchObject([
      {
        channelId: '-1001234567890',
        channelName: 'Sinais dOuro',
        status: 'accepted',
        asset: 'EURUSD',
      },
    ]);
  });

  it('asks for the 2FA password, refuses a wrong one, accepts the right one', async () => {
    const other = await registerAndLogin(t.app);
    await addPhone(PHONE_2FA, other);
    const missing = await authCode('54321', '', other);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('phone.errors.passwordRequired');
    const wrong = await authCode('54321', 'errada', other);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('phone.errors.passwordInvalid');
    expect((await authCode('54321', 'segredo', other)).json()).toEqual({ ok: true });
    expect(await sessionRow(other.userid)).toMatchObject({ status: 'connected' });
  });

  it('reader reset re-reads the chats; delete logs out, erases the session and unsubscribes', async () => {
    fake.dialogs = [
      ...sampleDialogs(),
      {
        id: returnBigInt('-1001234567891'),
        title: 'Novo',
        isChannel: true,
        isGroup: false,
        isUser: false,
      },
    ];
    await call(api.resetReader, {});
    await t.app.reader.runOnce();
    const chats = await callAs(t.app, me.cookie, api.getChatList, {
      query: { userid: me.userid, traderid: me.userid },
    });
    expect((chats.json() as { chname: string }[]).map((c) => c.chname)).toContain('Novo');

    await call(api.deleteReader, {});
    await t.app.reader.runOnce();
    expect(fake.loggedOut).toHaveLength(1);
    expect(await sessionRow(me.userid)).toBeUndefined();
    const after = await status();
    expect(after).toMatchObject({ source: 'inbox', connected: false, phone: null, chats: 0 });
    expect(after.requests).toMatchObject([
      { action: 'delete', status: 'done', settledAt: T0 },
      { action: 'reset', status: 'done', settledAt: T0 },
    ]);
    const emptied = await callAs(t.app, me.cookie, api.getChatList, {
      query: { userid: me.userid, traderid: me.userid },
    });
    expect(emptied.json()).toEqual([]);
  });

  it('leaves no update loop running behind /addphone, a failed /authcode or a chat-list refresh (regression: disconnect() kept gramjs looping)', async () => {
    const other = await registerAndLogin(t.app);
    const before = fake.updateLoops.size;
    await addPhone('+5511900000001', other); // banned
    await addPhone('+5511900000002', other); // flood wait
    expect(fake.updateLoops.size).toBe(before);
    await addPhone(PHONE, other);
    expect(fake.updateLoops.size).toBe(before);
    expect((await authCode('99999', '', other)).statusCode).toBe(400);
    expect(fake.updateLoops.size).toBe(before);
    expect((await authCode('12345', '', other)).json()).toEqual({ ok: true });
    // The one client that reads the signed-in account.
    expect(fake.updateLoops.size).toBe(before + 1);
    await call(api.resetReader, {}, other);
    await t.app.reader.runOnce();
    expect(fake.updateLoops.size).toBe(before + 1);
    await call(api.deleteReader, {}, other);
    await t.app.reader.runOnce();
    expect(fake.updateLoops.size).toBe(before);
  });

  it('never treats a number without a Telegram account as signed in (regression)', async () => {
    const other = await registerAndLogin(t.app);
    expect((await addPhone('+5511900000004', other)).statusCode).toBe(200);
    const res = await authCode('44444', '', other);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('phone.errors.noAccount');
    expect(await sessionRow(other.userid)).toMatchObject({ status: 'code_sent' });
  });

  it('a session the user ended elsewhere puts "reader disconnected" in the feed (reset and start)', async () => {
    const other = await registerAndLogin(t.app);
    await addPhone(PHONE, other);
    expect((await authCode('12345', '', other)).json()).toEqual({ ok: true });
    const feed = async () =>
      (
        (
          await callAs(t.app, other.cookie, api.tradingActivity, {
            query: { userid: other.userid },
          })
        ).json() as { items: { message: { key: string } }[] }
      ).items.map((i) => i.message.key);
    // Telegram still accepts it: a reset reads the chats, nothing is said.
    await call(api.resetReader, {}, other);
    await t.app.reader.runOnce();
    expect(await feed()).not.toContain('robot.activity.readerDown');
    // The user ends the session from the phone's "active sessions": Telegram refuses it.
    for (const s of [...fake.authorized]) fake.revoke(s);
    await call(api.resetReader, {}, other);
    await t.app.reader.runOnce();
    expect(await status(other)).toMatchObject({
      connected: false,
      phone: null,
      requests: [
        { action: 'reset', status: 'failed' },
        { action: 'reset', status: 'done' },
      ],
    });
    expect(await feed()).toEqual(['robot.activity.readerDown']);
    // The dead session is gone: a server start has nothing to report again.
    await t.app.reader.deps.telegram!.start();
    expect(await feed()).toEqual(['robot.activity.readerDown']);
  });

  it('a server start finds a session ended while the server was down', async () => {
    const other = await registerAndLogin(t.app);
    await addPhone(PHONE, other);
    expect((await authCode('12345', '', other)).json()).toEqual({ ok: true });
    for (const s of [...fake.authorized]) fake.revoke(s);
    // connect() succeeds without asking; the first authorised call is refused.
    await t.app.reader.deps.telegram!.start();
    const feed = (
      (
        await callAs(t.app, other.cookie, api.tradingActivity, {
          query: { userid: other.userid },
        })
      ).json() as { items: { message: { key: string } }[] }
    ).items.map((i) => i.message.key);
    expect(feed).toEqual(['robot.activity.readerDown']);
    expect(await status(other)).toMatchObject({ connected: false });
  });

  it('a session ended elsewhere while connected is found by the periodic check, once', async () => {
    const other = await registerAndLogin(t.app);
    await addPhone(PHONE, other);
    expect((await authCode('12345', '', other)).json()).toEqual({ ok: true });
    const downs = async () =>
      (
        (
          await callAs(t.app, other.cookie, api.tradingActivity, {
            query: { userid: other.userid },
          })
        ).json() as { items: { message: { key: string } }[] }
      ).items.filter((i) => i.message.key === 'robot.activity.readerDown').length;
    clock.now += SESSION_CHECK_MS;
    await t.app.reader.runOnce();
    expect(await downs()).toBe(0);
    for (const s of [...fake.authorized]) fake.revoke(s);
    await t.app.reader.runOnce(); // checked a moment ago: not yet
    expect(await downs()).toBe(0);
    clock.now += SESSION_CHECK_MS;
    await t.app.reader.runOnce();
    expect(await downs()).toBe(1);
    clock.now += SESSION_CHECK_MS;
    await t.app.reader.runOnce();
    expect(await downs()).toBe(1);
  });

  it('answers /addphone and /authcode within seconds with a translated error when Telegram cannot be reached', async () => {
    const other = await registerAndLogin(t.app);
    const unreachable = (res: { statusCode: number; json: () => { error: { code: string } } }) => {
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('phone.errors.unreachable');
    };
    /** Waits (on real I/O) until the request's connect() hangs, then lets its time run out. */
    const timeOut = async () => {
      const hung = fake.hung;
      await untilReached(() => fake.hung > hung, 'connect() hangs');
      await vi.advanceTimersByTimeAsync(INTERACTIVE_TIMEOUT_MS);
    };
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      // gramjs's connect() resolves false when every attempt failed: the later calls would hang.
      fake.online = false;
      unreachable(await addPhone(PHONE, other));
      // A network that drops packets: connect() never answers.
      fake.offlineConnectHangs = true;
      const hanging = addPhone(PHONE, other);
      await timeOut();
      unreachable(await hanging);
      fake.online = true;
      fake.offlineConnectHangs = false;
      expect((await addPhone(PHONE, other)).statusCode).toBe(200);
      fake.online = false;
      unreachable(await authCode('12345', '', other));
      fake.offlineConnectHangs = true;
      const signing = authCode('12345', '', other);
      await timeOut();
      unreachable(await signing);
      // Telegram is back: the code sent before still signs in.
      fake.online = true;
      fake.offlineConnectHangs = false;
      expect((await authCode('12345', '', other)).json()).toEqual({ ok: true });
    } finally {
      fake.online = true;
      fake.offlineConnectHangs = false;
      vi.useRealTimers();
    }
  });

  it('never sends the session string in any answer', () => {
    expect(bodies.join('\n')).not.toMatch(/fake-session|hash-/);
  });
});
