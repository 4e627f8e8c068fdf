import {
  endpoints as api,
  type IncomingRequest,
  type OwnFollow,
  type TraderFollow,
} from '@app/contract';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callAs, useTestApp } from '../../test/app.ts';
import { copyActor, expectError, type CopyActor } from '../../test/copy.ts';
import { acceptedFollowersForFanOut } from '../../robot/copy/followers.ts';
import { isExpired } from './copy-trader.repository.ts';

const clock = { now: Date.UTC(2026, 0, 10, 12) };
const t = useTestApp({ now: () => clock.now });

type Actor = CopyActor;
const actor = () => copyActor(t.app);

let trader: Actor;
let follower: Actor;
let other: Actor;
beforeAll(async () => {
  [trader, follower, other] = [await actor(), await actor(), await actor()];
});
beforeEach(async () => {
  await t.app.deps.db.deleteFrom('copy_follows').execute();
});

/** The trader's accepted followers of a product, as the fan-out reads them (expired ones too). */
const acceptedRows = async (product: 'copy' | 'meta') =>
  (await acceptedFollowersForFanOut(t.app.deps.db, trader.botId, product, clock.now)).rows;

const request = (who: Actor, traderid: string, userName = 'Ana', e = api.requestCopy) =>
  callAs(t.app, who.cookie, e, { body: { userid: who.userid, traderid, userName } });
const incoming = async (who = trader) =>
  (
    await callAs(t.app, who.cookie, api.getIncomingRequests, { query: { userid: who.userid } })
  ).json() as IncomingRequest[];
const answer = (followerid: string, accept: boolean, product: 'copy' | 'meta' = 'copy') =>
  callAs(t.app, trader.cookie, api.answerRequest, {
    body: { userid: trader.userid, followerid, product, accept },
  });
const myFollows = async (who = follower) =>
  (
    await callAs(t.app, who.cookie, api.getOwnFollows, { query: { userid: who.userid } })
  ).json() as OwnFollow[];
const copyCards = async (who = follower) =>
  (
    await callAs(t.app, who.cookie, api.getFollowedTraders, { query: { userid: who.userid } })
  ).json() as TraderFollow[];
const followers = async (e = api.getFollowers) =>
  (await callAs(t.app, trader.cookie, e, { query: { userid: trader.userid } })).json() as {
    id: string;
    name: string;
    expCopy: number;
  }[];

/** A follower accepted by the trader, through the API. */
async function accepted(who = follower, product: 'copy' | 'meta' = 'copy') {
  const e = product === 'copy' ? api.requestCopy : api.requestMeta;
  expect((await request(who, trader.userid, 'Ana', e)).statusCode).toBe(200);
  expect((await answer(who.userid, true, product)).statusCode).toBe(200);
}

function traderSave(over: Partial<TraderFollow> = {}): TraderFollow {
  return {
    traderEna: true,
    acptdemo: true,
    traderID: trader.userid,
    maxTrades: 5,
    signalType: 8,
    delaysig: 2,
    brokerID: 1,
    minStake: 1,
    maxStake: 50,
    lote: 2.5,
    loteType: 2,
    userid: follower.userid,
    ...over,
  };
}

