import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../app.ts';
import { sameOriginByDefault, testMessenger } from '../../test/app.ts';
import { enableCopyTrader, seedFollowers } from '../../test/copy.ts';
import { robotOf } from '../../test/robot.ts';
import {
  command,
  findMinute,
  MINUTE,
  newTrader,
  postSignal,
  saveGlobalParams,
} from '../../test/trading.ts';
import { runSession } from '../run-session.ts';
import { dispatchCopies } from './dispatch.ts';

// The crash is real: a child process dispatches the copies on the same SQLite file and dies by
// SIGKILL at the fault point, in the middle of the fan-out's broker calls; the restarted
// dispatcher must give every follower exactly one order, and none after the deadline.
const CHILD = fileURLToPath(new URL('../../test/copy-crash-child.ts', import.meta.url));
let dir: string;
let clock = Date.UTC(2026, 0, 8, 10, 0);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'copy-crash-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function open(): Promise<FastifyInstance> {
  return sameOriginByDefault(
    await build({
      dataDir: dir,
      secretKey: '00'.repeat(32),
      webDist: '/nonexistent-web-dist',
      robot: false,
      messenger: testMessenger,
      now: () => clock,
    }),
  );
}

async function copies(app: FastifyInstance, followers: number[]) {
  const ledger = await app.deps.db
    .selectFrom('orders')
    .select(['bot_id', 'state', 'fail_reason'])
    .where('bot_id', 'in', followers)
    .execute();
  const paper = await app.deps.db
    .selectFrom('paper_orders')
    .select(['bot_id', 'open_at'])
    .where('bot_id', 'in', followers)
    .execute();
  return { ledger, paper };
}

describe.each([
  ['before_broker_call', 1_000],
  ['after_broker_call', 1_000],
  ['before_broker_call', 7_000],
] as const)('kill -9 at %s, restarted %i ms after the trader’s order', (point, restartAfter) => {
  it('gives every follower at most one order, none after the deadline', async () => {
    let app = await open();
    const trader = await newTrader(app);
    await saveGlobalParams(app, trader, { galenum: 0 });
    await command(app, robotOf(app), trader, 1);
    await enableCopyTrader(app.deps.db, trader.botId, clock);
    const followers = await seedFollowers(app.deps.db, trader.botId, 30, clock);
    const at = findMinute('EURUSD', 'W', clock + MINUTE);
    clock = at - 10_000;
    await postSignal(app, trader, { asset: 'EURUSD', direction: 'CALL', atMs: at });
    await runSession(robotOf(app), trader.botId);
    clock = at;
    await runSession(robotOf(app), trader.botId); // confirmed: 30 copies in the outbox
    expect((await copies(app, followers)).ledger).toHaveLength(30);
    await app.close();

    const child = spawnSync(process.execPath, ['--import', 'tsx', CHILD, dir, String(at), point], {
      encoding: 'utf8',
    });
    expect(child.signal, child.stderr).toBe('SIGKILL');

    clock = at + restartAfter;
    app = await open();
    try {
      const before = await copies(app, followers);
      expect(before.paper).toHaveLength(point === 'before_broker_call' ? 0 : 30);
      const rt = { ...robotOf(app), brokerTimeoutMs: 100 };
      await dispatchCopies(rt);
      await dispatchCopies(rt); // a second pass changes nothing
      const after = await copies(app, followers);
      expect(new Set(after.paper.map((p) => p.bot_id)).size).toBe(after.paper.length);
      expect(after.paper.every((p) => p.open_at <= at + 5_000)).toBe(true);
      if (restartAfter > 5_000 && point === 'before_broker_call') {
        expect(after.paper).toHaveLength(0);
        expect(after.ledger.every((o) => o.state === 'failed' && o.fail_reason === 'missed')).toBe(
          true,
        );
      } else {
        expect(after.paper).toHaveLength(30);
        expect(after.ledger.every((o) => o.state === 'open')).toBe(true);
      }
    } finally {
      await app.close();
    }
  }, 90_000);
});
