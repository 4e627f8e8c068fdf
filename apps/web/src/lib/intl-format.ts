/**
 * `Intl` formatters made once per language and options, not per call or per mount: building one
 * costs far more than formatting with it (on a slow phone, a 50 ms share of a screen's first
 * render, and a formatter per feed line; issue 12). The caches stay small: a few languages times
 * the handful of option sets below.
 */
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
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
): Intl.NumberFormat {
  return cached(`number|${language}|${JSON.stringify(options)}`, () => {
    return new Intl.NumberFormat(language, options);
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