describe('follow requests (POST /api/copytradereq, /api/metaidreq)', () => {
  it('creates a pending request the trader sees, with the name kept to letters and digits', async () => {
    const res = await request(follower, trader.userid, '  Ana Maria-2! ');
    expect(res.statusCode, res.body).toBe(200);
    expect(await incoming()).toEqual([
      { id: follower.userid, name: 'AnaMaria2', product: 'copy', requestedAt: clock.now },
    ]);
    const [mine] = await myFollows();
    expect(mine).toMatchObject({
      traderid: trader.userid,
      product: 'copy',
      state: 'pending',
      expCopy: 0,
      expired: false,
      decidedAt: null,
    });
    // Nothing is copied while pending.
    expect(await acceptedRows('copy')).toEqual([]);
    expect(await followers()).toEqual([]);
  });

  it('keeps the MetaCopy name as typed (trimmed)', async () => {
    await request(follower, trader.userid, ' Ana Maria ', api.requestMeta);
    expect((await incoming())[0]).toMatchObject({ name: 'Ana Maria', product: 'meta' });
  });

  it("answers SPEC's message without a trader id or a name, or a name of only symbols", async () => {
    for (const [traderid, userName] of [
      ['', 'Ana'],
      [trader.userid, '   '],
      [trader.userid, '!!!'],
    ]) {
      const res = await request(follower, traderid!, userName);
      expectError(res, 400, 'copyTrader.requestForm.errors.fill');
    }
  });

  it('refuses following itself, an unknown trader id, and a second request', async () => {
    expectError(await request(follower, follower.userid), 400, 'copyTrader.follow.errors.self');
    expectError(
      await request(follower, '99999999999999'),
      404,
      'copyTrader.follow.errors.unknownTrader',
    );
    expectError(
      await request(follower, '99999999999999', 'Ana', api.requestMeta),
      404,
      'copyTrader.follow.errors.unknownTrader',
    );
    expect((await request(follower, trader.userid)).statusCode).toBe(200);
    expectError(
      await request(follower, trader.userid),
      409,
      'copyTrader.follow.errors.alreadyRequested',
    );
    // The other product is another relationship.
    expect((await request(follower, trader.userid, 'Ana', api.requestMeta)).statusCode).toBe(200);
    expect(await incoming()).toHaveLength(2);
  });

  it("refuses a request sent for another account's bot (ownership)", async () => {
    const res = await callAs(t.app, other.cookie, api.requestCopy, {
      body: { userid: follower.userid, traderid: trader.userid, userName: 'Ana' },
    });
    expectError(res, 403, 'errors.forbidden');
  });
});

describe('answering (POST /api/followrequestanswer)', () => {
  it('accepting makes the follower receive copies and appear in the followers list', async () => {
    await request(follower, trader.userid);
    clock.now += 60_000;
    expect((await answer(follower.userid, true)).statusCode).toBe(200);
    expect(await incoming()).toEqual([]);
    expect(await followers()).toEqual([{ name: 'Ana', id: follower.userid, expCopy: 0 }]);
    expect((await myFollows())[0]).toMatchObject({ state: 'accepted', decidedAt: clock.now });
    const rows = await acceptedRows('copy');
    expect(rows.map((r) => r.botId)).toEqual([follower.botId]);
    // Answering the same way again is harmless; changing it is not an answer any more.
    expect((await answer(follower.userid, true)).statusCode).toBe(200);
    expectError(
      await answer(follower.userid, false),
      409,
      'copyTrader.follow.errors.alreadyAnswered',
    );
  });

  it('refusing leaves the follower a refused request and no copies; it cannot ask again', async () => {
    await request(follower, trader.userid);
    expect((await answer(follower.userid, false)).statusCode).toBe(200);
    expect((await myFollows())[0]).toMatchObject({ state: 'refused', expired: false });
    expect(await followers()).toEqual([]);
    expect(await acceptedRows('copy')).toEqual([]);
    expectError(
      await request(follower, trader.userid),
      409,
      'copyTrader.follow.errors.alreadyRequested',
    );
    // Removing its refused request lets it ask again.
    const removed = await callAs(t.app, follower.cookie, api.removeFollowedTrader, {
      body: { userid: follower.userid, traderid: trader.userid },
    });
    expect(removed.statusCode).toBe(200);
    expect((await request(follower, trader.userid)).statusCode).toBe(200);
  });

  it('only the trader answers, and only for the product requested', async () => {
    await request(follower, trader.userid);
    // The follower cannot accept its own request.
    const self = await callAs(t.app, follower.cookie, api.answerRequest, {
      body: { userid: follower.userid, followerid: trader.userid, product: 'copy', accept: true },
    });
    expectError(self, 403, 'errors.forbidden');
    expectError(await answer(follower.userid, true, 'meta'), 403, 'errors.forbidden');
    expect(await incoming(other)).toEqual([]);
  });
});

