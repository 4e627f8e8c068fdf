// A channel's taught vocabulary as the reader applies it, and what teaching changes in a
// channel's stored messages.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHANNEL_SIGNAL_SETTINGS, type ChannelSignalSettings } from './channel-settings.ts';
import { parseSignal } from './parse-signal.ts';
import type { ChannelVocabulary } from './types.ts';
import { vocabularyImpact } from './vocabulary-impact.ts';

const NOW = Date.parse('2026-12-02T14:00:00Z');
const taught = (vocabulary: ChannelVocabulary): ChannelSignalSettings => ({
  ...DEFAULT_CHANNEL_SIGNAL_SETTINGS,
  vocabulary,
});
const read = (text: string, settings: ChannelSignalSettings = DEFAULT_CHANNEL_SIGNAL_SETTINGS) =>
  parseSignal(text, settings, { nowMs: NOW, channelId: 'c1' });

describe('a taught vocabulary', () => {
  it('reads a taught side word, for that channel only', () => {
    const settings = taught([{ means: 'direction', word: 'Pra Lua', direction: 'CALL' }]);
    expect(read('EURUSD 14:30 PRA LUA 🚀', settings).signals).toMatchObject([
      { asset: 'EURUSD', direction: 'CALL', time: '14:30' },
    ]);
    expect(read('EURUSD 14:30 PRA LUA 🚀').signals).toEqual([]);
  });

  it('reads a taught asset alias, labels with their values and fixed values', () => {
    const settings = taught([
      { means: 'asset', word: 'Ourinho', asset: 'XAUUSD-OTC' },
      { means: 'gales', word: 'Recuperação' },
      { means: 'expiry', word: 'Turbo', value: 1 },
    ]);
    expect(read('OURINHO 14:30 CALL turbo — Recuperação: 1', settings).signals).toMatchObject([
      { asset: 'XAUUSD-OTC', direction: 'CALL', timeframeMin: 1, gales: 1 },
    ]);
    const label = taught([{ means: 'expiry', word: 'Tempo' }]);
    expect(read('EURUSD 14:30 PUT Tempo → 15', label).signals).toMatchObject([
      { asset: 'EURUSD', direction: 'PUT', timeframeMin: 15 },
    ]);
  });

  it('ignores taught noise and cancels on a taught cancel word', () => {
    const settings = taught([
      { means: 'cancel', word: 'Furou' },
      { means: 'noise', word: 'Lua' },
    ]);
    expect(read('FUROU EURUSD 14:30 CALL', settings).rejected).toEqual([
      { reason: 'cancelled', asset: 'EURUSD', time: '14:30' },
    ]);
  });
});

describe('a taught position', () => {
  const lastIsExpiry = taught([{ means: 'position', field: 'expiry', position: -1 }]);

  it('reads the number at the taught field of a signal line as its expiry', () => {
    expect(read('EURUSD 14:30 PUT 5', lastIsExpiry).signals).toMatchObject([
      { asset: 'EURUSD', direction: 'PUT', time: '14:30', timeframeMin: 5 },
    ]);
    expect(read('🔥 EUR/USD;14:30;CALL;15 🔥', lastIsExpiry).signals).toMatchObject([
      { asset: 'EURUSD', direction: 'CALL', timeframeMin: 15 },
    ]);
    // Not taught to this channel: the number stays unexplained, the signal doubtful.
    expect(read('EURUSD 14:30 PUT 5').signals).toEqual([]);
  });

  it('leaves a field that is no bare number, and lines without an asset, to the lexicon', () => {
    expect(read('EURUSD 14:30 PUT M5', lastIsExpiry).signals).toMatchObject([{ timeframeMin: 5 }]);
    expect(read('EURUSD 14:30 PUT M5\nGale 2', lastIsExpiry).signals).toMatchObject([
      { timeframeMin: 5, gales: 2 },
    ]);
    const secondIsGales = taught([{ means: 'position', field: 'gales', position: 2 }]);
    expect(read('EURUSD 1 14:30 CALL M5', secondIsGales).signals).toMatchObject([
      { time: '14:30', timeframeMin: 5, gales: 1 },
    ]);
  });
});

describe('vocabularyImpact', () => {
  const messages = [
    { text: 'EURUSD 14:30 ALTA', receivedAtMs: NOW },
    { text: 'GBPUSD 14:40 ALTA', receivedAtMs: NOW + 60_000 },
    { text: 'USDJPY 14:50 CALL', receivedAtMs: NOW + 120_000 },
    { text: 'Bom dia, galera!', receivedAtMs: NOW + 180_000 },
  ];
  const ctx = { settings: DEFAULT_CHANNEL_SIGNAL_SETTINGS, channelId: 'c1', examples: 1 };

  it('counts the stored messages a taught word makes read, with an example', () => {
    const impact = vocabularyImpact(
      messages,
      undefined,
      [{ means: 'direction', word: 'alta', direction: 'CALL' }],
      ctx,
    );
    expect(impact).toMatchObject({
      messages: 4,
      newlyRead: 2,
      changed: 0,
      noLongerRead: 0,
      unchanged: 2,
    });
    expect(impact.examples).toEqual([
      {
        kind: 'newlyRead',
        index: 0,
        text: 'EURUSD 14:30 ALTA',
        receivedAtMs: NOW,
        before: [],
        after: [
          {
            line: 1,
            asset: 'EURUSD',
            direction: 'CALL',
            time: '14:30',
            timeframeMin: 1,
            gales: undefined,
          },
        ],
      },
    ]);
  });

  it('counts messages no longer read and changed when a word is taught otherwise', () => {
    const before: ChannelVocabulary = [{ means: 'direction', word: 'alta', direction: 'CALL' }];
    const after: ChannelVocabulary = [
      { means: 'direction', word: 'alta', direction: 'PUT' },
      { means: 'cancel', word: 'furou' },
    ];
    const impact = vocabularyImpact(
      [...messages, { text: 'USDJPY 14:55 CALL furou', receivedAtMs: NOW }],
      before,
      after,
      ctx,
    );
    expect(impact).toMatchObject({ messages: 5, newlyRead: 0, changed: 2, noLongerRead: 1 });
    expect(impact.examples.map((e) => [e.kind, e.index])).toEqual([
      ['changed', 0],
      ['noLongerRead', 4],
    ]);
  });
});
