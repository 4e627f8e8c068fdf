/**
 * Number and date formats in the trader's language, made once per language and options: building
 * an `Intl` formatter costs far more than formatting with it. The caches stay small: a
 * few languages times the handful of option sets the screens use.
 *
 * Plain decimals (amounts, percentages, counts) in the panel's three languages are written here,
 * not by `Intl.NumberFormat`: the first `Intl.NumberFormat` of a page costs 55–70 ms on a desktop
 * (V8 sets up the service's locale data), four times that on a phone, inside the first screen
 * that shows a figure. The output is the same, digit for digit (a property test compares it with
 * `Intl.NumberFormat` over random values); any other language or option (currency) goes to `Intl`.
 */

/** What the screens call on a number format. */
export interface NumberFormatter {
  format(value: number): string;
}

type DecimalOptions = Pick<
  Intl.NumberFormatOptions,
  'minimumFractionDigits' | 'maximumFractionDigits' | 'signDisplay'
>;

/** CLDR's symbols and grouping of each panel language (es-ES groups from five digits). */
export const DECIMAL_STYLES: Readonly<
  Record<string, { group: string; decimal: string; minGrouping: number }>
> = {
  'pt-BR': { group: '.', decimal: ',', minGrouping: 1 },
  'en-US': { group: ',', decimal: '.', minGrouping: 1 },
  'es-ES': { group: '.', decimal: ',', minGrouping: 2 },
};

const DECIMAL_OPTIONS = new Set(['minimumFractionDigits', 'maximumFractionDigits', 'signDisplay']);

/** The digits of |value| as written out, without exponent: 1.005 → ['1', '005']. */
function plainDigits(value: number): [string, string] {
  const text = String(Math.abs(value));
  const exponentAt = text.indexOf('e');
  if (exponentAt < 0) {
    const [whole = '0', fraction = ''] = text.split('.');
    return [whole, fraction];
  }
  // The shortest round-trip form (what `Intl` rounds too), shifted by its exponent.
  const exponent = Number(text.slice(exponentAt + 1));
  const [lead = '0', rest = ''] = text.slice(0, exponentAt).split('.');
  const digits = lead + rest;
  const point = lead.length + exponent;
  if (point <= 0) return ['0', '0'.repeat(-point) + digits];
  if (point >= digits.length) return [digits + '0'.repeat(point - digits.length), ''];
  return [digits.slice(0, point), digits.slice(point)];
}

/** Adds one to a string of decimal digits: '199' → '200', '99' → '100'. */
function increment(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i -= 1) {
    if (out[i] === '9') out[i] = '0';
    else {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
  }
  return '1' + out.join('');
}

function decimalFormatter(
  style: { group: string; decimal: string; minGrouping: number },
  options: DecimalOptions,
): NumberFormatter {
  const minFraction = options.minimumFractionDigits ?? 0;
  const maxFraction = options.maximumFractionDigits ?? Math.max(minFraction, 3);
  const exceptZero = options.signDisplay === 'exceptZero';
  return {
    format(value: number): string {
      let [whole, fraction] = plainDigits(value);
      // Half away from zero, on the written digits (ECMA-402's default rounding).
      if (fraction.length > maxFraction) {
        const roundUp = fraction.charCodeAt(maxFraction) >= 53; // '5'
        fraction = fraction.slice(0, maxFraction);
        if (roundUp) {
          const bumped = increment(whole + fraction);
          whole = bumped.slice(0, bumped.length - maxFraction) || '0';
          fraction = bumped.slice(bumped.length - maxFraction);
        }
      }
      fraction = fraction.replace(/0+$/, '');
      if (fraction.length < minFraction) fraction = fraction.padEnd(minFraction, '0');
      whole = whole.replace(/^0+(?=\d)/, '');
      const zero = /^0*$/.test(whole + fraction);
      if (whole.length >= 4 && whole.length >= 3 + style.minGrouping) {
        whole = whole.replace(/\B(?=(\d{3})+$)/g, style.group);
      }
      const negative = value < 0 || Object.is(value, -0);
      const sign = exceptZero ? (zero ? '' : negative ? '-' : '+') : negative ? '-' : '';
      return sign + whole + (fraction === '' ? '' : style.decimal + fraction);
    },
  };
}

const formats = new Map<string, NumberFormatter | Intl.DateTimeFormat>();

function cached<F extends NumberFormatter | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let format = formats.get(key) as F | undefined;
  if (format === undefined) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

export function numberFormat(
  language: string,
  options: Intl.NumberFormatOptions = {},
): NumberFormatter {
  return cached(`number|${language}|${JSON.stringify(options)}`, () => {
    const style = DECIMAL_STYLES[language];
    const plain =
      style !== undefined &&
      Object.keys(options).every((name) => DECIMAL_OPTIONS.has(name)) &&
      (options.signDisplay === undefined ||
        options.signDisplay === 'auto' ||
        options.signDisplay === 'exceptZero');
    if (!plain) return new Intl.NumberFormat(language, options);
    const decimal = decimalFormatter(style, options);
    // Infinity and NaN are not amounts; `Intl` writes them (∞, NaN) if one ever turns up.
    let intl: Intl.NumberFormat | undefined;
    return {
      format: (value) =>
        Number.isFinite(value)
          ? decimal.format(value)
          : (intl ??= new Intl.NumberFormat(language, options)).format(value),
    };
  });
}

export function dateTimeFormat(
  language: string,
  options: Intl.DateTimeFormatOptions = {},
): Intl.DateTimeFormat {
  return cached(`date|${language}|${JSON.stringify(options)}`, () => {
    return new Intl.DateTimeFormat(language, options);
  });
}

/** Two decimals, the way every amount of money in cents is shown. */
export const MONEY_DIGITS: Intl.NumberFormatOptions = Object.freeze({
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
