// Token accounting: what the reader cannot account for makes a signal doubtful instead of letting
// a default fill the field, and the tokens are located in the message as the trader wrote it.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHANNEL_SIGNAL_SETTINGS } from './channel-settings.ts';
import { parseSignal } from './parse-signal.ts';

const NOW = Date.parse('2026-12-02T14:00:00Z');
const read = (text: string) =>
  parseSignal(text, DEFAULT_CHANNEL_SIGNAL_SETTINGS, { nowMs: NOW, channelId: 'c1' });

/** The highlighted texts of a message's doubts, with their reasons. */
const highlighted = (text: string) =>
  read(text).doubtful.flatMap((d) => d.tokens.map((t) => [t.text, t.reason]));

describe('token accounting', () => {
  it('never trades an unexplained number with the default expiry', () => {
    const text = 'EURUSD 14:30 CALL 5';
    const result = read(text);
    expect(result.signals).toEqual([]);
    expect(result.rejected).toEqual([
      { reason: 'doubtful', line: 1, asset: 'EURUSD', time: '14:30' },
    ]);
    expect(result.doubtful).toEqual([
      {
        line: 1,
        asset: 'EURUSD',
        time: '14:30',
        tokens: [{ text: '5', start: 18, end: 19, line: 1, reason: 'unexplainedNumber' }],
      },
    ]);
  });

  it('locates the tokens in the original text, accents and emoji included', () => {
    const text =
      '🔥 Sinal VIP 🔥\n🇪🇺 EUR/USD 🇺🇸\n⏰ Horário: 14:30\n📈 Direção: COMPRA\n⏳ Expiração: cinco';
    const result = read(text);
    expect(result.signals).toEqual([]);
    const [doubt] = result.doubtful;
    expect(doubt?.tokens).toEqual([
      expect.objectContaining({ text: 'Expiração', line: 5, reason: 'labelWithoutValue' }),
    ]);
    const token = doubt?.tokens[0];
    expect(token && text.slice(token.start, token.end)).toBe('Expiração');
  });

  it.each([
    // A header or template line whose value was not read.
    ['EUR/USD 14:30 PUT\nGale: dois', 'Gale'],
    // A word standing as a field of a delimited line.
    ['EURUSD;14:30;PUT;TURBO', 'TURBO'],
    // Two entry times for one signal.
    ['EURUSD 14:30 CALL 14:35', '14:35'],
  ])('doubts %j at %j', (text, token) => {
    const result = read(text);
    expect(result.signals).toEqual([]);
    expect(result.rejected.map((r) => r.reason)).toEqual(['doubtful']);
    expect(result.doubtful[0]?.tokens.map((t) => t.text)).toEqual([token]);
  });

  it.each([
    // Decoration: a date, a percentage, a price, an id, list numbering, a count of signals.
    ['📅 12/05/2025\n1. EURUSD 14:30 CALL M5', 1],
    ['EURUSD 14:30 CALL M5 — assertividade 95%', 1],
    ['SINAL #12\nEUR/USD 14:30 PUT\nPreço: 1.08450', 1],
    ['🔥 10 sinais hoje 🔥\nEURUSD 14:30 CALL\nGBPUSD 14:35 PUT', 2],
    // Every field stated: a stray number fills nothing.
    ['EURUSD 14:30 CALL M5 G1 95', 1],
  ])('trades %j: every token accounted for', (text, count) => {
    const result = read(text);
    expect(result.signals).toHaveLength(count);
    expect(result.doubtful).toEqual([]);
  });

  it('highlights an unknown side word on a signal it cannot trade', () => {
    expect(read('EURUSD 14:30 AZUL').rejected).toEqual([
      { reason: 'no_direction', line: 1, asset: 'EURUSD', time: '14:30' },
    ]);
    expect(highlighted('EURUSD 14:30 AZUL')).toEqual([['AZUL', 'unexplainedWord']]);
  });

  it('highlights the words of a line with a time and a side but no asset', () => {
    expect(highlighted('EUROZÃO 14:30 CALL')).toEqual([['EUROZÃO', 'unexplainedWord']]);
  });
});
