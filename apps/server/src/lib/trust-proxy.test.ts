import { describe, expect, it } from 'vitest';
import { parseTrustProxy } from './trust-proxy.ts';

describe('parseTrustProxy', () => {
  it('reads a hop count, a list of proxy addresses, or off', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.5, 172.16.0.0/12')).toEqual(['10.0.0.5', '172.16.0.0/12']);
  });

  it('reads the old "true" as one hop, never as "trust every X-Forwarded-For"', () => {
    expect(parseTrustProxy('true')).toBe(1);
  });
});
