import { endpoints, ErrorEnvelopeSchema, AccountType } from '@app/contract';
import { describe, expect, it, vi } from 'vitest';
import { errorReply, fakeServer } from '../test/fake-server.ts';
import { api, ApiError, NETWORK_ERROR, readErrorEnvelope } from './api.ts';

describe('api', () => {
  it('builds the path and query from the endpoint table and sends JSON with the cookie', async () => {
    const server = fakeServer({ 'POST /api/globalparams': { body: { ok: true } } });
    const body = {
      accType: AccountType.demo,
      optionType: 1,
      loteType: 1,
      stopType: 1,
      lote: 2,
      galenum: 0,
      galefat: 2,
      stopWin: 0,
      stopLoss: 0,
      payout: 0,
      brokerID: 1,
      traderMode: 1,
      loginMethod: 1,
      strategySel: 1,
      typeOperation: 1,
      stopMovel: 0,
      userid: '5550001',
    } as const;
    await expect(
      api(endpoints.saveGlobalParams, { query: { userid: '5550001' }, body }),
    ).resolves.toEqual({ ok: true });
    expect(server.requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/globalparams',
      query: { userid: '5550001' },
      body,
      credentials: 'same-origin',
    });
  });

  it('throws the envelope code, status and fields', async () => {
    fakeServer({
      'POST /api/botlogin': {
        status: 400,
        body: { error: { code: 'errors.invalidInput', message: 'x', fields: { email: 'k' } } },
      },
    });
    const error = await api(endpoints.botLogin, { body: { email: 'a', password: 'b' } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'errors.invalidInput',
      fields: { email: 'k' },
    });
  });

  it('maps a status without an envelope to its code', async () => {
    fakeServer({ 'GET /api/session': { status: 429 } });
    await expect(api(endpoints.session)).rejects.toMatchObject({ code: 'errors.rateLimited' });
    await expect(api(endpoints.getBots, { query: { userid: '5550001' } })).rejects.toMatchObject({
      status: 501,
      code: 'errors.notImplemented',
    });
  });

  it('reports an unreachable server as a network error', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api(endpoints.logout)).rejects.toMatchObject({ status: 0, code: NETWORK_ERROR });
  });

  it('refuses an answer that does not match the response schema', async () => {
    fakeServer({ 'GET /api/session': { body: { email: 1 } } });
    await expect(api(endpoints.session)).rejects.toMatchObject({ code: 'errors.internal' });
  });

  it('keeps the code of a rule refusal', async () => {
    fakeServer({ 'POST /api/logout': errorReply(400, 'globalParams.errors.stopTypeMissing') });
    await expect(api(endpoints.logout)).rejects.toMatchObject({
      code: 'globalParams.errors.stopTypeMissing',
    });
  });

  it('reads the error envelope by hand exactly as the contract schema does', () => {
    const payloads: unknown[] = [
      { error: { code: 'c', message: 'm' } },
      { error: { code: 'c', message: 'm', fields: { a: 'k' }, limits: { a: { min: 0, max: 9 } } } },
      { error: { code: 'c', message: 'm', limits: { a: { integer: true } }, params: { s: 30 } } },
      { error: { code: 'c', message: 'm', params: { s: 'x', t: 1.5 } } },
      { error: { code: 'c', message: 'm', extra: 1 }, other: true },
      { error: { code: 'c' } },
      { error: { code: 1, message: 'm' } },
      { error: { code: 'c', message: 'm', fields: { a: 1 } } },
      { error: { code: 'c', message: 'm', fields: ['k'] } },
      { error: { code: 'c', message: 'm', limits: { a: { min: '0' } } } },
      { error: { code: 'c', message: 'm', limits: { a: 'x' } } },
      { error: { code: 'c', message: 'm', params: { s: null } } },
      { error: { code: 'c', message: 'm', params: { s: Infinity } } },
      { error: [] },
      { error: null },
      [],
      'text',
      null,
      undefined,
    ];
    for (const payload of payloads) {
      const parsed = ErrorEnvelopeSchema.safeParse(payload);
      const read = readErrorEnvelope(payload);
      expect(read !== null, JSON.stringify(payload)).toBe(parsed.success);
      if (parsed.success && read) {
        const { code, fields = {}, limits = {}, params = {} } = parsed.data.error;
        expect({ ...read }).toMatchObject({ code, fields, limits, params });
      }
    }
  });
});
