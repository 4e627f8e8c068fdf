/**
 * Reads the tokens of one message line, in any order (ROBOT.md §8). Each recogniser blanks what it
 * consumed, so `GMT-03:00` is not also read as a time nor `M5` as a count. Works on folded text.
 */
import type { SignalDirection } from './types.ts';

/** Hour and minute of an `HH:MM` written in the channel's clock. */
export interface ClockTime {
  hour: number;
  minute: number;
}

/** Everything one line says. Absent fields were not found. */
export interface LineScan {
  /** The line reports a result (WIN, LOSS, DOJI, ✅, placar…) instead of announcing a trade. */
  isResult: boolean;
  asset?: string;
  /** Every `HH:MM` on the line, in order. */
  times: ClockTime[];
  /** `conflict` when the line names both sides. */
  direction?: SignalDirection | 'conflict';
  timeframeMin?: number;
  /** The line mentions gales at all (`gale`, `G1`, `MG2`, `martingale`, `proteção`). */
  galeMentioned: boolean;
  /** A count of gales (`gale 2`, `2 gales`, `G2`, `sem gale` → 0). */
  galeCount?: number;
  /** An ordinal gale (`1º GALE`): the line announces that gale level. */
  galeOrdinal?: number;
  timezoneOffsetHours?: number;
  /** `OTC` outside an asset (a "LISTA OTC" header). */
  mentionsOtc: boolean;
}

const CURRENCIES = new Set(
  (
    'eur usd gbp jpy aud cad chf nzd brl mxn try zar sgd hkd nok sek dkk pln inr cnh cny rub thb ' +
    'idr php myr kes ngn egp ars cop clp bdt pkr lbp uah vnd dzd mad tnd qar sar aed yer omr jod ' +
    'bhd kwd ils czk huf krw twd ron btc eth ltc xrp bch xau xag sol ada dot bnb trx'
  ).split(' '),
);

// Words and emoji of each side. Adjectives such as "alta" are left out: "alta assertividade" is
// advertising, not a direction.
const CALL_WORDS = /\b(?:call|compra|comprar|buy|up|acima|cima|arriba|sube|higher)\b/;
const PUT_WORDS = /\b(?:put|venda|vender|venta|sell|down|baixo|abaixo|abajo|lower)\b/;
const CALL_EMOJI = /🟩|🟢|⬆|🔼|⏫|↗|↑/u;
const PUT_EMOJI = /🟥|🔴|⬇|🔽|⏬|↘|↓/u;

const RESULT_WORDS =
  /\b(?:win|wins|loss|doji|green|red|placar|resultado|resultados|empate|score)\b/;
const RESULT_MARKS = /✅|❌|✔|✖|❎|☑/u;
// "✅ ENTRADA CONFIRMADA" announces; "EURUSD 14:30 CALL ✅" reports.
const ANNOUNCE_WORDS =
  /\b(?:entrada|sinal|sinais|signal|senal|confirmad[oa]|atencao|alerta|lista)\b/;
// Risk-management advice, not a result: "respeite o stop loss".
const STOP_ADVICE = /\bstop\s*(?:loss|win|gain)\b/g;

const TZ_OFFSET = /\b(?:utc|gmt)\s*([+\-−–])\s*(\d{1,2})(?:[:h]?([0-5]\d))?/;
const TZ_UTC = /\b(?:utc|gmt)\b/;
const TZ_NAMES: readonly [RegExp, number][] = [
  [/\b(?:brasilia|brt|sao paulo|argentina|buenos aires)\b/, -3],
  [/\b(?:colombia|bogota|peru|lima|ecuador)\b/, -5],
  [/\b(?:mexico|cdmx)\b/, -6],
];

const NO_GALE = /\b(?:sem|sin|no|without)\s+(?:gale|gales|martingal[ea]s?|protecao|protecoes)\b/;
const GALE_ORDINAL = /(?<![\w:.,])(\d{1,2})\s*(?:o|a|°|\.)?\s*(?:gale|martingal[ea]|mg|protecao)\b/;
const GALE_COUNTS: readonly RegExp[] = [
  /\b(?:gales?|martingal[ea]s?|protecoes|protecao)\s*:?\s*(\d{1,2})\b/,
  /(?<![\w:.,])(\d{1,2})\s*(?:gales?|martingal[ea]s?|protecoes|protecao)\b/,
  /\bm?g(\d{1,2})\b/,
  /\bmg\s+(\d{1,2})\b/,
];
const GALE_WORD = /\b(?:gales?|martingal[ea]s?|protecao|protecoes)\b/;

