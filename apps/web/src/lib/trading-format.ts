import { useTranslation } from 'react-i18next';
import { dateTimeFormat, MONEY_DIGITS, numberFormat } from './intl-format.ts';

/** Made on first use: a screen showing only amounts never builds a date format. */
function lazy<F>(make: () => F): () => F {
  let made: F | undefined;
  return () => (made ??= make());
}

function tradingFormats(language: string) {
  const money = lazy(() => numberFormat(language, MONEY_DIGITS));
  const result = lazy(() => numberFormat(language, { ...MONEY_DIGITS, signDisplay: 'exceptZero' }));
  const pct = lazy(() => numberFormat(language, { maximumFractionDigits: 1 }));
  const ms = lazy(() => numberFormat(language, { maximumFractionDigits: 0 }));
  const seconds = lazy(() => numberFormat(language, { maximumFractionDigits: 1 }));
  const time = lazy(() => dateTimeFormat(language, { timeStyle: 'medium' }));
  const clock = lazy(() => dateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }));
  const day = lazy(() => dateTimeFormat(language, { weekday: 'short', day: '2-digit' }));
  const dateTime = lazy(() =>
    dateTimeFormat(language, { dateStyle: 'short', timeStyle: 'medium' }),
  );
  return {
    language,
    /** Cents as an amount: 9.987,50. */
    money: (cents: number) => money().format(cents / 100),
    /** A result with its sign: +12,50 / -5,00 / 0,00. */
    result: (cents: number) => result().format(cents / 100),
    /** A percentage with at most one decimal: 55,6. */
    pct: (value: number) => pct().format(value),
    /** Milliseconds as a whole number: 1.250. */
    ms: (value: number) => ms().format(value),
    /**
     * A duration in the unit that reads best: 850 ms, 12,3 s, 11 min 32 s, 2 h 05 min (the unit
     * symbols are the same in the three languages).
     */
    duration: (value: number) => {
      const abs = Math.abs(value);
      const sign = value < 0 ? '-' : '';
      if (abs < 1000) return `${sign}${ms().format(abs)} ms`;
      if (abs < 60_000) return `${sign}${seconds().format(abs / 1000)} s`;
      const totalSec = Math.round(abs / 1000);
      if (totalSec < 3600) {
        const m = Math.floor(totalSec / 60);
        const s = totalSec % 60;
        return `${sign}${m} min${s ? ` ${String(s).padStart(2, '0')} s` : ''}`;
      }
      const h = Math.floor(totalSec / 3600);
      const m = Math.floor((totalSec % 3600) / 60);
      return `${sign}${h} h${m ? ` ${String(m).padStart(2, '0')} min` : ''}`;
    },
    time: (at: number) => time().format(at),
    /** Hours and minutes, for chart ticks: 13:05. */
    clock: (at: number) => clock().format(at),
    /** Short weekday and day of the month, for the week's ticks: sex., 23. */
    day: (at: number) => day().format(at),
    dateTime: (at: number) => dateTime().format(at),
  };
}

/** One set per language, shared by every component that shows trading figures. */
const byLanguage = new Map<string, ReturnType<typeof tradingFormats>>();

/** Money, result, percentage, duration and time formats in the trader's language (trading and copy screens). */
export function useTradingFormat() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  let formats = byLanguage.get(language);
  if (formats === undefined) {
    formats = tradingFormats(language);
    byLanguage.set(language, formats);
  }
  return formats;
}

/** The colour of a result: green up, red down. */
export function resultColor(cents: number | null): string | undefined {
  if (cents === null || cents === 0) return undefined;
  return cents > 0 ? 'success.main' : 'error.main';
}
