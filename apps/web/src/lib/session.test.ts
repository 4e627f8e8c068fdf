import { describe, expect, it, vi } from 'vitest';
import { errorReply, fakeServer } from '../test/fake-server.ts';
import { SessionStore } from './session.ts';

const INFO = { email: 'ana@example.com', userid: '5550001', traderid: 'T1', botIDs: [] };

describe('the session store', () => {
  it('says a session was found before checking its answer, then holds it', async () => {
    fakeServer({ 'GET /api/session': { body: INFO } });
    const onSession = vi.fn();
    const store = new SessionStore(onSession);
    store.start();
    store.start();
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('in'), { timeout: 5_000 });
    expect(store.getSnapshot()).toEqual({ status: 'in', info: INFO });
    // Once, however often a screen asks it to start.
    expect(onSession).toHaveBeenCalledTimes(1);
  });

  it('is out, without the hint, when the server has no session', async () => {
    fakeServer({ 'GET /api/session': errorReply(401, 'errors.unauthenticated') });
    const onSession = vi.fn();
    const store = new SessionStore(onSession);
    store.start();
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('out'), { timeout: 5_000 });
    expect(onSession).not.toHaveBeenCalled();
  });
});