const TF_CANDLE = /\b([mh])(\d{1,3})\b/;
const TF_MINUTES = /(?<![\d:])(\d{1,3})\s*(?:minutos?|minutes?|mins?|m)\b/;
const TF_HOURS = /(?<![\d:])(\d{1,2})\s*(?:horas?|hours?)\b/;
// "Expiração: 00:05" is a duration, not a clock time.
const EXPIRY_WORDS = /\b(?:expira\w*|expiry|vencim\w*|duracao|duracion)\b/;

const TIME = /(?<![\d:])([01]?\d|2[0-3])[:h]([0-5]\d)(?!\d)/g;
const ASSET = /(?<![a-z])([a-z]{3})(?:\s*\/\s*)?([a-z]{3})(?![a-z])(\s*[-_(]?\s*otc\b\)?)?/g;

/** Replaces the first match of `re` in `text` with spaces; returns the match (or null) and the text. */
function take(text: string, re: RegExp): [RegExpExecArray | null, string] {
  const m = re.exec(text);
  if (!m) return [null, text];
  return [m, text.slice(0, m.index) + ' '.repeat(m[0].length) + text.slice(m.index + m[0].length)];
}

function sideOf(call: boolean, put: boolean): SignalDirection | 'conflict' | undefined {
  if (call && put) return 'conflict';
  if (call) return 'CALL';
  if (put) return 'PUT';
  return undefined;
}

/** Scans one already-folded line (see `foldText`). */
export function scanLine(folded: string): LineScan {
  let text = folded;
  const scan: LineScan = { isResult: false, times: [], galeMentioned: false, mentionsOtc: false };

  const withoutAdvice = text.replace(STOP_ADVICE, ' ');
  scan.isResult =
    RESULT_WORDS.test(withoutAdvice) ||
    (RESULT_MARKS.test(withoutAdvice) && !ANNOUNCE_WORDS.test(withoutAdvice));

  let m: RegExpExecArray | null;
  [m, text] = take(text, TZ_OFFSET);
  if (m) {
    const hours = Number(m[2]) + Number(m[3] ?? 0) / 60;
    scan.timezoneOffsetHours = m[1] === '+' ? hours : -hours;
  } else {
    [m, text] = take(text, TZ_UTC);
    if (m) scan.timezoneOffsetHours = 0;
    for (const [re, offset] of TZ_NAMES) {
      if (scan.timezoneOffsetHours !== undefined) break;
      [m, text] = take(text, re);
      if (m) scan.timezoneOffsetHours = offset;
    }
  }

  scan.galeMentioned = GALE_WORD.test(text) || /\bm?g\d{1,2}\b/.test(text);
  [m, text] = take(text, NO_GALE);
  if (m) scan.galeCount = 0;
  [m, text] = take(text, GALE_ORDINAL);
  if (m && /\d\s*(?:o|a|°|\.)\s*\S/.test(m[0])) {
    scan.galeOrdinal = Number(m[1]);
  } else if (m) {
    // "2 gales" / "1 gale": a count, not an ordinal.
    scan.galeCount ??= Number(m[1]);
  }
  for (const re of GALE_COUNTS) {
    [m, text] = take(text, re);
    if (m) scan.galeCount ??= Number(m[1]);
  }

  [m, text] = take(text, TF_CANDLE);
  if (m && Number(m[2]) > 0) scan.timeframeMin = Number(m[2]) * (m[1] === 'h' ? 60 : 1);
  if (scan.timeframeMin === undefined) {
    [m, text] = take(text, TF_MINUTES);
    if (m && Number(m[1]) > 0) scan.timeframeMin = Number(m[1]);
  }
  if (scan.timeframeMin === undefined) {
    [m, text] = take(text, TF_HOURS);
    if (m && Number(m[1]) > 0) scan.timeframeMin = Number(m[1]) * 60;
  }

  const isExpiryLine = EXPIRY_WORDS.test(text);
  for (const t of text.matchAll(TIME)) {
    const time = { hour: Number(t[1]), minute: Number(t[2]) };
    if (isExpiryLine && time.hour === 0 && time.minute > 0) {
      scan.timeframeMin ??= time.minute;
    } else {
      scan.times.push(time);
    }
  }
  text = text.replace(TIME, ' ');

  for (const a of text.matchAll(ASSET)) {
    const [whole, base = '', quote = '', otc] = a;
    if (base === quote || !CURRENCIES.has(base) || !CURRENCIES.has(quote)) continue;
    scan.asset = `${base}${quote}`.toUpperCase() + (otc ? '-OTC' : '');
    text = text.slice(0, a.index) + ' '.repeat(whole.length) + text.slice(a.index + whole.length);
    break;
  }

  scan.mentionsOtc = /\botc\b/.test(text);
  scan.direction =
    sideOf(CALL_WORDS.test(text), PUT_WORDS.test(text)) ??
    sideOf(CALL_EMOJI.test(text), PUT_EMOJI.test(text));
  return scan;
}
