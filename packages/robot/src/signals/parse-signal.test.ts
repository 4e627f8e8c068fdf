import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planEntry } from '../timing/entry-timing.ts';
import { DEFAULT_CHANNEL_SIGNAL_SETTINGS, type ChannelSignalSettings } from './channel-settings.ts';
import { MAX_LEAD_MS, parseSignal, signalInstantMs, signalKey } from './parse-signal.ts';
import type { Signal } from './types.ts';

const at = (iso: string): number => Date.parse(iso);
const BRASILIA: ChannelSignalSettings = {
  ...DEFAULT_CHANNEL_SIGNAL_SETTINGS,
  timezoneOffsetHours: -3,
};
const ctx = (iso: string) => ({ nowMs: at(iso), channelId: 'c1' });

describe('signalInstantMs', () => {
  it.each([
    [
      '22:30 in UTC-3 read at 22:00 local',
      22,
      30,
      -3,
      '2025-05-13T01:00:00Z',
      '2025-05-13T01:30:00.000Z',
    ],
    [
      '00:05 in UTC-3 read at 23:55 local',
      0,
      5,
      -3,
      '2025-05-13T02:55:00Z',
      '2025-05-13T03:05:00.000Z',
    ],
    [
      '23:58 in UTC-3 read at 00:01 local',
      23,
      58,
      -3,
      '2025-05-13T03:01:00Z',
      '2025-05-13T02:58:00.000Z',
    ],
    [
      '14:30 in UTC+5:30 read at 14:00 local',
      14,
      30,
      5.5,
      '2025-05-12T08:30:00Z',
      '2025-05-12T09:00:00.000Z',
    ],
    [
      '14:30 in UTC read 11 h earlier',
      14,
      30,
      0,
      '2025-05-12T03:30:00Z',
      '2025-05-12T14:30:00.000Z',
    ],
  ])('dates %s on the nearest day', (_, hour, minute, offset, now, expected) => {
    expect(new Date(signalInstantMs({ hour, minute }, offset, at(now))).toISOString()).toBe(
      expected,
    );
  });

  it('always lands within 12 h of now', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        fc.integer({ min: -12, max: 14 }),
        fc.integer({ min: 0, max: 4_102_444_800_000 }),
        (hour, minute, offset, nowMs) => {
          const atMs = signalInstantMs({ hour, minute }, offset, nowMs);
          expect(Math.abs(atMs - nowMs)).toBeLessThanOrEqual(12 * 3_600_000);
        },
      ),
    );
  });
});

describe('signalKey', () => {
  const base: Signal = {
    channelId: 'c1',
    asset: 'EURUSD',
    direction: 'PUT',
    time: '14:30',
    atMs: at('2025-05-12T17:30:00Z'),
    receivedAtMs: at('2025-05-12T17:20:00Z'),
    timeframeMin: 5,
    gales: undefined,
    line: 1,
  };

  it('joins channel, asset, direction and entry instant when the signal has a time', () => {
    expect(signalKey(base)).toBe('c1|EURUSD|PUT|1747071000000');
  });

  it('uses the minute the signal was read when the signal is immediate', () => {
    const immediate = {
      ...base,
      time: undefined,
      atMs: undefined,
      receivedAtMs: at('2025-05-12T17:20:42Z'),
    };
    expect(signalKey(immediate)).toBe(`c1|EURUSD|PUT|${at('2025-05-12T17:20:00Z')}`);
  });

  it('ignores the timeframe and gales when they differ', () => {
    expect(signalKey({ ...base, timeframeMin: 1, gales: 2 })).toBe(signalKey(base));
  });
});

