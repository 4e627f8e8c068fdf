import { Broker } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { realSwitchProblem, realTradingBrokers } from './broker-catalog.ts';

describe('real-trading brokers', () => {
  it('are IQ Option, Exnova and Deriv by default, plus the white labels the operator configured', () => {
    expect(realTradingBrokers({ NODE_ENV: 'test' })).toEqual([
      Broker.iq,
      Broker.deriv,
      Broker.exnova,
    ]);
    const configured = realTradingBrokers({
      NODE_ENV: 'test',
      [`QUADCODE_${Broker.bullex}_HTTP_URL`]: 'https://api.example.com',
      [`QUADCODE_${Broker.bullex}_WS_URL`]: 'wss://ws.example.com/echo/websocket',
    });
    expect(configured).toContain(Broker.bullex);
    expect(realTradingBrokers({ NODE_ENV: 'production' })).not.toContain(Broker.deriv);
  });
});

describe('switching to Real needs a login the robot can use', () => {
  const env = { NODE_ENV: 'test' };
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
    // Production without DERIV_APP_ID: Deriv is simulator only.
    expect(
      realSwitchProblem(Broker.deriv, { ...none, token_real_enc: 'x' }, { NODE_ENV: 'production' }),
    ).toBe('simulatorOnly');
  });
});
