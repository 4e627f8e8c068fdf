import { endpoints as api } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { callAs, registerAndLogin, useTestApp } from '../../test/app.ts';
import { createChannel, post, signalsOf, subscribe, type Trader } from '../../test/reader.ts';

const T0 = Date.UTC(2026, 4, 12, 17, 0, 0);
const t = useTestApp({ now: () => T0 });

let me: Trader;
let vip: string;
let free: string;
beforeAll(async () => {
  me = await registerAndLogin(t.app);
  vip = await createChannel(t.app, me, 'VIP');
  free = await createChannel(t.app, me, 'Free');
});

const chatList = (who: Trader, traderid = who.userid) =>
  callAs(t.app, who.cookie, api.getChatList, { query: { userid: who.userid, traderid } });
const groups = (who: Trader, traderid = who.userid) =>
  callAs(t.app, who.cookie, api.getGroups, { query: { userid: who.userid, traderid } });
const cardCount = () => t.app.deps.db.selectFrom('channel_cards').select('id_num').execute();

describe('GET /api/getchatlist and POST /api/savelist', () => {
  it('offers the local channels, saves the choice and shows it selected', async () => {
    expect((await chatList(me)).json()).toEqual([
      { chid: vip, chname: 'VIP', selected: false, source: 'inbox' },
      { chid: free, chname: 'Free', selected: false, source: 'inbox' },
    ]);
    await subscribe(t.app, me, [{ idNum: vip, name: "V'IP" }]);
    expect((await chatList(me)).json()).toEqual([
      { chid: vip, chname: 'VIP', selected: true, source: 'inbox' },
      { chid: free, chname: 'Free', selected: false, source: 'inbox' },
    ]);
    // The chosen chat got a default card, its name without the apostrophe.
    expect((await groups(me)).json()).toMatchObject([
      { idNum: vip, name: 'VIP', chanEnable: true, signaltype: 1, delaysig: 1, timezone: -3 },
    ]);
  });

  it('refuses a chat no source offers with 400 and keeps the saved list', async () => {
    const res = await callAs(t.app, me.cookie, api.saveChatList, {
      query: { userid: me.userid },
      body: [{ name: 'Ghost', idNum: '-100999', userid: me.userid }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('channels.errors.unknownChannel');
    expect((await chatList(me)).json()).toContainEqual(
      expect.objectContaining({ chid: vip, selected: true }),
    );
  });

  it("answers 403 for another account's bot and for rooms it does not copy", async () => {
    const other = await registerAndLogin(t.app);
    const theirs = await callAs(t.app, other.cookie, api.getChatList, {
      query: { userid: me.userid, traderid: me.userid },
    });
    expect(theirs.statusCode).toBe(403);
    const notCopied = await chatList(other, me.userid);
    expect(notCopied.statusCode).toBe(403);
    expect(notCopied.json().error.code).toBe('errors.forbidden');
  });

  it('updates the list from the sources (trader only)', async () => {
    const res = await callAs(t.app, me.cookie, api.updateChatList, { body: { userid: me.userid } });
    expect(res.json()).toEqual({ ok: true });
  });
});

describe('POST /api/savegroup and /api/chanremove', () => {
  it('saves a card and reads it back', async () => {
    const [card] = (await groups(me)).json() as Record<string, unknown>[];
    const changed = {
      ...card,
      lote: 5,
      galenum: 2,
      galefat: 2.2,
      wordfilter: 'vip;sinal',
      delaysig: 1.5,
      signaltype: 6,
    };
    const res = await callAs(t.app, me.cookie, api.saveGroup, { body: changed });
    expect(res.json()).toEqual({ ok: true });
    expect((await groups(me)).json()).toEqual([changed]);
  });

  it.each([
    [{ delaysig: 0 }, 'channels.errors.delayPositive', 'delaysig'],
    [{ wordfilter: 'vip,sinal' }, 'channels.errors.useSemicolon', 'wordfilter'],
    [{ lote: -1 }, 'channels.errors.noNegative', 'lote'],
  ])('refuses %j with 400 %s and changes nothing', async (change, code, field) => {
    const before = (await groups(me)).json() as Record<string, unknown>[];
    const res = await callAs(t.app, me.cookie, api.saveGroup, {
      body: { ...before[0], ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code, fields: { [field]: code } });
    expect((await groups(me)).json()).toEqual(before);
  });

  it('answers 404 for a chat that is not in the list, saving nothing', async () => {
    const [card] = (await groups(me)).json() as Record<string, unknown>[];
    const before = await cardCount();
    const res = await callAs(t.app, me.cookie, api.saveGroup, { body: { ...card, idNum: free } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('channels.errors.unknownChannel');
    expect(await cardCount()).toEqual(before);
  });

  it('removes a channel from the list with its card', async () => {
    const extra = await createChannel(t.app, me, 'Extra');
    await subscribe(t.app, me, [
      { idNum: vip, name: 'VIP' },
      { idNum: extra, name: 'Extra' },
    ]);
    const res = await callAs(t.app, me.cookie, api.removeChannel, {
      body: { userid: me.userid, traderid: me.userid, idNum: extra },
    });
    expect(res.json()).toEqual({ ok: true });
    expect(((await groups(me)).json() as { idNum: string }[]).map((c) => c.idNum)).toEqual([vip]);
    const again = await callAs(t.app, me.cookie, api.removeChannel, {
      body: { userid: me.userid, traderid: me.userid, idNum: extra },
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('POST /api/copyid (copy rooms) and the trader-only rules of SPEC §6', () => {
  const copyRoomsOf = (who: Trader, traderid: string) =>
    callAs(t.app, who.cookie, api.copyRooms, { body: { userid: who.userid, traderid } });
  /** The follower asks to follow `me` (copy trading) and `me` answers. */
  const followMe = async (follower: Trader, accept: boolean) => {
    await callAs(t.app, follower.cookie, api.requestCopy, {
      body: { userid: follower.userid, traderid: me.userid, userName: 'Follower' },
    });
    const answered = await callAs(t.app, me.cookie, api.answerRequest, {
      body: { userid: me.userid, followerid: follower.userid, product: 'copy', accept },
    });
    expect(answered.statusCode, answered.body).toBe(200);
  };

  it("answers one 404 for an unknown id and a trader who has not accepted, and shows no room (regression: anyone read a trader's rooms)", async () => {
    const stranger = await registerAndLogin(t.app);
    const unknown = await copyRoomsOf(stranger, '5550001112223');
    const notAccepted = await copyRoomsOf(stranger, me.userid);
    expect(unknown.statusCode).toBe(404);
    expect(notAccepted.statusCode).toBe(404);
    expect(notAccepted.json()).toEqual(unknown.json());
    expect(unknown.json().error.code).toBe('copyRooms.errors.notAccepted');
    // Nothing of the trader's rooms reaches the stranger, by the list, the cards or its reader.
    expect((await chatList(stranger, me.userid)).statusCode).toBe(403);
    expect((await groups(stranger, me.userid)).statusCode).toBe(403);

    // A pending request is not enough; a refused one neither.
    await followMe(stranger, false);
    expect((await copyRoomsOf(stranger, me.userid)).json()).toEqual(unknown.json());
  });

  it('stops reading the trader’s rooms once the trader ends the follow', async () => {
    const follower = await registerAndLogin(t.app);
    await followMe(follower, true);
    expect((await copyRoomsOf(follower, me.userid)).statusCode).toBe(200);
    expect((await chatList(follower, me.userid)).json()).toContainEqual(
      expect.objectContaining({ chid: vip }),
    );
    const ended = await callAs(t.app, me.cookie, api.removeFollower, {
      body: { userid: me.userid, traderid: follower.userid },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await chatList(follower, me.userid)).json()).toEqual([]);
    expect((await groups(follower, me.userid)).json()).toEqual([]);
  });

  it('lets a follower read the trader’s chat list and cards, and its reader follows them', async () => {
    const follower = await registerAndLogin(t.app);
    await followMe(follower, true);
    const res = await callAs(t.app, follower.cookie, api.copyRooms, {
      body: { userid: follower.userid, traderid: me.userid },
    });
    expect(res.json()).toEqual({ ok: true });
    const session = await callAs(t.app, follower.cookie, { method: 'GET', path: '/session' });
    expect(JSON.stringify(session.json())).toContain(me.userid);

    expect((await chatList(follower, me.userid)).json()).toContainEqual(
      expect.objectContaining({ chid: vip, selected: true }),
    );
    const cards = (await groups(follower, me.userid)).json() as Record<string, unknown>[];
    expect(cards).toMatchObject([{ idNum: vip, traderid: me.userid, userid: follower.userid }]);

    // SPEC §6: only a trader saves the list, saves a card, removes a room.
    const save = await callAs(t.app, follower.cookie, api.saveChatList, {
      query: { userid: follower.userid },
      body: [{ name: 'VIP', idNum: vip, userid: follower.userid }],
    });
    expect(save.json().error.code).toBe('channels.errors.traderOnlySave');
    const update = await callAs(t.app, follower.cookie, api.updateChatList, {
      body: { userid: follower.userid },
    });
    expect(update.json().error.code).toBe('channels.errors.traderOnlySave');
    const card = await callAs(t.app, follower.cookie, api.saveGroup, { body: cards[0] });
    expect(card.statusCode).toBe(403);
    expect(card.json().error.code).toBe('channels.errors.notTrader');
    const remove = await callAs(t.app, follower.cookie, api.removeChannel, {
      body: { userid: follower.userid, traderid: me.userid, idNum: vip },
    });
    expect(remove.json().error.code).toBe('channels.errors.traderOnlyRemove');
    expect((await groups(me)).json()).toHaveLength(1);

    // The trader's channel reaches the follower's reader.
    await post(t.app, me, vip, 'VIP sinal EURUSD;14:30;PUT;M5');
    await t.app.reader.runOnce();
    expect(await signalsOf(t.app, follower)).toMatchObject([
      { channelId: vip, channelName: 'VIP', status: 'accepted', asset: 'EURUSD' },
    ]);
  });
});
