import { describe, expect, it } from 'vitest';
import { checkTimeWindow, isEmailLike, isHost } from './field-checks.ts';
import { fieldLimits, fieldProblem, rangeKey } from './field-limits.ts';
import { GlobalParamsSchema } from './global-params.ts';
import { ReaderParamsSchema } from './reader-params.ts';

describe('isHost', () => {
  it.each(['10.0.0.7', 'proxy.example.com', 'localhost', 'a-b.c', '::1', '2001:db8::1', 'x.com.'])(
    'accepts %j',
    (host) => expect(isHost(host)).toBe(true),
  );
  it.each(['not a host!!', '', 'http://x.com', '999.1.1.1', '1.2.3', 'a..b', '-a.com', 'a_b.com'])(
    'refuses %j',
    (host) => expect(isHost(host)).toBe(false),
  );
});

describe('isEmailLike', () => {
  it('accepts name@domain.tld, also with spaces around (OlympTrade is not trimmed)', () => {
    expect(isEmailLike('me@broker.com')).toBe(true);
    expect(isEmailLike(' me@broker.com ')).toBe(true);
  });
  it.each(['abc', 'a@b', '@b.com', 'a b@c.com'])('refuses %j', (email) =>
    expect(isEmailLike(email)).toBe(false),
  );
});

describe('checkTimeWindow', () => {
  const names = { start: 's', end: 'e' };
  it('accepts an empty window and a start before its end', () => {
    expect(checkTimeWindow('', '', names)).toBeNull();
    expect(checkTimeWindow('08:00', '08:01', names)).toBeNull();
  });
  it('blames the missing end, the missing start, or the end before the start', () => {
    expect(checkTimeWindow('08:00', '', names)).toEqual({
      field: 'e',
      key: 'errors.field.windowEndMissing',
    });
    expect(checkTimeWindow('', '09:00', names)).toEqual({
      field: 's',
      key: 'errors.field.windowStartMissing',
    });
    expect(checkTimeWindow('22:00', '02:00', names)).toEqual({
      field: 'e',
      key: 'errors.field.windowOrder',
    });
  });
});

describe('fieldLimits', () => {
  it('reads a number field’s range from the schema', () => {
    expect(fieldLimits(GlobalParamsSchema, 'payout')).toEqual({ min: 0, max: 100 });
    expect(fieldLimits(GlobalParamsSchema, 'galenum')).toEqual({ min: 0, max: 10, integer: true });
    expect(fieldLimits(GlobalParamsSchema, 'stopWin')).toEqual({ min: 0 });
    expect(fieldLimits(ReaderParamsSchema, 'timerzone')).toEqual({ min: -12, max: 14 });
  });
  it('answers null for a field that is not a number or not there', () => {
    expect(fieldLimits(GlobalParamsSchema, 'userid')).toBeNull();
    expect(fieldLimits(GlobalParamsSchema, 'toString')).toBeNull();
    expect(fieldLimits(undefined, 'payout')).toBeNull();
  });
});

describe('fieldProblem and rangeKey', () => {
  it('names what is wrong and the range key', () => {
    expect(fieldProblem({ code: 'too_big' })).toBe('errors.field.tooBig');
    expect(fieldProblem({ code: 'invalid_type', expected: 'int' })).toBe('errors.field.notInteger');
    expect(fieldProblem({ code: 'invalid_type', expected: 'number' })).toBe(
      'errors.field.notNumber',
    );
    expect(rangeKey({ min: 0, max: 10, integer: true })).toBe('errors.range.betweenInt');
    expect(rangeKey({ min: 0 })).toBe('errors.range.atLeast');
    expect(rangeKey({})).toBeNull();
  });
});
