import { endpoints as api } from '@app/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { callAs, registerAndLogin, useTestApp } from '../../test/app.ts';
import { FakeTelegram, sampleDialogs } from '../../test/fake-telegram.ts';
import { signalsOf, subscribe, type Trader } from '../../test/reader.ts';
import { untilReached } from '../../test/real-io.ts';
import { CATCH_UP_MIN_GAP_MS, RECONNECT_FIRST_MS, type TelegramSource } from './telegram-source.ts';

// Messages posted while the account's connection or the server was down are read when it is
// back (gramjs 2.26's catchUp() is empty: nothing else would read them), through the reader's
// own path, once each, and judged as of when they were posted: none is traded late.
const MINUTE = 60_000;
// 14:00 in Brasília.
const T0 = Date.UTC(2026, 4, 12, 17, 0, 0);
const clock = { now: T0 };
const fake = new FakeTelegram();
const t = useTestApp({
  now: () => clock.now,
  telegram: { apiId: 1, apiHash: 'hash', createClient: fake.create },
});
const CHAT = '-1001234567890';
const PHONE = '+5511999998888';
let me: Trader;
let source: TelegramSource;

beforeAll(async () => {
  fake.accounts.set(PHONE, { code: '12345' });
  fake.dialogs = sampleDialogs();
  me = await registerAndLogin(t.app);
  const call = (e: Parameters<typeof callAs>[2], body: Record<string, unknown>) =>
    callAs(t.app, me.cookie, e, { body: { userid: me.userid, ...body } });
  expect((await call(api.addPhone, { phone: PHONE })).statusCode).toBe(200);
  expect((await call(api.authCode, { code: '12345', password: '' })).statusCode).toBe(200);
  await subscribe(t.app, me, [{ idNum: CHAT, name: 'Sinais dOuro' }]);
  source = t.app.reader.deps.telegram as TelegramSource;
});

afterEach(() => {
  vi.useRealTimers();
});

/**
 * The reader restarted under faked timers (its timers belong to the clock they were set on), and
 * the minute of its start-up catch-up run out, so the next reconnection catches up at once.
 */
async function restartUnderFakedTimers(): Promise<void> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  await source.close();
  await source.start();
  await source.idle();
  await vi.advanceTimersByTimeAsync(CATCH_UP_MIN_GAP_MS);
}

/** The chat's messages the reader holds: the app's id, and when they reached the chat. */
async function stored() {
  const rows = await t.app.deps.db
    .selectFrom('reader_messages')
    .select(['source_id', 'received_at'])
    .where('channel_id', '=', CHAT)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: Number(r.source_id), receivedAt: Number(r.received_at) }));
}

const storedIds = async () => (await stored()).map((m) => m.id);

/**
 * Waits (on real I/O, not on the faked timers) until a catch-up sleeps through a flood wait of
 * `seconds`: the database may be a server, so the catch-up gets there in its own time.
 */
async function sleepingThrough(seconds: number): Promise<void> {
  await untilReached(() => fake.slept.at(-1) === seconds, `sleeping through ${seconds} s`);
}

/** What the trader sees of each line: asset, accepted or the reason it was not. */
async function lines() {
  await t.app.reader.runOnce();
  return (await signalsOf(t.app, me, CHAT))
    .map((s) => `${String(s.asset)} ${String(s.status)} ${String(s.reason ?? '')}`.trim())
    .sort();
}

