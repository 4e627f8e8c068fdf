import { endpoints as api, Broker, ErrorCode, type GlobalParams, AccountType } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { callAs, registerAndLogin, useTestApp } from '../../test/app.ts';
import { globalParamsBody } from '../../test/factories.ts';

/**
 * Switching a bot to Real is refused unless the robot can
 * trade real money at that broker with what the bot stored, and asks for the account password.
 */
const t = useTestApp();

type Trader = Awaited<ReturnType<typeof registerAndLogin>>;

function save(me: Trader, over: Partial<GlobalParams>) {
  return callAs(t.app, me.cookie, api.saveGlobalParams, {
    query: { userid: me.userid },
    body: globalParamsBody(me.userid, over),
  });
}

async function accTypeOf(me: Trader, brokerid: number): Promise<number> {
  const res = await callAs(t.app, me.cookie, api.getGlobalParams, {
    query: { userid: me.userid, brokerid },
  });
  return (res.json() as { accType: number }).accType;
}

const iqLogin = (me: Trader) =>
  callAs(t.app, me.cookie, api.saveBrokerLogin, {
    body: { email: 'me@example.com', password: 'iq-pass-1', userid: me.userid, broker: Broker.iq },
  });

describe('switching a bot to Real', () => {
  it('is refused at a simulator-only broker, with what to do, and nothing is saved', async () => {
    const me = await registerAndLogin(t.app);
    await save(me, { brokerID: Broker.quotex, accType: AccountType.demo });
    const res = await save(me, {
      brokerID: Broker.quotex,
      accType: AccountType.real,
      realPassword: me.password,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: ErrorCode.realSimulatorOnly,
      fields: { accType: ErrorCode.realSimulatorOnly },
    });
    expect(await accTypeOf(me, Broker.quotex)).toBe(1);
  });

  it('is refused at a real broker while no login the robot can use is stored', async () => {
    const me = await registerAndLogin(t.app);
    const res = await save(me, {
      brokerID: Broker.iq,
      accType: AccountType.real,
      realPassword: me.password,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(ErrorCode.realNoCredentials);
    // Deriv: a demo token alone does not reach a real account.
    await callAs(t.app, me.cookie, api.saveDerivTokens, {
      body: { tokenDemo: 'demo-tok-123', tokenReal: '', userid: me.userid },
    });
    const deriv = await save(me, {
      brokerID: Broker.deriv,
      accType: AccountType.real,
      realPassword: me.password,
    });
    expect(deriv.json().error.code).toBe(ErrorCode.realNoCredentials);
    expect(await accTypeOf(me, Broker.deriv)).toBe(1);
  });

  it('asks for the account password again and refuses a wrong one', async () => {
    const me = await registerAndLogin(t.app);
    await iqLogin(me);
    const none = await save(me, { brokerID: Broker.iq, accType: AccountType.real });
    expect(none.statusCode).toBe(403);
    expect(none.json().error).toMatchObject({
      code: ErrorCode.realPasswordRequired,
      fields: { realPassword: ErrorCode.realPasswordRequired },
    });
    const wrong = await save(me, {
      brokerID: Broker.iq,
      accType: AccountType.real,
      realPassword: 'not-it-1',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe(ErrorCode.realPasswordWrong);
    expect(await accTypeOf(me, Broker.iq)).toBe(1);

    const right = await save(me, {
      brokerID: Broker.iq,
      accType: AccountType.real,
      realPassword: me.password,
    });
    expect(right.statusCode).toBe(200);
    expect(await accTypeOf(me, Broker.iq)).toBe(2);
    // Already Real: another save of the same bot and broker needs no password.
    const again = await save(me, { brokerID: Broker.iq, accType: AccountType.real, lote: 3 });
    expect(again.statusCode).toBe(200);
    // Demo needs none either, and going back to Real asks again.
    expect((await save(me, { brokerID: Broker.iq, accType: AccountType.demo })).statusCode).toBe(
      200,
    );
    expect((await save(me, { brokerID: Broker.iq, accType: AccountType.real })).statusCode).toBe(
      403,
    );
  });

  it('stores the daily real-money cap and reads it back', async () => {
    const me = await registerAndLogin(t.app);
    await save(me, { brokerID: Broker.iq, realCap: 150.5 });
    const res = await callAs(t.app, me.cookie, api.getGlobalParams, {
      query: { userid: me.userid, brokerid: Broker.iq },
    });
    expect(res.json()).toMatchObject({ realCap: 150.5 });
    expect(res.json()).not.toHaveProperty('realPassword');
  });
});
