import { describe, expect, it } from 'vitest';
import type { SignalType } from '@app/contract';
import {
  ceilToMinuteMs,
  floorToMinuteMs,
  nextCandleOpenMs,
  planEntry,
  timingOfChannelType,
  type EntryTimingInput,
} from './entry-timing.ts';

const at = (iso: string): number => Date.parse(iso);
const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');

/** Renders a plan as readable ISO instants, so the tables below read like a schedule. */
function schedule(input: EntryTimingInput): string[] {
  const plan = planEntry(input);
  return [plan, ...plan.gales].map((o) => `${iso(o.sendAtMs)} → ${iso(o.expiresAtMs)}`);
}

describe('planEntry', () => {
  const T = at('2025-05-12T14:30:00Z');

  it.each<{ name: string; input: EntryTimingInput; expected: string[] }>([
    {
      name: 'sends 2 s before T and expires at T+tf for type 7 (end of candle)',
      input: {
        signalType: 7,
        nowMs: at('2025-05-12T14:20:00Z'),
        signalAtMs: T,
        timeframeMin: 5,
        gales: 2,
      },
      expected: [
        '2025-05-12T14:29:58Z → 2025-05-12T14:35:00Z',
        '2025-05-12T14:35:00Z → 2025-05-12T14:40:00Z',
        '2025-05-12T14:40:00Z → 2025-05-12T14:45:00Z',
      ],
    },
    {
      name: 'adds a negative delay to the end-of-candle send time for type 7',
      input: { signalType: 7, nowMs: T - 60_000, signalAtMs: T, timeframeMin: 1, delaySec: -1 },
      expected: ['2025-05-12T14:29:57Z → 2025-05-12T14:31:00Z'],
    },
    {
      name: 'sends at T and expires at T+tf for type 8 (full minute)',
      input: { signalType: 8, nowMs: T - 60_000, signalAtMs: T, timeframeMin: 5, gales: 1 },
      expected: [
        '2025-05-12T14:30:00Z → 2025-05-12T14:35:00Z',
        '2025-05-12T14:35:00Z → 2025-05-12T14:40:00Z',
      ],
    },
    {
      name: 'adds the delay to T for type 8',
      input: { signalType: 8, nowMs: T - 60_000, signalAtMs: T, timeframeMin: 1, delaySec: 3 },
      expected: ['2025-05-12T14:30:03Z → 2025-05-12T14:31:00Z'],
    },
    {
      name: 'sends at T plus a fractional delay for type 9 (comma delay, as full minute)',
      input: { signalType: 9, nowMs: T - 60_000, signalAtMs: T, timeframeMin: 1, delaySec: 1.5 },
      expected: ['2025-05-12T14:30:01.500Z → 2025-05-12T14:31:00Z'],
    },
    {
      name: 'waits for the next candle open for type 6 when mid-candle',
      input: {
        signalType: 6,
        nowMs: at('2025-05-12T14:27:40Z'),
        timeframeMin: 5,
        delaySec: 1,
        gales: 1,
      },
      expected: [
        '2025-05-12T14:30:01Z → 2025-05-12T14:35:00Z',
        '2025-05-12T14:35:00Z → 2025-05-12T14:40:00Z',
      ],
    },
    {
      name: 'sends at once for type 6 when now is exactly a candle open',
      input: { signalType: 6, nowMs: at('2025-05-12T14:31:00Z'), timeframeMin: 1 },
      expected: ['2025-05-12T14:31:00Z → 2025-05-12T14:32:00Z'],
    },
    {
      name: 'expires at floorToMinute(now+tf) for type 4 when 30 s or more remain',
      input: { signalType: 4, nowMs: at('2025-05-12T14:30:20Z'), timeframeMin: 1, gales: 1 },
      expected: [
        '2025-05-12T14:30:20Z → 2025-05-12T14:31:00Z',
        '2025-05-12T14:31:00Z → 2025-05-12T14:32:00Z',
      ],
    },
    {
      name: 'keeps the floored expiry for type 4 when exactly 30 s remain',
      input: { signalType: 4, nowMs: at('2025-05-12T14:30:30Z'), timeframeMin: 1 },
      expected: ['2025-05-12T14:30:30Z → 2025-05-12T14:31:00Z'],
    },
    {
      name: 'moves the type 4 expiry one minute on when under 30 s remain',
      input: { signalType: 4, nowMs: at('2025-05-12T14:30:40Z'), timeframeMin: 1 },
      expected: ['2025-05-12T14:30:40Z → 2025-05-12T14:32:00Z'],
    },
    {
      name: 'floors a 5-minute type 4 expiry without moving it when minutes remain',
      input: { signalType: 4, nowMs: at('2025-05-12T14:30:40Z'), timeframeMin: 5, delaySec: 9 },
      expected: ['2025-05-12T14:30:40Z → 2025-05-12T14:35:00Z'],
    },
    {
      name: 'expires at ceilToMinute(now+tf) for type 5 (immediate subsequent)',
      input: { signalType: 5, nowMs: at('2025-05-12T14:30:20Z'), timeframeMin: 1 },
      expected: ['2025-05-12T14:30:20Z → 2025-05-12T14:32:00Z'],
    },
    {
      name: 'keeps an exact minute for type 5 when now+tf is already whole',
      input: { signalType: 5, nowMs: at('2025-05-12T14:30:00Z'), timeframeMin: 1 },
      expected: ['2025-05-12T14:30:00Z → 2025-05-12T14:31:00Z'],
    },
    {
      name: 'uses the next candle open as T for type 8 when the signal is immediate',
      input: { signalType: 8, nowMs: at('2025-05-12T14:27:40Z'), timeframeMin: 5 },
      expected: ['2025-05-12T14:30:00Z → 2025-05-12T14:35:00Z'],
    },
    {
      name: 'crosses midnight for a 23:59 type 7 signal with tf 5 and two gales',
      input: {
        signalType: 7,
        nowMs: at('2025-05-12T23:50:00Z'),
        signalAtMs: at('2025-05-12T23:59:00Z'),
        timeframeMin: 5,
        gales: 2,
      },
      expected: [
        '2025-05-12T23:58:58Z → 2025-05-13T00:04:00Z',
        '2025-05-13T00:04:00Z → 2025-05-13T00:09:00Z',
        '2025-05-13T00:09:00Z → 2025-05-13T00:14:00Z',
      ],
    },
    {
      name: 'opens the next day candle for type 6 just before midnight',
      input: { signalType: 6, nowMs: at('2025-05-12T23:58:30Z'), timeframeMin: 5 },
      expected: ['2025-05-13T00:00:00Z → 2025-05-13T00:05:00Z'],
    },
    {
      name: 'plans no gale instants when gales wait for the next signal',
      input: {
        signalType: 8,
        nowMs: T - 60_000,
        signalAtMs: T,
        timeframeMin: 1,
        gales: 3,
        galeSchedule: 'nextSignal',
      },
      expected: ['2025-05-12T14:30:00Z → 2025-05-12T14:31:00Z'],
    },
  ])('$name', ({ input, expected }) => {
    expect(schedule(input)).toEqual(expected);
  });

  it.each([0, -1, Number.NaN])('throws a RangeError when the timeframe is %s', (timeframeMin) => {
    expect(() => planEntry({ signalType: 8, nowMs: T, timeframeMin })).toThrow(RangeError);
  });

  it('throws a RangeError when now is not finite', () => {
    expect(() => planEntry({ signalType: 4, nowMs: Number.NaN, timeframeMin: 1 })).toThrow(
      RangeError,
    );
  });
});

