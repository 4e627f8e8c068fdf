import { endpoints as api } from '@app/contract';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callAs, registerAndLogin, useTestApp } from '../../test/app.ts';
import { FakeTelegram, sampleDialogs } from '../../test/fake-telegram.ts';
import { subscribe, type Trader } from '../../test/reader.ts';
import { ROBOT_PARTITIONS } from '../../robot/partitions.ts';
import { createTelegramSource, SESSION_SYNC_MS, type TelegramSource } from './telegram-source.ts';

// The Telegram accounts follow the reader's partitions (the account's bot, the room owner, as
// its room): a reader connects the accounts of the partitions it holds, lets go of those it gave
// up, and a server whose readers run in the workers keeps no live client after a sign-in.
const T0 = Date.UTC(2026, 4, 12, 17, 0, 0);
const clock = { now: T0 };
const fake = new FakeTelegram();
const t = useTestApp({
  now: () => clock.now,
  telegram: { apiId: 1, apiHash: 'hash', createClient: fake.create },
});
const CHAT = '-1001234567890';
let a: Trader;
let b: Trader;
let ids: { a: number; b: number };
let nextId = 5_000;
const sources: TelegramSource[] = [];

async function botIdOf(who: Trader): Promise<number> {
  const row = await t.app.deps.db
    .selectFrom('bots')
    .select('id')
    .where('userid', '=', who.userid)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function connectPhone(who: Trader, phone: string) {
  fake.accounts.set(phone, { code: '12345' });
  const call = (e: Parameters<typeof callAs>[2], body: Record<string, unknown>) =>
    callAs(t.app, who.cookie, e, { body: { userid: who.userid, ...body } });
  expect((await call(api.addPhone, { phone })).statusCode).toBe(200);
  expect((await call(api.authCode, { code: '12345', password: '' })).statusCode).toBe(200);
  await subscribe(t.app, who, [{ idNum: CHAT, name: 'Sinais dOuro' }]);
}

/** Posts to the followed chat; the bots whose account is connected store it. */
async function postAndSee(source: TelegramSource): Promise<Set<number>> {
  nextId += 1;
  fake.post(CHAT, nextId, 'M5;EURUSD;15:30;PUT', clock.now);
  await source.idle();
  const rows = await t.app.deps.db
    .selectFrom('reader_messages')
    .select('bot_id')
    .where('source_id', '=', String(nextId))
    .execute();
  return new Set(rows.map((r) => Number(r.bot_id)));
}

function partitionedSource(held: { now: number[] }, keepLive = true): TelegramSource {
  const source = createTelegramSource({
    db: t.app.deps.db,
    now: () => clock.now,
    secrets: t.app.deps.secrets,
    credentials: { apiId: 1, apiHash: 'hash' },
    createClient: fake.create,
    onDelivered: () => undefined,
    partitions: () => held.now,
    keepLive,
  });
  sources.push(source);
  return source;
}

beforeAll(async () => {
  fake.dialogs = sampleDialogs();
  a = await registerAndLogin(t.app);
  b = await registerAndLogin(t.app);
  await connectPhone(a, '+5511911120001');
  await connectPhone(b, '+5511911120002');
  await (t.app.reader.deps.telegram as TelegramSource).close();
  ids = { a: await botIdOf(a), b: await botIdOf(b) };
  expect(ids.a % ROBOT_PARTITIONS).not.toBe(ids.b % ROBOT_PARTITIONS);
});

afterEach(async () => {
  for (const s of sources.splice(0)) await s.close();
});

describe("a partitioned reader's Telegram accounts", () => {
  it('connects the accounts of the partitions it holds, and follows them when they move', async () => {
    const held = { now: [ids.a % ROBOT_PARTITIONS] };
    const source = partitionedSource(held);
    await source.start();
    expect(await postAndSee(source)).toEqual(new Set([ids.a]));

    // The partitions moved (a take-over, a rebalance): b's account comes, a's goes.
    held.now = [ids.b % ROBOT_PARTITIONS];
    await source.sync();
    expect(await postAndSee(source)).toEqual(new Set([ids.b]));

    held.now = [ids.a % ROBOT_PARTITIONS, ids.b % ROBOT_PARTITIONS];
    await source.sync();
    expect(await postAndSee(source)).toEqual(new Set([ids.a, ids.b]));
    // Looked at again every SESSION_SYNC_MS (a sign-in on the server): the live ones stay.
    clock.now += SESSION_SYNC_MS;
    await source.sync();
    expect(await postAndSee(source)).toEqual(new Set([ids.a, ids.b]));
  });

  it('keeps no live client after a chat-list refresh where the readers run in the workers', async () => {
    const source = partitionedSource({ now: [] }, false);
    await source.start();
    await source.refresh({ id: ids.a, userid: a.userid, traderid: a.userid, account_id: 0 });
    expect(await postAndSee(source)).toEqual(new Set());
  });
});
