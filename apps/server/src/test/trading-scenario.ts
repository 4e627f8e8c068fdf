import type { GlobalParams } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { runSession } from '../robot/run-session.ts';
import { robotOf } from './robot.ts';
import {
  command,
  findMinute,
  MINUTE,
  newTrader,
  postSignal,
  runAt,
  saveGlobalParams,
  type Me,
  type TestClock,
} from './trading.ts';

/**
 * A trading bot on a test app as the runtime tests drive it: a trader switched on with its
 * settings saved, and one signal played as a sequence of orders that win or lose as asked.
 */
export function tradingScenario(t: { readonly app: FastifyInstance }, clock: TestClock) {
  const rt = () => robotOf(t.app);

  /** A trader whose settings are saved and whose bot is switched on. */
  async function readyTrader(over: Partial<GlobalParams> = {}): Promise<Me> {
    const me = await newTrader(t.app);
    await saveGlobalParams(t.app, me, over);
    const on = await command(t.app, rt(), me, 1);
    expect(on.params).toMatchObject({ running: true });
    return me;
  }

  /**
   * Plays one signal whose orders go L…/W as `pattern` says, from `fromMs` (from `channel` when
   * given); returns its minute.
   */
  async function playSequence(
    me: Me,
    asset: string,
    pattern: string,
    fromMs: number,
    channel?: string,
  ) {
    const at = findMinute(asset, pattern, fromMs);
    clock.now = at - 30_000;
    await postSignal(t.app, me, {
      asset,
      direction: 'CALL',
      atMs: at,
      ...(channel ? { channel } : {}),
    });
    await runSession(rt(), me.botId);
    await runAt(
      clock,
      rt(),
      me,
      Array.from({ length: pattern.length + 1 }, (_, k) => at + k * MINUTE),
    );
    return at;
  }

  return { rt, readyTrader, playSequence };
}
