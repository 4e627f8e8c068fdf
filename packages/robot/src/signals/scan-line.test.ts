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
    ['CALL 🔴', { direction: 'CALL' }],
    ['call put', { direction: 'conflict' }],
    ['14:30', { times: [{ hour: 14, minute: 30 }] }],
    ['9h05', { times: [{ hour: 9, minute: 5 }] }],
    ['14:30:00', { times: [{ hour: 14, minute: 30 }] }],
    ['24:00', { times: [] }],
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
    ['Brasília', { timezoneOffsetHours: -3 }],
    ['WIN ✅', { isResult: true }],
    ['✅✅', { isResult: true }],
    ['✅ Entrada confirmada', { isResult: false }],
    ['respeite o stop loss', { isResult: false }],
    ['LISTA OTC', { mentionsOtc: true }],
    ['COMPRAR', { direction: 'CALL' }],
  ])('reads %j as %j', (line, expected) => {
    expect(scanLine(foldText(line))).toMatchObject(expected);
  });

  it.each(['ARSENAL', 'COMPRA VENDAS SINAIS', 'EUREUR', 'EURUSDX'])(
    'reads no asset when %j is not two distinct currency codes',
    (line) => {
      expect(scanLine(foldText(line)).asset).toBeUndefined();
    },
  );
});
