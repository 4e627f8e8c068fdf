import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDecimal, parseDecimal, separatorsOf } from './decimal-text.ts';

const value = (text: string, language: string) => {
  const read = parseDecimal(text, language);
  return read.kind === 'number' ? read.value : read.kind;
};

describe('a number typed in pt-BR', () => {
  it('reads the comma as the decimal and the point as thousands', () => {
    expect(value('2,2', 'pt-BR')).toBe(2.2);
    expect(value('2,50', 'pt-BR')).toBe(2.5);
    expect(value('2.200,50', 'pt-BR')).toBe(2200.5);
    expect(value('1.250.000', 'pt-BR')).toBe(1250000);
    expect(value(' 5 ', 'pt-BR')).toBe(5);
    expect(value(',5', 'pt-BR')).toBe(0.5);
    expect(value('2,', 'pt-BR')).toBe(2);
    expect(value('-3', 'pt-BR')).toBe(-3);
    expect(value('\u22122,5', 'pt-BR')).toBe(-2.5);
    expect(value('', 'pt-BR')).toBe('empty');
    expect(value('   ', 'pt-BR')).toBe('empty');
  });

  it('refuses what could be read two ways, never dropping a separator', () => {
    for (const text of ['2.2.2', '2,2.2', '2.2', '2.50', '2,2,2', '1.25,5', '12.5000', '.', ',']) {
      expect(value(text, 'pt-BR'), text).toBe('refused');
    }
    for (const text of ['2 5', '2e3', '0x10', '1_000', 'R$ 5', '--2', '+2', 'dois']) {
      expect(value(text, 'pt-BR'), text).toBe('refused');
    }
  });

  it('writes saved values back the same way', () => {
    expect(formatDecimal(2.2, 'pt-BR')).toBe('2,2');
    expect(formatDecimal(2.5, 'pt-BR')).toBe('2,5');
    expect(formatDecimal(2200.5, 'pt-BR')).toBe('2.200,5');
    expect(formatDecimal(-3, 'pt-BR')).toBe('-3');
  });
});

describe('a number typed in es-ES', () => {
  it('reads as pt-BR does; four-digit values are written without a group, as CLDR does', () => {
    expect(value('2,2', 'es-ES')).toBe(2.2);
    expect(value('2,50', 'es-ES')).toBe(2.5);
    expect(value('2.200,50', 'es-ES')).toBe(2200.5);
    expect(value('2200,5', 'es-ES')).toBe(2200.5);
    expect(value('2.2.2', 'es-ES')).toBe('refused');
    expect(value('2.5', 'es-ES')).toBe('refused');
    expect(formatDecimal(2.5, 'es-ES')).toBe('2,5');
    expect(formatDecimal(2200.5, 'es-ES')).toBe('2200,5');
    expect(formatDecimal(12200.5, 'es-ES')).toBe('12.200,5');
  });
});

describe('a number typed in en-US', () => {
  it('reads the point as the decimal and the comma as thousands', () => {
    expect(value('2.2', 'en-US')).toBe(2.2);
    expect(value('2.50', 'en-US')).toBe(2.5);
    expect(value('2,200.50', 'en-US')).toBe(2200.5);
    expect(value('2,2', 'en-US')).toBe('refused');
    expect(value('2,50', 'en-US')).toBe('refused');
    expect(value('2.2.2', 'en-US')).toBe('refused');
    expect(value('2.200,50', 'en-US')).toBe('refused');
    expect(formatDecimal(2200.5, 'en-US')).toBe('2,200.5');
  });
});

describe('every panel language', () => {
  const LANGUAGES = ['pt-BR', 'en-US', 'es-ES'] as const;
  // Values a form holds: stakes in cents, factors and rates with a few decimals, signed offsets.
  const values = fc.oneof(
    fc.integer({ min: -1e9, max: 1e11 }).map((cents) => cents / 100),
    fc.integer({ min: -1e6, max: 1e6 }).map((n) => n / 1000),
    fc.integer({ min: 0, max: 1e12 }),
  );

  it('reads back every value it writes', () => {
    for (const language of LANGUAGES) {
      fc.assert(
        fc.property(values, (n) => {
          expect(parseDecimal(formatDecimal(n, language), language)).toEqual({
            kind: 'number',
            value: n === 0 ? 0 : n,
          });
        }),
      );
    }
  });

  it('accepts a text only when its digits, in order, are the number it reads', () => {
    const texts = fc
      .array(fc.constantFrom('0', '1', '2', '5', '9', '.', ','), { minLength: 1, maxLength: 12 })
      .map((chars) => chars.join(''));
    for (const language of LANGUAGES) {
      const { group, decimal } = separatorsOf(language);
      fc.assert(
        fc.property(texts, (text) => {
          const read = parseDecimal(text, language);
          if (read.kind !== 'number') return;
          const plain = text.split(group).join('').replace(decimal, '.');
          expect(read.value).toBe(Number(plain.startsWith('.') ? `0${plain}` : plain));
          // Only the language's own decimal separator, once, and no group after it.
          expect(text.split(decimal).length).toBeLessThanOrEqual(2);
          expect(text.split(decimal)[1] ?? '').not.toContain(group);
        }),
      );
    }
  });

  it("refuses the other languages' decimal point where it cannot be a group of thousands", () => {
    const whole = fc.integer({ min: 0, max: 999 });
    const fraction = fc.stringMatching(/^\d{1,2}$|^\d{4,6}$/);
    for (const language of LANGUAGES) {
      const { group } = separatorsOf(language);
      fc.assert(
        fc.property(whole, fraction, (w, f) => {
          expect(parseDecimal(`${w}${group}${f}`, language)).toEqual({ kind: 'refused' });
        }),
      );
    }
  });
});
