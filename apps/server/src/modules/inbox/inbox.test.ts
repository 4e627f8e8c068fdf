import { endpoints as api } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { callAs, registerAndLogin, useTestApp } from '../../test/app.ts';
import { createChannel, post, subscribe, type Trader } from '../../test/reader.ts';

const T0 = Date.UTC(2026, 4, 12, 17, 0, 0);
const t = useTestApp({ now: () => T0 });

let me: Trader;
beforeAll(async () => {
  me = await registerAndLogin(t.app);
});

const list = (who: Trader) =>
  callAs(t.app, who.cookie, api.listInboxChannels, { query: { userid: who.userid } });
const messageCount = () =>
  t.app.deps.db
    .selectFrom('reader_messages')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));

describe('local inbox channels', () => {
  it('creates, lists with message counts, and posts', async () => {
    const res = await callAs(t.app, me.cookie, api.createInboxChannel, {
      body: { userid: me.userid, name: '  Sala Ouro ' },
    });
    expect(res.json()).toEqual({
      idNum: expect.stringMatching(/^inbox-\d+$/),
      name: 'Sala Ouro',
      createdAt: T0,
      messageCount: 0,
    });
    const { idNum } = res.json() as { idNum: string };
    const id = await post(t.app, me, idNum, 'M5;EURUSD;14:30;PUT');
    expect(id).toBeGreaterThan(0);
    expect((await list(me)).json()).toEqual([
      { idNum, name: 'Sala Ouro', createdAt: T0, messageCount: 1 },
    ]);
  });

  it('refuses a name the bot already has with 409', async () => {
    const res = await callAs(t.app, me.cookie, api.createInboxChannel, {
      body: { userid: me.userid, name: 'Sala Ouro' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('inbox.errors.nameTaken');
    expect((await list(me)).json()).toHaveLength(1);
  });

  it.each([
    [{ name: '   ' }, 'inbox.errors.nameRequired'],
    [{ name: 'x'.repeat(65) }, 'inbox.errors.nameTooLong'],
  ])('refuses %j with 400 and creates nothing', async (body, code) => {
    const res = await callAs(t.app, me.cookie, api.createInboxChannel, {
      body: { userid: me.userid, ...body },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.name).toBe(code);
    expect((await list(me)).json()).toHaveLength(1);
  });

  it('refuses an empty message and a channel of another bot, storing nothing', async () => {
    const idNum = ((await list(me)).json() as { idNum: string }[])[0]?.idNum ?? '';
    const before = await messageCount();
    const empty = await callAs(t.app, me.cookie, api.postInboxMessage, {
      body: { userid: me.userid, idNum, text: ' \n ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.text).toBe('inbox.errors.textRequired');

    const other = await registerAndLogin(t.app);
    const foreign = await callAs(t.app, other.cookie, api.postInboxMessage, {
      body: { userid: other.userid, idNum, text: 'EURUSD;14:30;PUT' },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('inbox.errors.unknownChannel');
    const theirs = await callAs(t.app, other.cookie, api.postInboxMessage, {
      body: { userid: me.userid, idNum, text: 'EURUSD;14:30;PUT' },
    });
    expect(theirs.statusCode).toBe(403);
    expect(await messageCount()).toBe(before);
  });

  it('removes a channel with its messages, its place in the chat list and its card', async () => {
    const idNum = await createChannel(t.app, me, 'Temp');
    await subscribe(t.app, me, [{ idNum, name: 'Temp' }]);
    await post(t.app, me, idNum, 'hello');
    const res = await callAs(t.app, me.cookie, api.removeInboxChannel, {
      body: { userid: me.userid, idNum },
    });
    expect(res.json()).toEqual({ ok: true });
    expect(((await list(me)).json() as { idNum: string }[]).map((c) => c.idNum)).not.toContain(
      idNum,
    );
    const left = await t.app.deps.db
      .selectFrom('channel_cards')
      .select('id_num')
      .where('id_num', '=', idNum)
      .execute();
    expect(left).toEqual([]);
    const groups = await callAs(t.app, me.cookie, api.getGroups, {
      query: { userid: me.userid, traderid: me.userid },
    });
    expect(groups.json()).toEqual([]);
  });
});