describe('parseSignal', () => {
  it('rejects a repeat as duplicate when its key is passed back in seen', () => {
    const first = parseSignal('EURUSD 14:30 CALL', BRASILIA, ctx('2025-05-12T17:20:00Z'));
    const seen = new Set(first.signals.map(signalKey));
    const again = parseSignal('🔔 EUR/USD — CALL — 14:30 — M5', BRASILIA, {
      ...ctx('2025-05-12T17:21:00Z'),
      seen,
    });
    expect(first.signals).toHaveLength(1);
    expect(again).toEqual({
      signals: [],
      rejected: [{ reason: 'duplicate', line: 1, asset: 'EURUSD', time: '14:30' }],
      doubtful: [],
    });
  });

  it('prefers the message timezone when the channel setting differs', () => {
    const { signals } = parseSignal(
      'UTC-5\nEURUSD 09:30 PUT',
      BRASILIA,
      ctx('2025-05-12T14:20:00Z'),
    );
    expect(signals.map((s) => s.atMs)).toEqual([at('2025-05-12T14:30:00Z')]);
  });

  it('accepts a signal exactly 9 h ahead and rejects one a minute further', () => {
    const nowMs = at('2025-05-12T14:30:00Z');
    const read = (time: string) =>
      parseSignal(`EURUSD ${time} CALL`, DEFAULT_CHANNEL_SIGNAL_SETTINGS, {
        nowMs,
        channelId: 'c1',
      });
    expect(read('23:30').signals).toHaveLength(1);
    expect(read('23:31').rejected.map((r) => r.reason)).toEqual(['too_far']);
    expect(MAX_LEAD_MS).toBe(9 * 3_600_000);
  });

  it('feeds planEntry across the UTC day when the channel is UTC-3 at 22:30 local', () => {
    const { signals } = parseSignal(
      'EURUSD 22:30 CALL M5\n1º GALE 22:35',
      BRASILIA,
      ctx('2025-05-13T01:00:00Z'),
    );
    const [signal] = signals;
    expect(signal).toBeDefined();
    const plan = planEntry({
      signalType: 7,
      nowMs: at('2025-05-13T01:00:00Z'),
      signalAtMs: signal?.atMs,
      timeframeMin: signal?.timeframeMin ?? 0,
      gales: signal?.gales,
    });
    expect(
      [plan, ...plan.gales].map((o) => [
        new Date(o.sendAtMs).toISOString(),
        new Date(o.expiresAtMs).toISOString(),
      ]),
    ).toEqual([
      ['2025-05-13T01:29:58.000Z', '2025-05-13T01:35:00.000Z'],
      ['2025-05-13T01:35:00.000Z', '2025-05-13T01:40:00.000Z'],
    ]);
  });

  const settingsArb = fc.record({
    wordFilter: fc.array(fc.string(), { maxLength: 3 }),
    ignoreWords: fc.array(fc.string(), { maxLength: 3 }),
    timezoneOffsetHours: fc.double({ min: -12, max: 14, noNaN: true }),
    defaultTimeframeMin: fc.integer({ min: 1, max: 240 }),
    delaySec: fc.double({ noNaN: true }),
    invert: fc.boolean(),
    toleranceSec: fc.integer({ min: 0, max: 3600 }),
  });
  // Pieces of real messages, so random texts also reach the signal paths, not only rejections.
  const pieceArb = fc.constantFrom(
    'EURUSD',
    'EUR/USD',
    'GBPJPY-OTC',
    '(OTC)',
    '14:30',
    '23:59',
    '00:05',
    'CALL',
    'PUT',
    'COMPRA',
    '🟥',
    '⬆️',
    'M5',
    'H1',
    '5 minutos',
    'gale 2',
    'G1',
    '1º GALE',
    'UTC -3',
    'Brasília',
    'WIN',
    '✅',
    'LOSS',
    'DOJI',
    '\n',
    ';',
    ' - ',
    'lista OTC',
    'sem gale',
    'Expiração: 00:05',
    'agora',
    'BTC/USDT',
    'Apple OTC',
    '#AAPL_otc',
    'US 500',
    '🇧🇷',
    '🇪🇺🇺🇸',
    'Nova York',
    'GAIN',
    '25:10',
    '12:75',
  );
  const textArb = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc
      .array(fc.oneof(pieceArb, fc.string({ maxLength: 4 })), { maxLength: 30 })
      .map((p) => p.join(' ')),
  );
  const nowArb = fc.integer({ min: 0, max: 4_102_444_800_000 });

  it('never throws and keeps every signal within its lateness and lead bounds for any text', () => {
    fc.assert(
      fc.property(textArb, settingsArb, nowArb, (text, settings, nowMs) => {
        const result = parseSignal(text, settings, { nowMs, channelId: 'c1' });
        expect(result.signals.length + result.rejected.length).toBeGreaterThan(0);
        for (const s of result.signals) {
          if (s.atMs === undefined) continue;
          expect(s.atMs - nowMs).toBeLessThanOrEqual(MAX_LEAD_MS);
          expect(nowMs - s.atMs).toBeLessThan(s.timeframeMin * 60_000);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('returns the opposite side for every signal when invert is on', () => {
    fc.assert(
      fc.property(textArb, settingsArb, nowArb, (text, settings, nowMs) => {
        const read = (invert: boolean) =>
          parseSignal(text, { ...settings, invert }, { nowMs, channelId: 'c1' }).signals;
        const plain = read(false);
        const inverted = read(true);
        expect(inverted.map((s) => s.asset)).toEqual(plain.map((s) => s.asset));
        inverted.forEach((s, i) => expect(s.direction).not.toBe(plain[i]?.direction));
      }),
      { numRuns: 300 },
    );
  });

  it('never trades a message that cancels, wherever the word sits', () => {
    const cancelArb = fc.constantFrom('CANCELADO', 'cancelled', 'anulado', 'desconsiderem');
    fc.assert(
      fc.property(
        fc.array(pieceArb, { maxLength: 20 }),
        cancelArb,
        fc.nat(),
        settingsArb,
        nowArb,
        (pieces, cancel, at, settings, nowMs) => {
          const words: string[] = [...pieces];
          words.splice(at % (words.length + 1), 0, cancel);
          const result = parseSignal(words.join(' '), settings, { nowMs, channelId: 'c1' });
          expect(result.signals).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never trades a message that warns about a signal it names, or warns bare on its own line', () => {
    const warnArb = fc.constantFrom(
      'não entrar',
      'no entrar',
      'evitem',
      'do not enter',
      'NÃO ENTREM!',
    );
    const aboutArb = fc.constantFrom('EURUSD', 'GBPJPY-OTC', '14:30', 'o sinal', '\n');
    fc.assert(
      fc.property(
        fc.array(pieceArb, { maxLength: 20 }),
        warnArb,
        aboutArb,
        fc.nat(),
        settingsArb,
        nowArb,
        (pieces, warn, about, at, settings, nowMs) => {
          const words: string[] = [...pieces];
          // Named on the warning's line, or alone on its line ("\n warn \n").
          const warning = about === '\n' ? `\n${warn}\n` : `${warn} ${about}`;
          words.splice(at % (words.length + 1), 0, warning);
          const result = parseSignal(words.join(' '), settings, { nowMs, channelId: 'c1' });
          expect(result.signals).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads the same signals when a line of general advice that names no signal is added', () => {
    const adviceArb = fc.constantFrom(
      '⚠️ Cuidado com notícias, não entrem após 2 gales',
      'Evitem operar em horário de notícia!',
      'No entren con miedo, respeten la gestión',
      'Do not enter after gale 2',
    );
    fc.assert(
      fc.property(textArb, adviceArb, settingsArb, nowArb, (text, advice, settings, nowMs) => {
        const entries = (t: string, shift: number) =>
          parseSignal(t, settings, { nowMs, channelId: 'c1' }).signals.map((s) => ({
            ...s,
            line: s.line - shift,
          }));
        expect(entries(`${advice}\n${text}`, 1)).toEqual(entries(text, 0));
      }),
      { numRuns: 300 },
    );
  });

  it('rejects an impossible clock time instead of entering at once', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.record({
            hour: fc.integer({ min: 24, max: 99 }),
            minute: fc.integer({ min: 0, max: 99 }),
          }),
          fc.record({
            hour: fc.integer({ min: 0, max: 99 }),
            minute: fc.integer({ min: 60, max: 99 }),
          }),
        ),
        fc.constantFrom('EURUSD', 'EUR/USD', 'BTC/USDT', 'Apple OTC'),
        fc.constantFrom('CALL', 'PUT', 'COMPRA', 'VENTA'),
        nowArb,
        ({ hour, minute }, asset, side, nowMs) => {
          const hhmm = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
          const result = parseSignal(`${asset} ${hhmm} ${side} agora`, BRASILIA, {
            nowMs,
            channelId: 'c1',
          });
          expect(result.signals).toEqual([]);
          expect(result.rejected.map((r) => [r.reason, r.time])).toEqual([['invalid_time', hhmm]]);
        },
      ),
      { numRuns: 300 },
    );
  });
});
