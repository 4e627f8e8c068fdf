import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { endpoints as api, AccountType } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build } from '../../app.ts';
import { callAs, registerAndLogin, sameOriginByDefault, useTestApp } from '../../test/app.ts';
import { processQueuedCommands } from '../../test/commands.ts';
import { globalParamsBody } from '../../test/factories.ts';
import { robotOf } from '../../test/robot.ts';
import { loadSessionConfig } from '../settings/bot-settings.ts';
import type { SettledCommand } from './command-queue.ts';

let clock = 1_700_000_000_000;
const t = useTestApp({ now: () => clock });
type Me = Awaited<ReturnType<typeof registerAndLogin>>;

const send = (who: Me, botCmd: number, app: FastifyInstance = t.app) =>
  callAs(app, who.cookie, api.sendBotCommand, { body: { userid: who.userid, botCmd } });

interface Listed {
  id: number;
  botCmd: number;
  status: string;
  /** The contract's robot message (`{ key, params }`), an object on the wire. */
  reply: { key: string; params: Record<string, unknown> } | null;
}
async function listed(who: Me, app: FastifyInstance = t.app): Promise<Listed[]> {
  const res = await callAs(app, who.cookie, api.listBotCommands, {
    query: { userid: who.userid },
  });
  return res.json() as Listed[];
}

const parsed = (entry: Listed | undefined) => entry?.reply ?? null;

const run = (limit = 100, app: FastifyInstance = t.app) =>
  processQueuedCommands(robotOf(app), { limit });

