import { beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin, useTestApp } from '../test/app.ts';
import { createChannel, signalsOf, subscribe, type Trader } from '../test/reader.ts';
import { parseInboxArgs, postMessagesToChannel, splitMessages } from './inbox.ts';

const T0 = Date.UTC(2026, 4, 12, 17, 0, 0);
const t = useTestApp({ now: () => T0 });
let me: Trader;
beforeAll(async () => {
  me = await registerAndLogin(t.app);
});

describe('npm run inbox', () => {
  it('reads its arguments and refuses incomplete ones', () => {
    expect(parseInboxArgs(['--channel', 'VIP', '--file', 'm.txt'])).toEqual({
      channel: 'VIP',
      file: 'm.txt',
      bot: undefined,
    });
    expect(parseInboxArgs(['--channel', 'VIP'])).toBeNull();
    expect(parseInboxArgs(['--help'])).toBeNull();
  });

  it('splits a file into blank-line-separated messages, keeping multi-line ones whole', () => {
    expect(splitMessages('M5;EURUSD;14:30;PUT\n\n🔔 EUR/USD\n⏰ 14:40\nCALL\n\n\n')).toEqual([
      'M5;EURUSD;14:30;PUT',
      '🔔 EUR/USD\n⏰ 14:40\nCALL',
    ]);
  });

  it("posts the file's messages to the channel, where the reader reads them", async () => {
    const idNum = await createChannel(t.app, me, 'Arquivo');
    await subscribe(t.app, me, [{ idNum, name: 'Arquivo' }]);
    const result = await postMessagesToChannel(t.app.deps.db, {
      channel: 'Arquivo',
      bot: undefined,
      messages: splitMessages('M5;EURUSD;14:30;PUT\n\nWIN ✅'),
      now: () => T0,
    });
    expect(result).toEqual({ idNum, posted: 2 });
    await t.app.reader.runOnce();
    expect(await signalsOf(t.app, me)).toMatchObject([
      { status: 'rejected', reason: 'result_post' },
      { status: 'accepted', asset: 'EURUSD' },
    ]);
  });

  it('creates the channel for --bot, and says what is missing otherwise', async () => {
    await expect(
      postMessagesToChannel(t.app.deps.db, {
        channel: 'Nope',
        bot: undefined,
        messages: ['x'],
        now: () => T0,
      }),
    ).rejects.toThrow(/No local channel named "Nope"/);
    const made = await postMessagesToChannel(t.app.deps.db, {
      channel: 'Novo',
      bot: me.userid,
      messages: ['x'],
      now: () => T0,
    });
    expect(made.idNum).toMatch(/^inbox-\d+$/);
  });
});