describe("the follower's copy cards (GET /api/gettraders, POST /api/tradersave, /api/traderemove)", () => {
  it('shows one card per pending or accepted trader, saves its settings, and removes it', async () => {
    await request(follower, trader.userid);
    const [card] = await copyCards();
    expect(card).toMatchObject({
      traderID: trader.userid,
      traderEna: false,
      signalType: 7,
      loteType: 1,
      userid: follower.userid,
    });
    // Configuring while the request waits is allowed: copies start when the trader accepts.
    const saved = await callAs(t.app, follower.cookie, api.saveFollowedTrader, {
      body: traderSave(),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await copyCards()).toEqual([traderSave()]);
    await answer(follower.userid, true);
    const [row] = await acceptedRows('copy');
    expect(row).toMatchObject({
      traderEna: true,
      acptdemo: true,
      maxTrades: 5,
      signalType: 8,
      delaysig: 2,
      brokerId: 1,
      minStake: 1,
      maxStake: 50,
      lote: 2.5,
      loteType: 2,
    });
    const removed = await callAs(t.app, follower.cookie, api.removeFollowedTrader, {
      body: { userid: follower.userid, traderid: trader.userid },
    });
    expect(removed.statusCode).toBe(200);
    expect(await copyCards()).toEqual([]);
    expect(await followers()).toEqual([]);
  });

  it('refuses saving for a trader it does not follow, and bad input with field keys', async () => {
    const res = await callAs(t.app, follower.cookie, api.saveFollowedTrader, {
      body: traderSave(),
    });
    expectError(res, 403, 'errors.forbidden');
    await request(follower, trader.userid);
    const bad = await callAs(t.app, follower.cookie, api.saveFollowedTrader, {
      body: traderSave({ signalType: 4 as 7, lote: -1 }),
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(
      expect.arrayContaining(['signalType', 'lote']),
    );
  });

  it('refuses an enabled card without a stake (every copy would be skipped), in both products', async () => {
    await request(follower, trader.userid);
    await request(follower, trader.userid, 'Ana', api.requestMeta);
    const copy = await callAs(t.app, follower.cookie, api.saveFollowedTrader, {
      body: traderSave({ lote: 0 }),
    });
    expectError(copy, 400, 'copyTrader.follows.errors.stakeMissing');
    expect(copy.json().error.fields).toEqual({ lote: 'copyTrader.follows.errors.stakeMissing' });
    const meta = await callAs(t.app, follower.cookie, api.saveMetaFollowSetting, {
      body: {
        traderEna: true,
        traderid: trader.userid,
        maxTrades: 0,
        signalType: 7,
        delaysig: 0,
        brokerID: 0,
        anticipation: 0,
        lote: 0,
        userid: follower.userid,
      },
    });
    expectError(meta, 400, 'copyTrader.follows.errors.stakeMissing');
    const off = await callAs(t.app, follower.cookie, api.saveFollowedTrader, {
      body: traderSave({ traderEna: false, lote: 0 }),
    });
    expect(off.statusCode, off.body).toBe(200);
  });

  it("a follower sees only its own cards, never another follower's", async () => {
    await accepted(follower);
    await accepted(other);
    await callAs(t.app, follower.cookie, api.saveFollowedTrader, { body: traderSave() });
    const theirs = await copyCards(other);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({ userid: other.userid, traderEna: false, lote: 0 });
  });
});

describe("the trader's followers (GET /api/getfollowers, POST /api/followremove, /api/updateexpcopy)", () => {
  it('lists name, id and expiry only; sets and clears the expiry; an expired follower gets nothing', async () => {
    await accepted(follower);
    const exp = Math.floor(clock.now / 1000) + 3600;
    const set = await callAs(t.app, trader.cookie, api.updateExpiry, {
      body: { userid: trader.userid, traderid: follower.userid, expCopy: exp, product: 'copy' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const list = await followers();
    expect(list).toEqual([{ name: 'Ana', id: follower.userid, expCopy: exp }]);
    const [before] = await acceptedRows('copy');
    expect(isExpired(before!.expCopy, clock.now)).toBe(false);
    clock.now += 3600_000;
    // Still read, so the plan records `expired` for it: it receives nothing and sees why.
    const [after] = await acceptedRows('copy');
    expect(isExpired(after!.expCopy, clock.now)).toBe(true);
    expect((await myFollows())[0]).toMatchObject({
      state: 'accepted',
      expCopy: exp,
      expired: true,
    });
    const cleared = await callAs(t.app, trader.cookie, api.updateExpiry, {
      body: { userid: trader.userid, traderid: follower.userid, expCopy: 0 },
    });
    expect(cleared.statusCode).toBe(200);
    expect((await myFollows())[0]).toMatchObject({ expCopy: 0, expired: false });
    expect((await acceptedRows('copy')).map((r) => r.expCopy)).toEqual([0]);
  });

  it('without a product, the expiry applies to every product the follower follows', async () => {
    await accepted(follower, 'copy');
    await accepted(follower, 'meta');
    await callAs(t.app, trader.cookie, api.updateExpiry, {
      body: { userid: trader.userid, traderid: follower.userid, expCopy: 1 },
    });
    expect((await myFollows()).map((f) => f.expCopy)).toEqual([1, 1]);
  });

  it('refuses an expiry for a pending follower, a stranger, or from the follower, and a negative one', async () => {
    await request(follower, trader.userid);
    const body = { userid: trader.userid, traderid: follower.userid, expCopy: 5 };
    expectError(
      await callAs(t.app, trader.cookie, api.updateExpiry, { body }),
      403,
      'errors.forbidden',
    );
    await answer(follower.userid, true);
    const byFollower = await callAs(t.app, follower.cookie, api.updateExpiry, {
      body: { userid: follower.userid, traderid: trader.userid, expCopy: 0 },
    });
    expectError(byFollower, 403, 'errors.forbidden');
    const negative = await callAs(t.app, trader.cookie, api.updateExpiry, {
      body: { ...body, expCopy: -1 },
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error.fields.expCopy).toMatch(/\./);
  });

  it('either side ends the relationship with /followremove', async () => {
    await accepted(follower);
    await accepted(other);
    const byTrader = await callAs(t.app, trader.cookie, api.removeFollower, {
      body: { userid: trader.userid, traderid: follower.userid },
    });
    expect(byTrader.statusCode).toBe(200);
    expect((await followers()).map((f) => f.id)).toEqual([other.userid]);
    const byFollower = await callAs(t.app, other.cookie, api.removeFollower, {
      body: { userid: other.userid, traderid: trader.userid },
    });
    expect(byFollower.statusCode).toBe(200);
    expect(await followers()).toEqual([]);
    // Gone: a second removal is refused like any bot it has nothing to do with.
    expectError(
      await callAs(t.app, other.cookie, api.removeFollower, {
        body: { userid: other.userid, traderid: trader.userid },
      }),
      403,
      'errors.forbidden',
    );
  });
  it("between two bots that follow each other, /followremove removes the caller's follower only", async () => {
    await accepted(follower);
    // The trader follows its follower back.
    await request(trader, follower.userid);
    await callAs(t.app, follower.cookie, api.answerRequest, {
      body: { userid: follower.userid, followerid: trader.userid, product: 'copy', accept: true },
    });
    const res = await callAs(t.app, trader.cookie, api.removeFollower, {
      body: { userid: trader.userid, traderid: follower.userid },
    });
    expect(res.statusCode).toBe(200);
    expect(await followers()).toEqual([]);
    expect((await myFollows(trader)).map((f) => [f.traderid, f.state])).toEqual([
      [follower.userid, 'accepted'],
    ]);
  });
});

describe('the trader side settings (GET /api/gettraderinfo, POST /api/savetraderinfo)', () => {
  const info = () => ({
    copyTraderEn: true,
    signalType: 9 as const,
    delaysig: '1,5',
    brokerID: 2 as const,
    candleColor: 1 as const,
    timeframe: 5,
    paresFilter: 'EURUSD,GBPUSD',
    stakeMin: 3,
    userid: trader.userid,
  });

  it('answers defaults before a save, then what was saved', async () => {
    const before = await callAs(t.app, trader.cookie, api.getTraderInfo, {
      query: { userid: trader.userid },
    });
    expect(before.json()).toMatchObject({ copyTraderEn: false, signalType: 7, paresFilter: '' });
    const saved = await callAs(t.app, trader.cookie, api.saveTraderInfo, { body: info() });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await callAs(t.app, trader.cookie, api.getTraderInfo, {
      query: { userid: trader.userid },
    });
    expect(after.json()).toEqual(info());
  });

  it("applies SPEC §5's three rules in order, with their keys", async () => {
    const save = (over: object) =>
      callAs(t.app, trader.cookie, api.saveTraderInfo, { body: { ...info(), ...over } });
    expectError(
      await save({ delaysig: '15', paresFilter: 'A B' }),
      400,
      'copyTrader.traderConfig.errors.delayComma',
    );
    expectError(
      await save({ paresFilter: 'EUR USD', candleColor: 1 }),
      400,
      'copyTrader.traderConfig.errors.assetsSpace',
    );
    expectError(
      await save({ paresFilter: '', candleColor: 2 }),
      400,
      'copyTrader.traderConfig.errors.assetsMissing',
    );
  });

  it("a follower never reads its trader's settings", async () => {
    await accepted(follower);
    const res = await callAs(t.app, follower.cookie, api.getTraderInfo, {
      query: { userid: trader.userid },
    });
    expectError(res, 403, 'errors.forbidden');
  });
});
