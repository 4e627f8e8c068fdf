import { endpoints as api } from '@app/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { callAs, registerAndLogin, useTestApp } from '../../test/app.ts';
import {
  FakeTelegram,
  GRAMJS_PING_INTERVAL_MS,
  GRAMJS_RECONNECT_GIVE_UP_MS,
  sampleDialogs,
} from '../../test/fake-telegram.ts';
import { untilReached } from '../../test/real-io.ts';
import { subscribe, type Trader } from '../../test/reader.ts';
import {
  CATCH_UP_MIN_GAP_MS,
  CONNECT_TIMEOUT_MS,
  DOWN_GRACE_MS,
  GAP_CHECK_MS,
  RECONNECT_FIRST_MS,
  type TelegramSource,
} from './telegram-source.ts';

// How one account's connection behaves on gramjs 2.26 as it really is (the fake follows its
// source): keep-alive `connected` events every 9 s, connect() resolving false, calls that never
// answer, clients that give up reconnecting, updates Telegram never pushed.
const MINUTE = 60_000;
const T0 = Date.UTC(2026, 4, 12, 17, 0, 0);
const clock = { now: T0 };
const fake = new FakeTelegram();
const t = useTestApp({
  now: () => clock.now,
  telegram: { apiId: 1, apiHash: 'hash', createClient: fake.create },
});
const CHAT = '-1001234567890';
const PHONE_A = '+5511911110001';
const PHONE_B = '+5511911110002';
let a: Trader;
let b: Trader;
let source: TelegramSource;
let nextId = 1_000;

async function connectPhone(who: Trader, phone: string) {
  const call = (e: Parameters<typeof callAs>[2], body: Record<string, unknown>) =>
    callAs(t.app, who.cookie, e, { body: { userid: who.userid, ...body } });
  expect((await call(api.addPhone, { phone })).statusCode).toBe(200);
  expect((await call(api.authCode, { code: '12345', password: '' })).statusCode).toBe(200);
  await subscribe(t.app, who, [{ idNum: CHAT, name: 'Sinais dOuro' }]);
}

beforeAll(async () => {
  fake.accounts.set(PHONE_A, { code: '12345' });
  fake.accounts.set(PHONE_B, { code: '12345' });
  fake.dialogs = sampleDialogs();
  a = await registerAndLogin(t.app);
  b = await registerAndLogin(t.app);
  await connectPhone(a, PHONE_A);
  await connectPhone(b, PHONE_B);
  source = t.app.reader.deps.telegram as TelegramSource;
  await source.close();
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  fake.connectFailures.clear();
  fake.offlineConnectHangs = false;
  fake.online = true;
  fake.calls.length = 0;
});

afterEach(async () => {
  await source.close();
  vi.useRealTimers();
});

/** The bot's stored message ids of the chat, in arrival order. */
async function storedIds(who: Trader): Promise<number[]> {
  const rows = await t.app.deps.db
    .selectFrom('reader_messages')
    .innerJoin('bots', 'bots.id', 'reader_messages.bot_id')
    .select('reader_messages.source_id')
    .where('bots.userid', '=', who.userid)
    .where('reader_messages.channel_id', '=', CHAT)
    .orderBy('reader_messages.id')
    .execute();
  return rows.map((r) => Number(r.source_id));
}

const count = (call: string) => fake.calls.filter((c) => c === call).length;

/** Moves the faked timers on, letting the reader's I/O run between steps. */
async function advance(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  await source.idle();
}

function post(text = 'M5;EURUSD;15:30;PUT'): number {
  nextId += 1;
  fake.post(CHAT, nextId, text, clock.now);
  return nextId;
}

