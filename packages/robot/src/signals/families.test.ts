// The reading families of the generic lexicon, each with the line that must not be read as one:
// where a rule stops is what keeps a wider vocabulary from trading what a channel did not say.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHANNEL_SIGNAL_SETTINGS } from './channel-settings.ts';
import { parseSignal } from './parse-signal.ts';

const NOW = Date.parse('2026-12-02T14:00:00Z');
const read = (text: string) =>
  parseSignal(text, DEFAULT_CHANNEL_SIGNAL_SETTINGS, { nowMs: NOW, channelId: 'c1' });
/** What a trader sees traded: asset, side, time, expiry, gales. */
const traded = (text: string) =>
  read(text).signals.map((s) => [s.asset, s.direction, s.time, s.timeframeMin, s.gales]);

describe('reading families', () => {
  it.each([
    ['EURUSD 14:30 SUBINDO', 'CALL'],
    ['EURUSD 14:30 DESCER', 'PUT'],
    ['EURUSD 14:30 BAJADA', 'PUT'],
    ['EURUSD 14:30 BELOW', 'PUT'],
    ['EURUSD 14:30 ▲', 'CALL'],
    ['EURUSD 14:30 ⇩', 'PUT'],
  ])('reads the side of %j', (text, side) => {
    expect(read(text).signals.map((s) => s.direction)).toEqual([side]);
  });

  it('leaves "alta" to be taught: the adjective of advertising is no side', () => {
    expect(read('🔥 Sinais de alta assertividade 🔥\nEURUSD 14:30').signals).toEqual([]);
    expect(read('EURUSD 14:30 ALTA').doubtful.flatMap((d) => d.tokens.map((t) => t.text))).toEqual([
      'ALTA',
    ]);
  });

  it.each([
    ['EURUSD 14:30 CALL M 5', 5],
    ['EURUSD 14:30 CALL\nExpiração: 15', 15],
    ['EURUSD 14:30 CALL\nExpira às 14:35', 5],
    ['Asset: EUR/USD\nOpen: 14:30\nClose: 14:45\nDirection: UP', 15],
  ])('reads the expiry of %j', (text, minutes) => {
    expect(traded(text)).toEqual([['EURUSD', 'CALL', '14:30', minutes, undefined]]);
  });

  it('never trades a second clock it did not read, with the default expiry', () => {
    const result = read('Asset: EUR/USD\nEntrada: 14:30\nSaída: 14:35\nDirection: UP');
    expect(result.signals).toEqual([]);
    expect(result.doubtful.flatMap((d) => d.tokens.map((t) => [t.text, t.reason]))).toEqual([
      ['14:35', 'contradiction'],
    ]);
  });

  it.each([
    ['EURUSD 14:30 CALL 1G', 1],
    ['EURUSD 14:30 CALL G-2', 2],
    ['EURUSD 14:30 CALL\nGale → 1', 1],
    ['EURUSD 14:30 CALL\nMão fixa', 0],
    ['EURUSD 14:30 CALL\nGale: não', 0],
  ])('reads the gale count of %j', (text, gales) => {
    expect(traded(text)).toEqual([['EURUSD', 'CALL', '14:30', 1, gales]]);
  });

  it('reads two signals on one line at their separator, not inside a pair', () => {
    expect(traded('EUR/USD 14:30 CALL | GBP/JPY 14:35 PUT')).toEqual([
      ['EURUSD', 'CALL', '14:30', 1, undefined],
      ['GBPJPY', 'PUT', '14:35', 1, undefined],
    ]);
    // The cut needs a time or a side before it: "EUR/USD e GBP/USD 14:30 CALL" is not cut.
    expect(traded('EUR/USD 14:30 CALL - M5')).toEqual([['EURUSD', 'CALL', '14:30', 5, undefined]]);
  });

  it('takes a long entry at a price for a position, not an option', () => {
    expect(read('LONG ENTRY\nAtivo: BTCUSDT\nPreço: $93,161.00\nHorário: 14:30').rejected).toEqual([
      { reason: 'price_order' },
    ]);
  });
});
