import { Broker } from '@app/contract';
import { describe, expect, it } from 'vitest';
import {
  derivAppIdFromEnv,
  derivUnavailableReason,
  quadcodePlatformsFromEnv,
  realTradingBrokers,
} from './broker-catalog.ts';

describe('real-trading brokers', () => {
  it('are IQ Option and Exnova by default, Deriv with its app id, plus the white labels configured', () => {
    expect(realTradingBrokers({ NODE_ENV: 'test' })).toEqual([Broker.iq, Broker.exnova]);
    expect(realTradingBrokers({ NODE_ENV: 'test', DERIV_APP_ID: '4321' })).toEqual([
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

  it("never takes Deriv's legacy test id 1089 for the new API, in any environment", () => {
    // Deriv: "Your legacy App IDs will not work with the new APIs".
    for (const NODE_ENV of ['development', 'test', 'production']) {
      expect(derivAppIdFromEnv({ NODE_ENV })).toBeNull();
      expect(derivAppIdFromEnv({ NODE_ENV, DERIV_API: 'new' })).toBeNull();
      expect(derivAppIdFromEnv({ NODE_ENV, DERIV_APP_ID: ' 4321 ' })).toBe('4321');
    }
    // The legacy API, only outside production, still has Deriv's test id.
    expect(derivAppIdFromEnv({ NODE_ENV: 'development', DERIV_API: 'legacy' })).toBe('1089');
    expect(derivAppIdFromEnv({ NODE_ENV: 'production', DERIV_API: 'legacy' })).toBeNull();
    // The operator is told why, and what to set.
    expect(derivUnavailableReason({ NODE_ENV: 'development' })).toMatch(
      /Deriv is unavailable \(simulator only\): DERIV_APP_ID is not set/,
    );
    expect(derivUnavailableReason({ DERIV_APP_ID: '4321' })).toBeNull();
  });
});

describe('the Quadcode-platform brokers', () => {
  it('send the platform cookie the SDK always sends (its id 82) unless the operator names another', () => {
    const platforms = quadcodePlatformsFromEnv({});
    expect(platforms.get(Broker.iq)?.platformId).toBe(82);
    expect(platforms.get(Broker.exnova)?.platformId).toBe(82);
    const configured = quadcodePlatformsFromEnv({
      [`QUADCODE_${Broker.iq}_PLATFORM_ID`]: '9',
      [`QUADCODE_${Broker.bullex}_HTTP_URL`]: 'https://api.example.com',
      [`QUADCODE_${Broker.bullex}_WS_URL`]: 'wss://ws.example.com/echo/websocket',
    });
    expect(configured.get(Broker.iq)?.platformId).toBe(9);
    expect(configured.get(Broker.bullex)?.platformId).toBe(82);
  });
});
