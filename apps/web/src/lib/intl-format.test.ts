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
