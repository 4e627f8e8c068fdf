import { describe, expect, it } from 'vitest';
import {
  channelSignalSettingsFromCard,
  DEFAULT_CHANNEL_SIGNAL_SETTINGS,
  parseSeconds,
  splitWordList,
  type ChannelCardSignalFields,
  type ChannelSignalSettings,
} from './channel-settings.ts';

describe('parseSeconds', () => {
  it.each<[number | string | undefined, number | undefined]>([
    [2, 2],
    [-1.5, -1.5],
    ['1,5', 1.5],
    ['-0,25', -0.25],
    ['−2', -2],
    [' 3 ', 3],
    ['.5', 0.5],
    ['+4', 4],
    ['', undefined],
    ['abc', undefined],
    ['1,5,2', undefined],
    [Number.NaN, undefined],
    [undefined, undefined],
  ])('reads %j as %j', (input, expected) => {
    expect(parseSeconds(input)).toBe(expected);
  });
});

describe('splitWordList', () => {
  it.each<[string | undefined, string[]]>([
    ['vip; ;Sinal', ['vip', 'Sinal']],
    ['', []],
    [undefined, []],
    ['operação;', ['operação']],
  ])('splits %j into %j', (input, expected) => {
    expect(splitWordList(input)).toEqual(expected);
  });
});

describe('channelSignalSettingsFromCard', () => {
  it.each<{
    name: string;
    card: ChannelCardSignalFields;
    expected: Partial<ChannelSignalSettings>;
  }>([
    {
      name: 'maps every wire field to its readable name',
      card: {
        wordfilter: 'sinal;vip',
        ignore: 'sorteio',
        timezone: -3,
        timeframe: 5,
        delaysig: 2,
        inverter: true,
        tolarance: '30',
      },
      expected: {
        wordFilter: ['sinal', 'vip'],
        ignoreWords: ['sorteio'],
        timezoneOffsetHours: -3,
        defaultTimeframeMin: 5,
        delaySec: 2,
        invert: true,
        toleranceSec: 30,
      },
    },
    {
      name: 'reads a decimal-comma delay and tolerance',
      card: { delaysig: '-1,5', tolarance: '2,5' },
      expected: { delaySec: -1.5, toleranceSec: 2.5 },
    },
    {
      name: 'falls back to the defaults when fields are missing',
      card: {},
      expected: DEFAULT_CHANNEL_SIGNAL_SETTINGS,
    },
    {
      name: 'treats a zero timeframe as not set',
      card: { timeframe: 0 },
      expected: { defaultTimeframeMin: 1 },
    },
    {
      name: 'ignores an unreadable delay and a negative tolerance',
      card: { delaysig: 'x', tolarance: '-5' },
      expected: { delaySec: 0, toleranceSec: 0 },
    },
  ])('$name', ({ card, expected }) => {
    expect(channelSignalSettingsFromCard(card)).toMatchObject(expected);
  });
});
