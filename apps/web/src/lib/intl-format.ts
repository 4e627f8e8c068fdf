/**
 * `Intl` formatters made once per language and options, not per call or per mount: building one
 * costs far more than formatting with it (on a slow phone, a 50 ms share of a screen's first
 * render, and a formatter per feed line; issue 12). The caches stay small: a few languages times
 * the handful of option sets below.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function numberFormat(
  language: string,
  options: Intl.NumberFormatOptions = {},
): Intl.NumberFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(language, options);
    numberFormats.set(key, format);
  }
  return format;
}

export function dateTimeFormat(
  language: string,
  options: Intl.DateTimeFormatOptions = {},
): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(language, options);
    dateFormats.set(key, format);
  }
  return format;
}

/** Two decimals, the way every amount of money in cents is shown. */
export const MONEY_DIGITS: Intl.NumberFormatOptions = Object.freeze({
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
