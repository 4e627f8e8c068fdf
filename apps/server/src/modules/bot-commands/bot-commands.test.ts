import { endpoints as api } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { callAs, registerAndLogin, useTestApp } from '../../test/app.ts';
import { RECENT_COMMANDS } from './bot-commands.service.ts';

let clock = 1_700_000_000_000;
const t = useTestApp({ now: () => clock });
let me: Awaited<ReturnType<typeof registerAndLogin>>;
beforeAll(async () => {
  me = await registerAndLogin(t.app);
});

const send = (body: unknown, who = me) => callAs(t.app, who.cookie, api.sendBotCommand, { body });
const list = (who = me) =>
  callAs(t.app, who.cookie, api.listBotCommands, { query: { userid: who.userid } });

describe('POST /api/sendbotcmd', () => {
  it('queues the command for the robot, listed with its status', async () => {
    const fresh = await registerAndLogin(t.app);
    expect((await list(fresh)).json()).toEqual([]);
    clock += 1000;
    expect((await send({ userid: fresh.userid, botCmd: 10 }, fresh)).json()).toEqual({ ok: true });
    expect((await list(fresh)).json()).toEqual([
      { id: expect.any(Number), botCmd: 10, createdAt: clock, status: 'queued', reply: null },
    ]);
  });

  it.each(Array.from({ length: 16 }, (_, i) => i + 1))('accepts command %i', async (botCmd) => {
    expect((await send({ userid: me.userid, botCmd })).statusCode).toBe(200);
  });

  it.each([
    ['no command', {}],
    ['command 0', { botCmd: 0 }],
    ['command 17', { botCmd: 17 }],
    ['an empty choice', { botCmd: '' }],
    ['a fractional code', { botCmd: 2.5 }],
  ])("answers 400 'Parametros invalidos' for %s and queues nothing", async (_n, o) => {
    const before = (await list()).json();
    const res = await send({ userid: me.userid, ...o });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'errors.invalidParams',
      fields: { botCmd: 'errors.invalidParams' },
    });
    expect((await list()).json()).toEqual(before);
  });
});

describe('GET /api/botcommands', () => {
  it(`lists the last ${RECENT_COMMANDS}, newest first, with the status the runtime set`, async () => {
    const fresh = await registerAndLogin(t.app);
    for (let i = 0; i < RECENT_COMMANDS + 5; i++) {
      clock += 1000;
      await send({ userid: fresh.userid, botCmd: (i % 16) + 1 }, fresh);
    }
    // The runtime settles the oldest listed one.
    const listed = (await list(fresh)).json() as { id: number; createdAt: number }[];
    const oldest = listed.at(-1);
    if (!oldest) throw new Error('nothing listed');
    await t.app.deps.db
      .updateTable('bot_commands')
      .set({
        status: 'done',
        reply: JSON.stringify({ key: 'robot.reply.on', params: { running: true } }),
      })
      .where('id', '=', oldest.id)
      .execute();

    const entries = (await list(fresh)).json() as {
      createdAt: number;
      botCmd: number;
      status: string;
      reply: unknown;
    }[];
    expect(entries).toHaveLength(RECENT_COMMANDS);
    expect(entries[0]).toMatchObject({
      createdAt: clock,
      botCmd: ((RECENT_COMMANDS + 4) % 16) + 1,
    });
    const times = entries.map((e) => e.createdAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(entries.at(-1)).toMatchObject({
      status: 'done',
      reply: { key: 'robot.reply.on', params: { running: true } },
    });
  });

  it("never lists another bot's commands", async () => {
    const other = await registerAndLogin(t.app);
    await send({ userid: other.userid, botCmd: 3 }, other);
    const mine = (await list()).json() as { id: number }[];
    const theirs = (await list(other)).json() as { id: number }[];
    expect(theirs).toHaveLength(1);
    expect(mine.map((e) => e.id)).not.toContain(theirs[0]?.id);
  });
});
