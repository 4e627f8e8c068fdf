import { Broker } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { realSwitchProblem } from './real-switch.ts';

describe('switching to Real needs a login the robot can use', () => {
  const env = { NODE_ENV: 'test', DERIV_APP_ID: '4321' };
  const none = { email: '', password_enc: null, token_real_enc: null };
  it('names what is missing', () => {
    expect(realSwitchProblem(Broker.quotex, none, env)).toBe('simulatorOnly');
    expect(realSwitchProblem(Broker.iq, undefined, env)).toBe('noCredentials');
    expect(realSwitchProblem(Broker.iq, { ...none, email: 'a@b.co' }, env)).toBe('noCredentials');
    expect(
      realSwitchProblem(Broker.iq, { ...none, email: 'a@b.co', password_enc: 'x' }, env),
    ).toBeNull();
    expect(realSwitchProblem(Broker.deriv, { ...none, password_enc: 'x' }, env)).toBe(
      'noCredentials',
    );
    expect(realSwitchProblem(Broker.deriv, { ...none, token_real_enc: 'x' }, env)).toBeNull();
    // Without DERIV_APP_ID, in production and outside it: Deriv is simulator only.
    for (const NODE_ENV of ['production', 'development']) {
      expect(realSwitchProblem(Broker.deriv, { ...none, token_real_enc: 'x' }, { NODE_ENV })).toBe(
        'simulatorOnly',
      );
    }
  });
});
