import {
  endpoints as api,
  type MetaFollowSetting,
  type MetaTraderRecord,
  type OwnFollow,
} from '@app/contract';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callAs, useTestApp } from '../../test/app.ts';
import { copyActor, expectError, type CopyActor } from '../../test/copy.ts';
import { acceptedFollowersForFanOut } from '../../robot/copy/followers.ts';
import { isExpired } from '../copy-trader/copy-trader.repository.ts';

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

async function follow(who = follower, accept = true) {
  const req = await callAs(t.app, who.cookie, api.requestMeta, {
    body: { userid: who.userid, traderid: trader.userid, userName: 'Bia Souza' },
  });
  expect(req.statusCode, req.body).toBe(200);
  if (!accept) return;
  const res = await callAs(t.app, trader.cookie, api.answerRequest, {
    body: { userid: trader.userid, followerid: who.userid, product: 'meta', accept: true },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const metaFollowers = async () =>
  (
    await callAs(t.app, trader.cookie, api.getMetaFollowers, { query: { userid: trader.userid } })
  ).json() as { id: string; name: string; expCopy: number }[];
const cards = async (who = follower) =>
  (
    await callAs(t.app, who.cookie, api.getMetaFollowSettings, { query: { userid: who.userid } })
  ).json() as MetaFollowSetting[];

function setting(over: Partial<MetaFollowSetting> = {}): MetaFollowSetting {
  return {
    traderEna: true,
    traderid: trader.userid,
    maxTrades: 3,
    signalType: 5,
    delaysig: 4,
    brokerID: 12,
    anticipation: 1.5,
    lote: 10,
    userid: follower.userid,
    ...over,
  };
}

describe('MetaCopy trader records (GET /api/getmetadata, POST /api/savemetadata)', () => {
  it('offers one record named after the bot before a save, then lists what was saved', async () => {
    const before = await callAs(t.app, trader.cookie, api.getMetaRecords, {
      query: { userid: trader.userid },
    });
    expect(before.json()).toEqual([
      expect.objectContaining({ traderid: trader.userid, traderEna: false, signalType: 7 }),
    ]);
    const record: MetaTraderRecord = {
      traderid: trader.userid,
      traderEna: true,
      maxTrades: 8,
      signalType: 4,
      delaysig: 2,
      brokerID: 14,
      anticipation: 1,
      userid: trader.userid,
    };
    for (const r of [record, { ...record, maxTrades: 9 }]) {
      const saved = await callAs(t.app, trader.cookie, api.saveMetaRecord, { body: r });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const after = await callAs(t.app, trader.cookie, api.getMetaRecords, {
      query: { userid: trader.userid },
    });
    expect(after.json()).toEqual([{ ...record, maxTrades: 9 }]);
    const theirs = await callAs(t.app, other.cookie, api.getMetaRecords, {
      query: { userid: trader.userid },
    });
    expectError(theirs, 403, 'errors.forbidden');
  });

  it('refuses bad input with field keys', async () => {
    const res = await callAs(t.app, trader.cookie, api.saveMetaRecord, {
      body: {
        traderid: trader.userid,
        traderEna: true,
        maxTrades: -1,
        signalType: 9,
        delaysig: 0,
        brokerID: 1,
        anticipation: 0,
        userid: trader.userid,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(
      expect.arrayContaining(['maxTrades', 'signalType']),
    );
  });
});

describe('MetaCopy followers, trader side (GET /api/getmetafollow, /api/getmetainfo, POST /api/removemetafol)', () => {
  it('lists accepted followers only, with name, id and expiry; info gives id and expiry', async () => {
    await follow(follower);
    await follow(other, false);
    expect(await metaFollowers()).toEqual([{ id: follower.userid, name: 'Bia Souza', expCopy: 0 }]);
    const exp = Math.floor(clock.now / 1000) + 60;
    await callAs(t.app, trader.cookie, api.updateExpiry, {
      body: { userid: trader.userid, traderid: follower.userid, expCopy: exp, product: 'meta' },
    });
    const info = await callAs(t.app, trader.cookie, api.getMetaInfo, {
      query: { userid: trader.userid, traderid: follower.userid },
    });
    expect(info.json()).toEqual({ userid: follower.userid, expCopy: exp });
    // The pending one has no info yet; the follower cannot read the trader's view.
    expectError(
      await callAs(t.app, trader.cookie, api.getMetaInfo, {
        query: { userid: trader.userid, traderid: other.userid },
      }),
      403,
      'errors.forbidden',
    );
    expectError(
      await callAs(t.app, follower.cookie, api.getMetaInfo, {
        query: { userid: follower.userid, traderid: trader.userid },
      }),
      403,
      'errors.forbidden',
    );
    clock.now += 60_000;
    // The fan-out still reads the expired follower (only the accepted one), so the plan records
    // `expired` for it.
    const rows = await acceptedRows('meta');
    expect(rows.map((r) => [r.botId, isExpired(r.expCopy, clock.now)])).toEqual([
      [follower.botId, true],
    ]);
    const mine = (
      await callAs(t.app, follower.cookie, api.getOwnFollows, {
        query: { userid: follower.userid },
      })
    ).json() as OwnFollow[];
    expect(mine[0]).toMatchObject({ product: 'meta', expired: true });
  });

  it('the trader removes a follower; the copy relationship with it stays', async () => {
    await follow(follower);
    await callAs(t.app, follower.cookie, api.requestCopy, {
      body: { userid: follower.userid, traderid: trader.userid, userName: 'Bia' },
    });
    const res = await callAs(t.app, trader.cookie, api.removeMetaFollower, {
      body: { userid: trader.userid, traderid: follower.userid, userName: 'Bia Souza' },
    });
    expect(res.statusCode).toBe(200);
    expect(await metaFollowers()).toEqual([]);
    const mine = (
      await callAs(t.app, follower.cookie, api.getOwnFollows, {
        query: { userid: follower.userid },
      })
    ).json() as OwnFollow[];
    expect(mine.map((f) => f.product)).toEqual(['copy']);
  });
});

describe('MetaCopy follower cards (GET /api/gettraderdata, POST /api/savetraderdata, /api/removemetadata)', () => {
  it('saves the settings the fan-out reads, and removes the follow', async () => {
    await follow(follower);
    expect(await cards()).toEqual([
      expect.objectContaining({ traderid: trader.userid, traderEna: false, signalType: 7 }),
    ]);
    const saved = await callAs(t.app, follower.cookie, api.saveMetaFollowSetting, {
      body: setting(),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await cards()).toEqual([setting()]);
    const [row] = await acceptedRows('meta');
    expect(row).toMatchObject({
      botId: follower.botId,
      traderEna: true,
      maxTrades: 3,
      signalType: 5,
      delaysig: 4,
      brokerId: 12,
      anticipation: 1.5,
      lote: 10,
    });
    const removed = await callAs(t.app, follower.cookie, api.removeMetaRecord, {
      body: { userid: follower.userid, traderid: trader.userid },
    });
    expect(removed.statusCode).toBe(200);
    expect(await cards()).toEqual([]);
    expect(await metaFollowers()).toEqual([]);
  });

  it('refuses saving for a trader it does not follow and a broker outside 0–12', async () => {
    expectError(
      await callAs(t.app, follower.cookie, api.saveMetaFollowSetting, { body: setting() }),
      403,
      'errors.forbidden',
    );
    await follow(follower, false);
    const bad = await callAs(t.app, follower.cookie, api.saveMetaFollowSetting, {
      body: setting({ brokerID: 14 as 12 }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('brokerID');
  });
});
