import { endpoints as api } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { callAs, registerAndLogin, useTestApp } from '../../test/app.ts';

let clock = 1_700_000_000_000;
const t = useTestApp({ now: () => clock });
let me: Awaited<ReturnType<typeof registerAndLogin>>;
beforeAll(async () => {
  me = await registerAndLogin(t.app);
});

async function queued(userid: string) {
  return t.app.deps.db
    .selectFrom('reader_requests')
    .innerJoin('bots', 'bots.id', 'reader_requests.bot_id')
    .select(['reader_requests.action', 'reader_requests.status', 'reader_requests.created_at'])
    .where('bots.userid', '=', userid)
    .orderBy('reader_requests.id')
    .execute();
}

describe('POST /api/readerreset and /api/readerdelete', () => {
  it('queue a reset and a delete of the bot’s reader, in order', async () => {
    clock += 1000;
    const reset = await callAs(t.app, me.cookie, api.resetReader, { body: { userid: me.userid } });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ ok: true });
    clock += 1000;
    const del = await callAs(t.app, me.cookie, api.deleteReader, { body: { userid: me.userid } });
    expect(del.json()).toEqual({ ok: true });
    expect(await queued(me.userid)).toEqual([
      { action: 'reset', status: 'queued', created_at: clock - 1000 },
      { action: 'delete', status: 'queued', created_at: clock },
    ]);
  });

  it('queues nothing for a malformed bot id', async () => {
    const other = await registerAndLogin(t.app);
    const res = await callAs(t.app, other.cookie, api.resetReader, { body: { userid: 'abc' } });
    expect(res.statusCode).toBe(400);
    expect(await queued(other.userid)).toEqual([]);
  });
});
