import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateTimeFormat, MONEY_DIGITS, numberFormat } from './intl-format.ts';

describe('shared Intl formatters', () => {
  it('makes one formatter per language and options, and formats as that language writes', () => {
    const pt = numberFormat('pt-BR', MONEY_DIGITS);
    expect(numberFormat('pt-BR', { ...MONEY_DIGITS })).toBe(pt);
    expect(pt.format(9987.5)).toBe('9.987,50');
    expect(numberFormat('en-US', MONEY_DIGITS).format(9987.5)).toBe('9,987.50');
    expect(numberFormat('pt-BR', { maximumFractionDigits: 1 })).not.toBe(pt);
    const clock = dateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
    expect(dateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' })).toBe(
      clock,
    );
    expect(clock.format(Date.UTC(2026, 0, 2, 13, 5))).toBe('13:05');
  });
});

describe('plain decimals written by hand', () => {
  const LANGUAGES = ['pt-BR', 'en-US', 'es-ES'] as const;
  const OPTION_SETS: Intl.NumberFormatOptions[] = [
    {},
    MONEY_DIGITS,
    { ...MONEY_DIGITS, signDisplay: 'exceptZero' },
    { maximumFractionDigits: 1 },
    { maximumFractionDigits: 0 },
    { minimumFractionDigits: 4, maximumFractionDigits: 4 },
    { signDisplay: 'exceptZero' },
  ];
  const values = fc.oneof(
    fc.double({ min: -1e16, max: 1e16, noNaN: true }),
    fc.integer({ min: -1e9, max: 1e9 }).map((cents) => cents / 100),
    fc.integer({ min: -1e7, max: 1e7 }).map((n) => n / 1000 + 0.0005),
    fc.constantFrom(0, -0, 0.5, -0.5, 1.005, 2.675, 9999.995, 1e21, 1.5e-7, -1e-9, 999.9999),
  );

  it('writes what Intl.NumberFormat writes, for every panel language and option set', () => {
    for (const language of LANGUAGES) {
      for (const options of OPTION_SETS) {
        const ours = numberFormat(language, options);
        const intl = new Intl.NumberFormat(language, options);
        fc.assert(
          fc.property(values, (value) => ours.format(value) === intl.format(value)),
          { numRuns: 400 },
        );
      }
    }
  });

  it('groups as each language does: es-ES only from five digits', () => {
    expect(numberFormat('es-ES', MONEY_DIGITS).format(1234.5)).toBe('1234,50');
    expect(numberFormat('es-ES', MONEY_DIGITS).format(12345.5)).toBe('12.345,50');
    expect(numberFormat('pt-BR', MONEY_DIGITS).format(1234.5)).toBe('1.234,50');
    expect(numberFormat('en-US', { ...MONEY_DIGITS, signDisplay: 'exceptZero' }).format(-5)).toBe(
      '-5.00',
    );
    expect(numberFormat('pt-BR', { ...MONEY_DIGITS, signDisplay: 'exceptZero' }).format(0)).toBe(
      '0,00',
    );
  });

  it('leaves currencies and other languages to Intl', () => {
    const brl = numberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
    expect(brl).toBeInstanceOf(Intl.NumberFormat);
    expect(numberFormat('fr-FR')).toBeInstanceOf(Intl.NumberFormat);
    expect(numberFormat('pt-BR', MONEY_DIGITS)).not.toBeInstanceOf(Intl.NumberFormat);
  });
});