describe('timingOfChannelType', () => {
  it.each<[1 | 2 | 3 | 4 | 5 | 6, SignalType]>([
    [1, 7],
    [2, 8],
    [3, 6],
    [4, 4],
    [5, 5],
    [6, 9],
  ])('maps channel type %i onto timing type %i', (channel, timing) => {
    expect(timingOfChannelType(channel)).toBe(timing);
  });
});

describe('minute and candle rounding', () => {
  it.each([
    ['floorToMinuteMs', floorToMinuteMs(at('2025-05-12T14:30:59.999Z')), '2025-05-12T14:30:00Z'],
    ['ceilToMinuteMs', ceilToMinuteMs(at('2025-05-12T14:30:00.001Z')), '2025-05-12T14:31:00Z'],
    ['ceilToMinuteMs', ceilToMinuteMs(at('2025-05-12T14:30:00Z')), '2025-05-12T14:30:00Z'],
    [
      'nextCandleOpenMs M15',
      nextCandleOpenMs(at('2025-05-12T14:31:00Z'), 15),
      '2025-05-12T14:45:00Z',
    ],
    [
      'nextCandleOpenMs H1',
      nextCandleOpenMs(at('2025-05-12T14:31:00Z'), 60),
      '2025-05-12T15:00:00Z',
    ],
  ])('rounds with %s to the expected instant when given a mid-candle instant', (_, got, want) => {
    expect(iso(got)).toBe(want);
  });
});