describe('one Telegram account’s connection on gramjs 2.26', () => {
  it('over ten healthy minutes, lists the dialogs once per account, not at every keep-alive `connected`', async () => {
    await source.start();
    await source.idle();
    expect(count('getDialogs')).toBe(2); // the start-up catch-up of each account
    const keepAlives = fake.keepAliveConnected;
    await advance(10 * MINUTE);
    // The keep-alives dispatched `connected` about 66 times per account meanwhile, as gramjs does.
    expect(fake.keepAliveConnected - keepAlives).toBeGreaterThan(
      2 * (Math.floor((10 * MINUTE) / GRAMJS_PING_INTERVAL_MS) - 2),
    );
    expect(count('getDialogs')).toBeLessThanOrEqual(2 * 2);
    // And it still reads live.
    const id = post();
    await source.idle();
    expect(await storedIds(a)).toContain(id);
  });

  it('catches up after a real reconnection, at most once a minute, never two at once', async () => {
    await source.start();
    await source.idle();
    const before = count('getDialogs');
    // Three drops within a minute: the first reconnection catches up at once...
    fake.goOffline();
    const missed1 = post();
    fake.goOnline();
    await source.idle();
    expect(count('getDialogs')).toBe(before); // inside the minute of the start-up catch-up
    await advance(CATCH_UP_MIN_GAP_MS);
    expect(count('getDialogs')).toBe(before + 2);
    expect(await storedIds(a)).toContain(missed1);
    // ...the next two are one catch-up, a minute after the last one.
    fake.goOffline();
    const missed2 = post();
    fake.goOnline();
    await advance(10_000);
    fake.goOffline();
    const missed3 = post();
    fake.goOnline();
    await advance(10_000);
    expect(count('getDialogs')).toBe(before + 2);
    await advance(CATCH_UP_MIN_GAP_MS);
    expect(count('getDialogs')).toBe(before + 4);
    expect(await storedIds(a)).toEqual(expect.arrayContaining([missed2, missed3]));

    // A catch-up sleeping through a flood wait on the dialogs is not joined by a second one.
    await advance(CATCH_UP_MIN_GAP_MS);
    fake.goOffline();
    fake.dialogsFloodWaits.push(50, 50);
    const slept = fake.slept.length;
    fake.goOnline();
    await untilReached(() => fake.slept.length === slept + 2, 'both catch-ups sleep');
    const during = count('getDialogs');
    fake.goOffline();
    fake.goOnline();
    await vi.advanceTimersByTimeAsync(40_000);
    expect(count('getDialogs')).toBe(during);
    await advance(2 * MINUTE);
    expect(fake.slept.filter((s) => s === 50)).toHaveLength(2);
    // The drop during the sleep is caught up after it, a minute after the last one started.
    expect(count('getDialogs')).toBe(during + 2);
  });

  it('finds a message Telegram never pushed while connected, by a slow periodic check', async () => {
    await source.start();
    await source.idle();
    nextId += 1;
    const lost = nextId;
    fake.postUnpushed(CHAT, lost, 'M5;GBPUSD;15:45;CALL', clock.now);
    await advance(GAP_CHECK_MS - 1_000);
    expect(await storedIds(a)).not.toContain(lost);
    await advance(1_000);
    await advance(CATCH_UP_MIN_GAP_MS);
    expect(await storedIds(a)).toContain(lost);
    expect(await storedIds(b)).toContain(lost);
    // A few calls an hour per account: one check every GAP_CHECK_MS, one catch-up for the gap.
    const checks = count('getPeerDialogs');
    expect(checks).toBeGreaterThanOrEqual(2);
    expect(checks).toBeLessThanOrEqual(
      2 * Math.ceil((GAP_CHECK_MS + CATCH_UP_MIN_GAP_MS) / GAP_CHECK_MS),
    );
  });

  it('an account whose connect() resolves false fails alone and is connected again later', async () => {
    fake.connectFailures.set(PHONE_A, 'false');
    await source.start();
    await source.idle();
    const id = post();
    await source.idle();
    expect(await storedIds(b)).toContain(id);
    expect(await storedIds(a)).not.toContain(id);
    fake.connectFailures.clear();
    await advance(RECONNECT_FIRST_MS);
    // Connected again and caught up: the message it missed is read.
    expect(await storedIds(a)).toContain(id);
  });

  it('an account whose connect() never answers does not hold start() or the others', async () => {
    fake.connectFailures.set(PHONE_A, 'hang');
    let started = false;
    const hung = fake.hung;
    void source.start().then(() => {
      started = true;
    });
    // A's connect() hangs; B is connected meanwhile (its start-up catch-up lists its dialogs).
    await untilReached(
      () => fake.hung > hung && count('getDialogs') === 1,
      'A hangs while B is connected',
    );
    await source.idle();
    const id = post();
    await source.idle();
    expect(await storedIds(b)).toContain(id);
    await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS);
    await untilReached(() => started, 'start() is done');
    // The session checks of the reader's pass never wait on it either.
    await source.checkSessions();
    fake.connectFailures.clear();
    await advance(RECONNECT_FIRST_MS);
    expect(await storedIds(a)).toContain(id);
  });

  it('replaces a client that gave up reconnecting after a long outage', async () => {
    await source.start();
    await source.idle();
    fake.goOffline();
    await vi.advanceTimersByTimeAsync(GRAMJS_RECONNECT_GIVE_UP_MS);
    const id = post();
    fake.goOnline(); // gramjs's client is dead: it will never report `connected` again
    await advance(DOWN_GRACE_MS);
    await advance(RECONNECT_FIRST_MS);
    expect(await storedIds(a)).toContain(id);
    const live = post();
    await source.idle();
    expect(await storedIds(a)).toContain(live);
  });

  it('the live reader sleeps through flood waits up to gramjs’s 60 s, also right after /authcode', async () => {
    const c = await registerAndLogin(t.app);
    fake.accounts.set('+5511911110003', { code: '12345' });
    vi.useRealTimers();
    await connectPhone(c, '+5511911110003');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const live = post(); // read live: the chat's cursor starts there
    await source.idle();
    expect(await storedIds(c)).toEqual([live]);
    fake.goOffline();
    const missed = post();
    fake.historyFloodWaits.push(20);
    fake.goOnline();
    await untilReached(() => fake.slept.includes(20), 'the catch-up sleeps through 20 s');
    await advance(20_000);
    expect(await storedIds(c)).toEqual([live, missed]);
  });
});
