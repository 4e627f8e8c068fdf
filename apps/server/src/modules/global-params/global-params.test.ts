import { defaultGlobalParams, type GlobalParams, AccountType } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin, useTestApp } from '../../test/app.ts';
import { globalParamsBody } from '../../test/factories.ts';

const t = useTestApp();
let me: Awaited<ReturnType<typeof registerAndLogin>>;
beforeAll(async () => {
  me = await registerAndLogin(t.app);
});

function params(overrides: Partial<GlobalParams> = {}): GlobalParams {
  return globalParamsBody(me.userid, {
    accType: AccountType.demo,
    optionType: 3,
    stopType: 2,
    lote: 12.5,
    galenum: 2,
    galefat: 2.3,
    stopWin: 100,
    stopLoss: 50.25,
    brokerID: 2,
    typeOperation: 2,
    stopMovel: 1,
    ...overrides,
  });
}

function save(body: unknown, userid = me.userid) {
  return t.app.inject({
    method: 'POST',
    url: '/api/globalparams',
    query: { userid },
    payload: body as object,
    headers: { cookie: me.cookie },
  });
}

function read(brokerid: number) {
  return t.app.inject({
    method: 'GET',
    url: '/api/globalparams',
    query: { userid: me.userid, brokerid: String(brokerid) },
    headers: { cookie: me.cookie },
  });
}

describe('GET /api/globalparams', () => {
  it('answers the defaults when nothing was saved for that broker', async () => {
    const res = await read(7);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(defaultGlobalParams(me.userid, 7));
  });

  it('answers 400 for a broker outside 0–23', async () => {
    const res = await read(24);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ brokerid: 'errors.field.tooBig' });
    expect(res.json().error.limits).toEqual({ brokerid: { min: 0, max: 23, integer: true } });
  });
});

describe('POST /api/globalparams', () => {
  it('saves, and a read answers the same values', async () => {
    const saved = params();
    expect((await save(saved)).json()).toEqual({ ok: true });
    expect((await read(2)).json()).toEqual({ ...saved, saved: true });
  });

  it('keeps separate values per broker', async () => {
    await save(params({ brokerID: 2, lote: 3 }));
    await save(params({ brokerID: 5, lote: 9, galenum: 4 }));
    expect((await read(2)).json()).toMatchObject({ brokerID: 2, lote: 3 });
    expect((await read(5)).json()).toMatchObject({ brokerID: 5, lote: 9, galenum: 4 });
  });

  it('overwrites the previous save of the same broker', async () => {
    await save(params({ brokerID: 6, payout: 70 }));
    await save(params({ brokerID: 6, payout: 90 }));
    expect((await read(6)).json()).toMatchObject({ payout: 90 });
  });

  it('forces stopMovel to 0 with the Quant stop type', async () => {
    await save(params({ brokerID: 3, stopType: 5, stopMovel: 1 }));
    expect((await read(3)).json()).toMatchObject({ stopType: 5, stopMovel: 0 });
  });

  it("makes the saved broker the bot's current one", async () => {
    await save(params({ brokerID: 8 }));
    const row = await t.app.deps.db
      .selectFrom('bots')
      .select('current_broker')
      .where('userid', '=', me.userid)
      .executeTakeFirstOrThrow();
    expect(row.current_broker).toBe(8);
  });

  it('answers 400 invalidParams when body.userid names another bot than the query', async () => {
    const res = await save(params({ userid: '55555' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('errors.invalidParams');
  });

  describe('SPEC §5 rules, in order', () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['a negative lote', { lote: -1 }, 'errors.invalidParams', 'lote'],
      ['a negative stopLoss', { stopLoss: -5 }, 'errors.invalidParams', 'stopLoss'],
      [
        'a negative lote before a missing option type',
        { lote: -1, optionType: null },
        'errors.invalidParams',
        'lote',
      ],
      [
        'a missing option type',
        { optionType: undefined },
        'globalParams.errors.optionTypeMissing',
        'optionType',
      ],
      ['a missing broker', { brokerID: null }, 'globalParams.errors.brokerMissing', 'brokerID'],
      ['a missing lote type', { loteType: '' }, 'globalParams.errors.loteTypeMissing', 'loteType'],
      [
        'a missing stop type',
        { stopType: undefined },
        'globalParams.errors.stopTypeMissing',
        'stopType',
      ],
      [
        'option type before stop type',
        { optionType: null, stopType: null },
        'globalParams.errors.optionTypeMissing',
        'optionType',
      ],
    ];
    it.each(cases)('answers 400 for %s', async (_name, overrides, code, field) => {
      const res = await save({ ...params(), ...overrides });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code, fields: { [field]: code } });
    });

    // Regression: out-of-range values got only "some fields are invalid".
    it.each([
      ['payout 150', { payout: 150 }, 'payout', 'errors.field.tooBig', { min: 0, max: 100 }],
      [
        'gales 2.5',
        { galenum: 2.5 },
        'galenum',
        'errors.field.notInteger',
        { min: 0, max: 10, integer: true },
      ],
      ['a stake sent as null', { lote: null }, 'lote', 'errors.field.notNumber', { min: 0 }],
    ])(
      'answers what is wrong with %s and the range the field takes, saving nothing',
      async (_name, overrides, field, problem, limits) => {
        const fresh = await registerAndLogin(t.app);
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/globalparams',
          query: { userid: fresh.userid },
          payload: { ...params(), userid: fresh.userid, ...overrides },
          headers: { cookie: fresh.cookie },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toMatchObject({
          code: 'errors.invalidInput',
          fields: { [field]: problem },
          limits: { [field]: limits },
        });
        const read = await t.app.inject({
          method: 'GET',
          url: '/api/globalparams',
          query: { userid: fresh.userid, brokerid: '2' },
          headers: { cookie: fresh.cookie },
        });
        expect(read.json()).toMatchObject({ saved: false });
      },
    );

    it('answers invalidInput with the field for a value no rule covers', async () => {
      const res = await save(params({ accType: 9 as GlobalParams['accType'] }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'errors.invalidInput',
        fields: { accType: 'errors.invalidValue' },
      });
    });
  });
});

describe('POST /api/brokerid', () => {
  function choose(body: object) {
    return t.app.inject({
      method: 'POST',
      url: '/api/brokerid',
      payload: body,
      headers: { cookie: me.cookie },
    });
  }

  it('sets the current broker, the mask and multi-broker', async () => {
    const res = await choose({
      userid: me.userid,
      curBrokerID: 5,
      brokersMask: 0b100100,
      multiBroker: 1,
    });
    expect(res.json()).toEqual({ ok: true });
    const row = await t.app.deps.db
      .selectFrom('bots')
      .select(['current_broker', 'brokers_mask', 'multi_broker'])
      .where('userid', '=', me.userid)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ current_broker: 5, brokers_mask: 0b100100, multi_broker: 1 });
  });

  it('answers 400 invalidParams for broker 0 (SPEC: only values above 0 change it)', async () => {
    const res = await choose({ userid: me.userid, curBrokerID: 0, brokersMask: 0, multiBroker: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'errors.invalidParams',
      fields: { curBrokerID: 'errors.invalidParams' },
    });
  });
});
