import { Broker } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { copyBatchFor, realSwitchProblem, realTradingBrokers } from './broker-catalog.ts';

describe('copies at real-trading brokers', () => {
  it("go one by one through the follower's own adapter, never the shared paper batch", () => {
    const paper = { name: 'paper-batch' };
    const batchOf = copyBatchFor(paper, realTradingBrokers({ NODE_ENV: 'test' }));
    // IQ Option and Exnova (Quadcode platform) and Deriv trade real money here by default.
    expect(batchOf(7, Broker.iq)).toBeNull();
    expect(batchOf(7, Broker.exnova)).toBeNull();
    expect(batchOf(7, Broker.deriv)).toBeNull();
    // Simulator-only brokers keep the one paper batch.
    expect(batchOf(7, Broker.quotex)).toBe(paper);
    // A white label the operator configured leaves the batch too.
    const configured = realTradingBrokers({
      NODE_ENV: 'test',
      [`QUADCODE_${Broker.bullex}_HTTP_URL`]: 'https://api.example.com',
      [`QUADCODE_${Broker.bullex}_WS_URL`]: 'wss://ws.example.com/echo/websocket',
    });
    expect(copyBatchFor(paper, configured)(7, Broker.bullex)).toBeNull();
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
