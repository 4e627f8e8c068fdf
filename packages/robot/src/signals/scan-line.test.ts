import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldText } from './fold-text.ts';
import { scanLine, type LineScan } from './scan-line.ts';

describe('foldText', () => {
  it.each([
    ['Direção: COMPRA', 'direcao: compra'],
    ['SEÑAL', 'senal'],
    ['𝐄𝐔𝐑𝐔𝐒𝐃', 'eurusd'],
    ['1º GALE', '1o gale'],
    ['⬆️', '⬆'],
  ])('folds %j to %j', (input, expected) => {
    expect(foldText(input)).toBe(expected);
  });

  it('folds any text like NFKD without marks, lower-cased', () => {
    const reference = (text: string): string =>
      text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
    fc.assert(
      fc.property(
        fc.oneof(
          fc
            .array(fc.integer({ min: 0, max: 0x10ffff }), { maxLength: 30 })
            .map((codePoints) => String.fromCodePoint(...codePoints)),
          fc
            .array(
              fc.constantFrom('É', 'ç', 'ñ', '𝐄', '1º', '⬆️', '🇧🇷', 'İ', 'ﬁ', '\u0301', 'Z', ' '),
            )
            .map((parts) => parts.join('')),
        ),
        (text) => {
          expect(foldText(text)).toBe(reference(text));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('scanLine', () => {
  it.each<[string, Partial<LineScan>]>([
    ['EURUSD', { asset: 'EURUSD' }],
    ['eur/usd', { asset: 'EURUSD' }],
    ['EUR / USD', { asset: 'EURUSD' }],
    ['EURUSD-OTC', { asset: 'EURUSD-OTC' }],
    ['EUR/USD (OTC)', { asset: 'EURUSD-OTC' }],
    ['COMPRA', { direction: 'CALL' }],
    ['vender', { direction: 'PUT' }],
    ['🟩', { direction: 'CALL' }],
    ['⬇️', { direction: 'PUT' }],
    ['CALL 🔴', { direction: 'conflict' }],
    ['call put', { direction: 'conflict' }],
    ['14:30', { times: [{ hour: 14, minute: 30 }] }],
    ['9h05', { times: [{ hour: 9, minute: 5 }] }],
    ['14:30:00', { times: [{ hour: 14, minute: 30 }] }],
    ['24:00', { times: [], invalidTime: '24:00' }],
    ['M15', { timeframeMin: 15 }],
    ['H1', { timeframeMin: 60 }],
    ['5 minutos', { timeframeMin: 5 }],
    ['1 hora', { timeframeMin: 60 }],
    ['Expiração: 00:05', { timeframeMin: 5, times: [] }],
    ['gale 2', { galeCount: 2, galeMentioned: true }],
    ['2 gales', { galeCount: 2 }],
    ['G1', { galeCount: 1 }],
    ['MG2', { galeCount: 2 }],
    ['M1 gale 2', { timeframeMin: 1, galeCount: 2 }],
    ['sem gale', { galeCount: 0 }],
    ['2º GALE 14:40', { galeOrdinal: 2, times: [{ hour: 14, minute: 40 }] }],
    ['UTC -3', { timezoneOffsetHours: -3 }],
    ['GMT+5:30', { timezoneOffsetHours: 5.5 }],
    ['UTC−3', { timezoneOffsetHours: -3 }],
    ['horário UTC', { timezoneOffsetHours: 0 }],
    ['Brasília', { timezoneHint: -3, timezoneOffsetHours: undefined }],
    ['WIN ✅', { isResult: true }],
    ['✅✅', { isResult: true }],
    ['✅ Entrada confirmada', { isResult: false }],
    ['respeite o stop loss', { isResult: false }],
    ['LISTA OTC', { mentionsOtc: true }],
    ['COMPRAR', { direction: 'CALL' }],
    ['25:10', { times: [], invalidTime: '25:10' }],
    ['12:75', { times: [], invalidTime: '12:75' }],
    ['GAIN no G1', { isResult: true, galeCount: 1 }],
    ['placar 10x2', { isResult: true }],
    ['Sinal CANCELADO', { cancels: true }],
    ['não entrem', { warns: true, warnQualified: false }],
    ["don't enter", { warns: true, warnQualified: false }],
    ['no operen', { warns: true, warnQualified: false }],
    ['evitem', { warns: true, warnQualified: false }],
    ['não entrem após 2 gales', { warns: true, warnQualified: true, cancels: false }],
    ['evitem operar em horário de notícia', { warns: true, warnQualified: true }],
    ['não entre atrasado', { cancels: false }],
    ['sem gale', { cancels: false }],
    ['agora', { immediate: true }],
    ['entrar já', { immediate: true }],
    ['entra ya', { immediate: true }],
    ['entrada na próxima vela', { immediate: true }],
    ['next candle', { immediate: true }],
    ['vela de 5 minutos', { immediate: false }],
    ['já estamos no lucro', { immediate: false }],
    ['🇧🇷', { timezoneHint: -3 }],
    ['🇨🇴', { timezoneHint: -5 }],
    ['🇺🇸', { timezoneHint: undefined }],
    ['🇪🇺🇺🇸 EURUSD', { timezoneHint: undefined, asset: 'EURUSD' }],
    ['🇯🇵 USDJPY', { timezoneHint: undefined }],
    ['🇧🇷 EURUSD', { timezoneHint: -3 }],
    ['🇬🇧 LONDON SESSION 🇬🇧', { timezoneHint: undefined }],
    ['Nova York', { timezoneHint: 'America/New_York' }],
    ['New York session', { timezoneHint: undefined }],
    ['sesión de Nueva York', { timezoneHint: undefined }],
    ['Nova York UTC-4', { timezoneHint: 'America/New_York', timezoneOffsetHours: -4 }],
    ['BTC/USDT', { asset: 'BTCUSDT' }],
    ['dogeusdt', { asset: 'DOGEUSDT' }],
    ['Apple OTC', { asset: 'AAPL-OTC' }],
    ['#AAPL_otc', { asset: 'AAPL-OTC' }],
    ['Coca-Cola', { asset: 'KO' }],
    ['US 500', { asset: 'US500' }],
    ['S&P 500', { asset: 'US500' }],
    ['Dow Jones', { asset: 'US30' }],
    ['NAS100 OTC', { asset: 'US100-OTC' }],
    ['#META', { asset: 'META' }],
    ['US 30 minutos', { asset: undefined, timeframeMin: 30 }],
    ['GALE: 14:35', { galeCount: undefined, times: [{ hour: 14, minute: 35 }] }],
    // Schedules: a schedule's "level" after an ordinal, "SG", the time a post was written.
    [
      '2nd level at 14:40',
      { galeMentioned: true, galeOrdinal: 2, times: [{ hour: 14, minute: 40 }] },
    ],
    ['14:40 - EUR/JPY - PUT - SG', { galeCount: 0, direction: 'PUT' }],
    ['Key Levels:', { galeMentioned: false }],
    ['🕒 Gerado às: 14:18 (Horário de Brasília)', { times: [] }],
    ['Sent at 09:05', { times: [] }],
  ])('reads %j as %j', (line, expected) => {
    expect(scanLine(foldText(line))).toMatchObject(expected);
  });

  // The vocabulary, field by field, in Portuguese, Spanish and English.
  it.each<[string, Partial<LineScan>]>([
    // Pairs written with a hyphen or underscore, and OTC elsewhere on the line.
    ['EUR-USD', { asset: 'EURUSD' }],
    ['EUR-USD-OTC', { asset: 'EURUSD-OTC' }],
    ['eur_usd', { asset: 'EURUSD' }],
    ['BTC-USDT', { asset: 'BTCUSDT' }],
    ['EUR - 14:30', { asset: undefined }],
    ['EURUSD M5 OTC 14:30', { asset: 'EURUSD', mentionsOtc: true, timeframeMin: 5 }],
    // Directions: words…
    ['acima', { direction: 'CALL' }],
    ['abaixo', { direction: 'PUT' }],
    ['baixa', { direction: 'PUT' }],
    ['arriba', { direction: 'CALL' }],
    ['abajo', { direction: 'PUT' }],
    ['sube', { direction: 'CALL' }],
    ['baja', { direction: 'PUT' }],
    ['alcista', { direction: 'CALL' }],
    ['bajista', { direction: 'PUT' }],
    ['rise', { direction: 'CALL' }],
    ['fall', { direction: 'PUT' }],
    ['higher', { direction: 'CALL' }],
    ['al alza', { direction: 'CALL' }],
    ['bearish', { direction: 'PUT' }],
    ['lower', { direction: 'PUT' }],
    // …and symbols; a word and a colour that disagree are doubt.
    ['🔺', { direction: 'CALL' }],
    ['🔻', { direction: 'PUT' }],
    ['📈', { direction: 'CALL' }],
    ['📉', { direction: 'PUT' }],
    ['⤴️', { direction: 'CALL' }],
    ['⤵️', { direction: 'PUT' }],
    ['PUT ⬆️', { direction: 'conflict' }],
    ['VENDA 🟢', { direction: 'conflict' }],
    ['COMPRA 🟢', { direction: 'CALL' }],
    // Clock times.
    ['15h', { times: [{ hour: 15, minute: 0 }] }],
    ['às 9hs', { times: [{ hour: 9, minute: 0 }] }],
    ['16hrs', { times: [{ hour: 16, minute: 0 }] }],
    ['às 15 horas', { times: [{ hour: 15, minute: 0 }], timeframeMin: undefined }],
    ['a las 9 horas', { times: [{ hour: 9, minute: 0 }], timeframeMin: undefined }],
    ['2 horas', { times: [], timeframeMin: 120 }],
    ['14H30', { times: [{ hour: 14, minute: 30 }] }],
    ['14h30min', { times: [{ hour: 14, minute: 30 }], timeframeMin: undefined }],
    ['14.30', { times: [{ hour: 14, minute: 30 }] }],
    ['Entry: 1.0850', { times: [] }],
    ['1.30', { times: [] }],
    ['25h', { times: [], invalidTime: '25:00' }],
    ['Expiração: 1h', { times: [], timeframeMin: 60 }],
    // Durations.
    ['1M', { timeframeMin: 1 }],
    ['60s', { timeframeMin: 1 }],
    ['300 segundos', { timeframeMin: 5 }],
    ['30s', { timeframeMin: undefined }],
    ['Tempo: 5 min', { timeframeMin: 5 }],
    ['1 minuto', { timeframeMin: 1 }],
    ['5 minutes', { timeframeMin: 5 }],
    // Gales.
    ['GALE: até 2', { galeCount: 2 }],
    ['MG: até 2', { galeCount: 2 }],
    ['Martingalas: hasta 1', { galeCount: 1 }],
    ['martingales: up to 2', { galeCount: 2, direction: undefined }],
    ['up to 2 martingales', { galeCount: 2, direction: undefined }],
    ['hasta 1 gale', { galeCount: 1 }],
    ['2 martingalas', { galeCount: 2 }],
    ['Gale: 2x', { galeCount: 2 }],
    ['2x gale', { galeCount: 2 }],
    ['placar 2x1 no gale', { isResult: true }],
    ['1ª protección', { galeOrdinal: 1 }],
    ['1 protection', { galeCount: 1 }],
    ['MG1', { galeCount: 1 }],
    [
      'G1: 14:35 | G2: 14:40',
      {
        galeMentioned: true,
        times: [
          { hour: 14, minute: 35 },
          { hour: 14, minute: 40 },
        ],
      },
    ],
    ['Segunda chance: 14:35', { galeMentioned: true }],
    // Time zones written as a zone word and a bare offset.
    ['FUSO -3', { timezoneOffsetHours: -3 }],
    ['Fuso horário: -03', { timezoneOffsetHours: -3 }],
    ['Fuso -03:00', { timezoneOffsetHours: -3, times: [] }],
    ['GMT: -3', { timezoneOffsetHours: -3 }],
    ['UTC: -4', { timezoneOffsetHours: -4 }],
    ['huso horario -5', { timezoneOffsetHours: -5 }],
    ['timezone: +1', { timezoneOffsetHours: 1 }],
    ['fuso de Brasília', { timezoneOffsetHours: undefined, timezoneHint: -3 }],
    // Results, and result words that are advice.
    ['✅ ganada', { isResult: true }],
    ['pérdida', { isResult: true }],
    ['em caso de loss faça 1 gale', { isResult: false }],
    ['if loss, 1 martingale', { isResult: false }],
    ['✅ Entry at 14:30', { isResult: false }],
    ['✅ ATIVO BTC/USDT', { isResult: false, asset: 'BTCUSDT' }],
    // Steps of a gale schedule by operation ordinal: OP 2 is G1.
    ['🕒 OP 2: 14:30', { galeMentioned: true, galeStep: 1, times: [{ hour: 14, minute: 30 }] }],
    ['OP 3: 14:35', { galeStep: 2 }],
    ['Terceira chance: 14:40', { galeMentioned: true, galeStep: undefined }],
    // Price orders (forex/spot), not binary options.
    ['TP: 1.0850', { priceLevel: true }],
    ['T-P (1) ✅ 1.00480', { priceLevel: true }],
    ['Stop Loss : 0.17926', { priceLevel: true }],
    ['Entry Price: 1.19371', { priceLevel: false }],
    ['💰 Preço de entrada: 1.08530', { priceLevel: false }],
    ['Stop loss: 2,5% da banca', { priceLevel: false }],
    ['Stop loss: 3 entradas', { priceLevel: false }],
    ['Stop gain: R$ 50,00', { priceLevel: false }],
    ['Stop: 0,70', { priceLevel: true }],
    ['EURUSD 14:30 CALL', { priceLevel: false }],
  ])('reads %j as %j', (line, expected) => {
    expect(scanLine(foldText(line))).toMatchObject(expected);
  });

  it.each(['ARSENAL', 'COMPRA VENDAS SINAIS', 'EUREUR', 'EURUSDX', 'meta batida', 'visa', 'us'])(
    'reads no asset when %j is not two distinct currency codes nor a stock or index',
    (line) => {
      expect(scanLine(foldText(line)).asset).toBeUndefined();
    },
  );
});