async function botIdOfUser(userid: string): Promise<number> {
  const row = await t.app.deps.db
    .selectFrom('bots')
    .select('id')
    .where('userid', '=', userid)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('processQueuedCommands', () => {
  it("answers status (3) with the session's structured reply, stored as JSON key + params", async () => {
    const me = await registerAndLogin(t.app);
    await send(me, 3);
    const [settled] = await run();
    expect(settled).toMatchObject({ status: 'done', code: 3 });
    const [entry] = await listed(me);
    expect(entry?.status).toBe('done');
    expect(parsed(entry)).toEqual({
      key: 'robot.reply.status',
      params: {
        // A new bot starts off: nobody switched it on yet.
        running: false,
        stopReason: null,
        strategy: 'martingale',
        accountType: AccountType.demo,
        ordersToday: 0,
        maxOrdersPerDay: 0,
        profitCents: 0,
        balanceCents: 1_000_000,
        openOrder: null,
        galeLevel: null,
        // The next entries (none yet).
        pending: null,
        // The score per signal since the score-clear time (midnight of the reader's zone).
        since: '00:00',
        wins: 0,
        losses: 0,
        draws: 0,
        open: 0,
        winsAtEntry: 0,
        winsInGales: 0,
        hitRatePct: null,
        scorePnlCents: 0,
        // A bot without a broker login trades on the simulator.
        simulator: true,
      },
    });
  });

  it('turns the bot off (2), and a later status shows it off', async () => {
    const me = await registerAndLogin(t.app);
    await send(me, 2);
    await run();
    await send(me, 3);
    await run();
    const [status, off] = await listed(me);
    expect(parsed(off)).toEqual({
      key: 'robot.reply.off',
      params: { running: false, openOrder: false },
    });
    expect(status?.status).toBe('done');
    expect(parsed(status)?.params).toMatchObject({ running: false });
  });

  it('answers score (5) and zeroScore (10)', async () => {
    const me = await registerAndLogin(t.app);
    await send(me, 5);
    await send(me, 10);
    await run();
    const [zero, score] = await listed(me);
    expect(parsed(score)).toEqual({
      key: 'robot.reply.score',
      params: {
        sinceMs: null,
        since: '00:00',
        wins: 0,
        losses: 0,
        draws: 0,
        open: 0,
        winsAtEntry: 0,
        winsInGales: 0,
        hitRatePct: null,
        scorePnlCents: 0,
      },
    });
    expect(zero).toMatchObject({ status: 'done' });
    expect(parsed(zero)).toEqual({ key: 'robot.reply.zeroScore', params: { ok: true } });
  });

  it('applies commands oldest first, across bots', async () => {
    const a = await registerAndLogin(t.app);
    const b = await registerAndLogin(t.app);
    for (const [who, code] of [
      [a, 3],
      [b, 2],
      [a, 2],
      [b, 3],
      [a, 3],
    ] as const) {
      clock += 1000;
      await send(who, code);
    }
    const settled = await run();
    const ids = settled.map((s) => s.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    // a: status (a new bot is off), off, status (off) — each saw the state its predecessors left.
    const [aLast, , aFirst] = await listed(a);
    expect(parsed(aFirst)?.params).toMatchObject({ running: false });
    expect(parsed(aLast)?.params).toMatchObject({ running: false });
    expect(parsed((await listed(b))[0])?.params).toMatchObject({ running: false });
  });

  it('starts the session from the saved settings, money in cents', async () => {
    const me = await registerAndLogin(t.app);
    const saved = await callAs(t.app, me.cookie, api.saveGlobalParams, {
      query: { userid: me.userid },
      body: globalParamsBody(me.userid, {
        lote: 2.5,
        galenum: 2,
        stopWin: 50,
        stopLoss: 30.25,
        brokerID: 7,
        strategySel: 3,
        stopMovel: 1,
      }),
    });
    expect(saved.statusCode).toBe(200);
    const config = await loadSessionConfig(t.app.deps.db, await botIdOfUser(me.userid));
    expect(config).toMatchObject({
      userid: me.userid,
      strategySel: 3,
      stops: { stopType: 1, stopWin: 5000, stopLoss: 3025, trailing: true },
      // Nothing saved for cycles on broker 7: the contract's defaults.
      money: {
        cycles: {
          entry: { kind: 'fixed', stakeCents: 250 },
          payout: 0.8,
          cycles: 3,
          cycleMultiplier: 0,
          gales: 2,
          galeMultiplier: 2,
        },
      },
    });
    expect(config.money.martingale).toBeUndefined();

    await send(me, 6);
    await run();
    expect(parsed((await listed(me))[0])?.params).toMatchObject({
      strategySel: 3,
      strategy: 'cycles',
    });
  });

  it('marks a refused command failed with the reason the session gave', async () => {
    const me = await registerAndLogin(t.app);
    await send(me, 11); // zeroMasaniello while the strategy is martingale
    const [settled] = await run();
    expect(settled?.status).toBe('failed');
    expect(parsed((await listed(me))[0])).toEqual({
      key: 'robot.reply.zeroMasaniello',
      params: { ok: false, reason: 'not_active' },
    });
  });

  it('marks a command that throws failed, and the next one still runs', async () => {
    const broken = await registerAndLogin(t.app);
    const fine = await registerAndLogin(t.app);
    await send(broken, 3);
    await run();
    // A session the robot cannot read (e.g. written by an incompatible version).
    await t.app.deps.db
      .updateTable('bot_sessions')
      .set({ state: '{}' })
      .where('bot_id', '=', await botIdOfUser(broken.userid))
      .execute();
    await send(broken, 3);
    await send(fine, 3);
    const onError = vi.fn();
    const settled = await processQueuedCommands(robotOf(t.app), { limit: 10, onError });
    expect(settled.map((s) => s.status)).toEqual(['failed', 'done']);
    expect(onError).toHaveBeenCalledOnce();
    expect(parsed((await listed(broken))[0])).toEqual({ key: 'robot.reply.failed', params: {} });
    expect((await listed(fine))[0]?.status).toBe('done');
  });

  it('never applies a command twice when two consumers run at once', async () => {
    const bots = [await registerAndLogin(t.app), await registerAndLogin(t.app)];
    for (let i = 0; i < 5; i++) {
      for (const who of bots) await send(who, 15); // enableCopy toggles: order and count show
    }
    const [one, two] = await Promise.all([run(), run()]);
    const ids = [...(one ?? []), ...(two ?? [])].map((s: SettledCommand) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(10);
    for (const who of bots) {
      const entries = (await listed(who)).reverse();
      expect(entries.map((e) => e.status)).toEqual(Array(5).fill('done'));
      // Applied once each, in order, each on the state the previous one saved.
      expect(entries.map((e) => parsed(e)?.params.copyEnabled)).toEqual([
        true,
        false,
        true,
        false,
        true,
      ]);
    }
  });

  it('stops at the limit and leaves the rest queued', async () => {
    const me = await registerAndLogin(t.app);
    await send(me, 3);
    await send(me, 5);
    await run(0); // drains nothing
    // Earlier tests' leftovers are settled; these two are the only queued ones.
    expect(await run(1)).toHaveLength(1);
    expect((await listed(me)).map((e) => e.status)).toEqual(['queued', 'done']);
    expect(await run(5)).toHaveLength(1);
    expect(await run(5)).toEqual([]);
  });
});

describe('the bot session', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'robot-session-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('survives a restart of the server: off stays off', async () => {
    const options = {
      sqliteFile: join(dir, 'app.db'),
      secretKey: randomBytes(32).toString('hex'),
      webDist: '/nonexistent-web-dist',
      robot: false as const,
    };
    const first = sameOriginByDefault(await build(options));
    const me = await registerAndLogin(first);
    await send(me, 2, first);
    await run(10, first);
    await first.close();

    const second = sameOriginByDefault(await build(options));
    try {
      await send(me, 3, second);
      await run(10, second);
      const [status] = await listed(me, second);
      expect(parsed(status)?.params).toMatchObject({ running: false });
    } finally {
      await second.close();
    }
  });
});
