import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';
import { newTrader } from '../test/trading.ts';
import { acquireLease, processOwnerId, reclaimDeadLeases, releaseLeases } from './leases.ts';

// A crash used to cost the bots a whole lease (15 s) before a restart could run them.
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** The pid of a process that ran and is gone (a real dead process of this host). */
function deadPid(): number {
  const run = spawnSync(process.execPath, ['-e', '0']);
  if (!run.pid) throw new Error('no child');
  return run.pid;
}

describe('bot leases after a crash', () => {
  it('a restarted process takes back at once the bots a dead process of this host held', async () => {
    const { app } = ctx;
    const me = await newTrader(app);
    const now = Date.now();
    const dead = `runtime-${hostname()}-${deadPid()}-0badc0de`;
    expect(await acquireLease(app.deps.db, me.botId, dead, now, 15_000)).toBe(true);
    const restarted = processOwnerId('runtime');
    // Without reclaiming, the new process waits for the lease to run out.
    expect(await acquireLease(app.deps.db, me.botId, restarted, now + 1_000, 15_000)).toBe(false);
    expect(await reclaimDeadLeases(app.deps.db)).toBe(1);
    expect(await acquireLease(app.deps.db, me.botId, restarted, now + 1_000, 15_000)).toBe(true);
    await releaseLeases(app.deps.db, restarted);
  });

  it('never takes a lease of a live process, of another host or of a named worker', async () => {
    const { app } = ctx;
    const owners = [
      processOwnerId('worker'), // this very process: alive
      `runtime-other-host-${deadPid()}-0badc0de`,
      'w1',
    ];
    const bots: number[] = [];
    for (const owner of owners) {
      const me = await newTrader(app);
      bots.push(me.botId);
      expect(await acquireLease(app.deps.db, me.botId, owner, Date.now(), 15_000)).toBe(true);
    }
    expect(await reclaimDeadLeases(app.deps.db)).toBe(0);
    for (const botId of bots) {
      expect(await acquireLease(app.deps.db, botId, 'someone', Date.now(), 15_000)).toBe(false);
    }
    for (const owner of owners) await releaseLeases(app.deps.db, owner);
  });

  it('a clean shutdown hands its leases over at once', async () => {
    const { app } = ctx;
    const me = await newTrader(app);
    const owner = processOwnerId('runtime');
    expect(await acquireLease(app.deps.db, me.botId, owner, Date.now(), 15_000)).toBe(true);
    await releaseLeases(app.deps.db, owner);
    expect(await acquireLease(app.deps.db, me.botId, 'next', Date.now(), 15_000)).toBe(true);
  });
});