describe('catching up a Telegram account’s followed chats', () => {
  it('reads after a restart what was posted while the server was down: still-due signals accepted, passed ones too late, none twice', async () => {
    fake.post(CHAT, 500, 'M5;EURUSD;14:30;PUT', T0);
    await source.idle();
    expect(await stored()).toEqual([{ id: 500, receivedAt: T0 }]);
    expect(await lines()).toEqual(['EURUSD accepted']);

    await source.close(); // the server goes down
    fake.post(CHAT, 501, 'M5;GBPUSD;14:40;CALL', T0 + 2 * MINUTE);
    fake.post(CHAT, 502, 'EURJPY CALL M1 agora', T0 + 3 * MINUTE);
    fake.post(CHAT, 503, 'M1;USDJPY;14:05;PUT', T0 + 4 * MINUTE);
    fake.post(CHAT, 504, 'WIN ✅', T0 + 5 * MINUTE);

    clock.now = T0 + 10 * MINUTE; // 14:10: restarted
    await source.start();
    await source.idle();
    // Each message once (500 was already stored), dated when it was posted.
    expect(await stored()).toEqual([
      { id: 500, receivedAt: T0 },
      { id: 501, receivedAt: T0 + 2 * MINUTE },
      { id: 502, receivedAt: T0 + 3 * MINUTE },
      { id: 503, receivedAt: T0 + 4 * MINUTE },
      { id: 504, receivedAt: T0 + 5 * MINUTE },
    ]);
    // 14:40 is still ahead: taken as if read live. "Agora" meant 14:03, and 14:05 has passed:
    // neither is traded now. The result post is no signal. EURUSD is not read twice.
    expect(await lines()).toEqual([
      'EURJPY rejected too_late',
      'EURUSD accepted',
      'GBPUSD accepted',
      'USDJPY rejected too_late',
      'null rejected result_post',
    ]);
    // Another restart fetches nothing new and stores nothing twice.
    await source.close();
    await source.start();
    await source.idle();
    expect(await stored()).toHaveLength(5);
  });

  it('catches up when gramjs reconnects after a drop, a minute after the last catch-up at the soonest', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // Restarted under the faked clock: the start-up catch-up runs now.
    await source.close();
    await source.start();
    await source.idle();
    clock.now = T0 + 20 * MINUTE; // 14:20
    fake.goOffline();
    fake.post(CHAT, 505, 'M5;AUDUSD;14:50;PUT', clock.now);
    fake.post(CHAT, 506, 'M5;NZDUSD;14:55;CALL', clock.now + 1_000);
    await source.idle();
    expect(await stored()).toHaveLength(5);
    fake.goOnline();
    await source.idle();
    expect(await stored()).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(CATCH_UP_MIN_GAP_MS);
    await source.idle();
    expect(await storedIds()).toEqual([500, 501, 502, 503, 504, 505, 506]);
    const caught = (await lines()).filter((l) => l.startsWith('AUDUSD') || l.startsWith('NZDUSD'));
    expect(caught).toEqual(['AUDUSD accepted', 'NZDUSD accepted']);
  });

  it('waits out a flood wait above gramjs’s threshold, then catches up the gap a live message arrived after; sleeps through a short one', async () => {
    await restartUnderFakedTimers();
    clock.now = T0 + 30 * MINUTE; // 14:30
    fake.goOffline();
    fake.post(CHAT, 507, 'M5;EURGBP;15:00;PUT', clock.now);
    fake.historyFloodWaits.push(90);
    fake.goOnline();
    await source.idle();
    expect(await storedIds()).not.toContain(507);
    // A live message during the wait is stored, and does not mark 507 as read.
    fake.post(CHAT, 508, 'M5;EURAUD;15:05;CALL', clock.now);
    await source.idle();
    expect((await storedIds()).slice(-1)).toEqual([508]);
    await vi.advanceTimersByTimeAsync(89_000);
    await source.idle();
    expect(await storedIds()).not.toContain(507);
    await vi.advanceTimersByTimeAsync(1_000);
    await source.idle();
    expect((await storedIds()).slice(-2)).toEqual([508, 507]);

    fake.goOffline();
    fake.post(CHAT, 509, 'M5;EURCHF;15:05;CALL', clock.now);
    fake.historyFloodWaits.push(20);
    fake.goOnline();
    await vi.advanceTimersByTimeAsync(CATCH_UP_MIN_GAP_MS); // a minute after the last one
    await sleepingThrough(20);
    await vi.advanceTimersByTimeAsync(20_000);
    await source.idle();
    expect(await storedIds()).toContain(509);
  });

  it('connects again, and catches up, an account whose connection failed at start', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await source.close();
    clock.now = T0 + 40 * MINUTE; // 14:40: the server starts with the network down
    fake.goOffline();
    const loops = fake.updateLoops.size;
    await source.start();
    expect(fake.updateLoops.size).toBe(loops); // the failed client was not left behind
    fake.post(CHAT, 510, 'M5;USDCAD;15:10;PUT', clock.now);
    fake.goOnline();
    await vi.advanceTimersByTimeAsync(RECONNECT_FIRST_MS - 1_000);
    await source.idle();
    expect(await storedIds()).not.toContain(510);
    await vi.advanceTimersByTimeAsync(1_000);
    await source.idle();
    expect(await storedIds()).toContain(510);
  });

  it('shuts down at once while a catch-up sleeps through a flood wait, and reads its messages after the restart', async () => {
    await restartUnderFakedTimers();
    clock.now = T0 + 50 * MINUTE; // 14:50
    fake.goOffline();
    fake.post(CHAT, 511, 'M5;GBPJPY;15:20;PUT', clock.now);
    fake.historyFloodWaits.push(50); // below gramjs's 60 s: it sleeps
    fake.goOnline();
    await sleepingThrough(50);
    let closed = false;
    void source.close().then(() => {
      closed = true;
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(closed).toBe(true);
    // The sleeping catch-up wakes after the shutdown and stores nothing.
    await vi.advanceTimersByTimeAsync(50_000);
    await source.idle();
    expect(await storedIds()).not.toContain(511);
    await source.start();
    await source.idle();
    expect(await storedIds()).toContain(511);
  });
});
