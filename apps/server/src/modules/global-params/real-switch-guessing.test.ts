import { endpoints as api, Broker, ErrorCode, AccountType } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { callAs, registerAndLogin, useTestApp } from '../../test/app.ts';
import { globalParamsBody } from '../../test/factories.ts';

// The password typed again to switch a bot to Real is a password check like a login: under the
// login's guessing limits for that account (docs/security.md), whatever session sends it.
const t = useTestApp({ throttle: { registrationsPerHour: 100 } });

describe('the Real switch password', () => {
  it('500 guesses from one session: at most 5 evaluated, the rest 429 unevaluated', async () => {
    const me = await registerAndLogin(t.app);
    await callAs(t.app, me.cookie, api.saveBrokerLogin, {
      body: {
        email: 'me@example.com',
        password: 'iq-pass-1',
        userid: me.userid,
        broker: Broker.iq,
      },
    });
    const guess = (realPassword: string) =>
      callAs(t.app, me.cookie, api.saveGlobalParams, {
        query: { userid: me.userid },
        body: globalParamsBody(me.userid, {
          brokerID: Broker.iq,
          accType: AccountType.real,
          realPassword,
        }),
      });
    let evaluated = 0;
    let limited = 0;
    for (let i = 0; i < 500; i++) {
      const res = await guess(`guess-${i}`);
      if (res.statusCode === 403) {
        expect(res.json().error.code).toBe(ErrorCode.realPasswordWrong);
        evaluated += 1;
      } else {
        expect(res.statusCode).toBe(429);
        expect(res.headers['retry-after']).toBeDefined();
        limited += 1;
      }
    }
    expect(evaluated).toBe(5);
    expect(limited).toBe(500 - evaluated);
    // The right password is not evaluated either until the wait is over: still simulated.
    expect((await guess(me.password)).statusCode).toBe(429);
    const read = await callAs(t.app, me.cookie, api.getGlobalParams, {
      query: { userid: me.userid, brokerid: Broker.iq },
    });
    expect((read.json() as { accType: number }).accType).toBe(1);
  });
});
