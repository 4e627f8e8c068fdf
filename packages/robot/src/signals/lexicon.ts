/**
 * The keyword table of the signal reader (ROBOT.md §8): every word and symbol the line scanner
 * reacts to, looked up once per token. Words are in folded form (see `foldText`): lower case, no
 * accents. Built once at module load; nothing here is allocated per message.
 */

import { PLACE_NAMES } from './time-zones.ts';

/** Keyword classes of a word token; a word may belong to several. */
export const W = {
  CALL: 1 << 0,
  PUT: 1 << 1,
  /** Reports a result: WIN, LOSS, DOJI, GAIN, placar… */
  RESULT: 1 << 2,
  /** Announces a signal ("✅ ENTRADA CONFIRMADA" is not a result). */
  ANNOUNCE: 1 << 3,
  /** A word for gales that may carry a count: `gale 2`, `2 gales`, `martingala: 2`. */
  GALE: 1 << 4,
  /** A gale word that may follow an ordinal: `1º GALE`, `2ª martingala`, `1º MG`. */
  GALE_ORDINAL: 1 << 5,
  /** `sem` / `sin` / `no` / `without` before a gale word: no gales. */
  WITHOUT: 1 << 6,
  MINUTES: 1 << 7,
  HOURS: 1 << 8,
  /** The line gives an expiry duration: `Expiração: 00:05` is 5 minutes, not a clock time. */
  EXPIRY: 1 << 9,
  /** Only these make a signal without a clock time an immediate one. */
  IMMEDIATE: 1 << 10,
  /** The message cancels a signal or warns not to trade. */
  CANCEL: 1 << 11,
  /** `não` / `no` / `don't` / `not`, before an ENTER word it warns not to trade. */
  NEGATION: 1 << 12,
  /** Entering or trading: `não entrar`, `no operen`, `entrar já`. */
  ENTER: 1 << 13,
  /** Right away, after an ENTER word: `entrar já`, `entra ya`. */
  AT_ONCE: 1 << 14,
  /** After a warning it is advice, not a cancellation: `não entre atrasado`. */
  LATE: 1 << 15,
  /** A market session, not a clock: `sessão de Nova York`, `London session`. */
  SESSION: 1 << 16,
  /** Skipped between a session word and a city: `sessão DE Nova York`. */
  FILLER: 1 << 17,
  /** `utc` / `gmt`: an explicit offset may follow. */
  UTC: 1 << 18,
  /** The first word of a place that gives a time zone (`brasilia`, `nova` york). */
  PLACE: 1 << 19,
  /**
   * Words the gale reader looks at by their text: `g` / `mg` of `G2`, `MG 2`, and the second word
   * of a phrase that says "no gale" (`mão fixa`, `entrada seca`: one entry at a fixed stake).
   * (Flags stay below bit 30, so a token's flags are a small integer to V8.)
   */
  GALE_LETTER: 1 << 20,
  /** `próxima` / `next` / `siguiente` before `vela` / `candle`: enter on the next candle. */
  NEXT: 1 << 21,
  CANDLE: 1 << 22,
  /** Warns not to trade (`evitem`, `avoid`): cancels only when it names a signal (see `LineScan.warns`). */
  WARN: 1 << 23,
  /** Names a signal (`sinal`, `signal`, `entrada`): a warning on its line is about that signal. */
  SIGNAL: 1 << 24,
  /** `até` / `hasta` / `up to` / `max` between a gale word and its count: `GALE: até 2`. */
  UP_TO: 1 << 25,
  /** A condition before a result word makes it advice: `em caso de loss`, `if loss`. */
  CONDITION: 1 << 26,
  SECONDS: 1 << 27,
  /**
   * A step of a gale schedule by its operation's ordinal (`OP 2: 14:35`, `Segunda chance: 14:35`):
   * `OP n` is gale n − 1, the first operation being the entry.
   */
  GALE_STEP: 1 << 28,
} as const;

/** What a whole line contains, so the scanner skips recognisers with nothing to read. */
export const LINE = {
  /** The line has a number. */
  NUM: 1 << 29,
  /** The line has a country flag. */
  FLAG: 1 << 30,
} as const;

/**
 * Exits of a price order (`TP`, `SL`, `Take Profit`, `Stop Loss`, `Target`, `Alvo`): with a decimal
 * price on the line, the message is a forex/spot order, not a binary option. An entry price alone
 * is not one: binary templates quote the price at the signal (`Preço: 1.08530`).
 * Looked up apart from the keyword classes (the 32 flag bits are taken).
 */
export const PRICE_WORDS: ReadonlySet<string> = new Set(
  'tp sl take takeprofit stop stoploss target targets alvo alvos objetivo objetivos'.split(' '),
);

/**
 * The time of posting, not of entry: `🕒 Gerado às: 14:18`, `Sent at 14:18`, `Enviado 14:18`. A
 * clock on such a line is read as known decoration, never as the signal's time.
 */
export const POSTED_WORDS: ReadonlySet<string> = new Set(
  'gerado gerada generated enviado enviada enviamos postado postada posted publicado publicada sent'.split(
    ' ',
  ),
);

const table = new Map<string, number>();
function add(flag: number, words: string): void {
  for (const word of words.split(' ')) table.set(word, (table.get(word) ?? 0) | flag);
}

// Each class lists its spellings in Portuguese, Spanish and English (folded: no accents), then
// the loanwords channels of every language use. Adjectives such as "alta" are left out: "alta
// assertividade" is advertising, not a direction.
// Each side's words and their opposites: a pair is listed whole, so a channel that writes one
// half and then the other is read either way. "alta" stays out (the opposite of "baixa", but the
// adjective of "alta assertividade" and the trend of "Tendência: ALTA"): a channel teaches it.
add(W.CALL, 'compra comprar compre comprando acima cima sobe subir subindo subida altista'); // pt
add(W.CALL, 'arriba sube alcista alza'); // es (compra, comprar, subida as pt)
add(W.CALL, 'call buy up higher rise rising bullish above upward upwards increase'); // en
add(W.PUT, 'venda vender vende vendendo baixo abaixo baixa desce descer descendo descida'); // pt
add(W.PUT, 'caindo cair baixista'); // pt
add(W.PUT, 'venta abajo baja bajista bajar bajada'); // es
add(W.PUT, 'put sell down lower fall falling bearish below downward downwards decrease'); // en
add(W.RESULT, 'placar resultado resultados empate'); // pt
add(W.RESULT, 'marcador ganada ganadas ganado ganancia ganancias perdida perdidas perdido'); // es
add(W.RESULT, 'win wins loss doji green red score scoreboard gain gains draw'); // en, loanwords
add(W.ANNOUNCE, 'entrada sinal sinais confirmado confirmada atencao alerta lista operacao'); // pt
add(W.ANNOUNCE, 'senal senales'); // es
add(W.ANNOUNCE, 'signal signals entry'); // en
// Field labels of a template: "✅ ATIVO BTC/USDT" announces an asset, it reports no result.
add(W.ANNOUNCE, 'ativo activo asset pair par moeda');
add(W.SIGNAL, 'sinal sinais entrada entradas operacao senal senales signal signals entry');
add(W.GALE, 'gale gales martingale martingales martingala martingalas protecao protecoes');
add(W.GALE, 'proteccion protecciones protection protections');
// "Segunda chance: 14:35", "OP 2: 14:35": steps of the gale schedule.
add(W.GALE_STEP, 'chance op');
add(W.GALE_ORDINAL, 'gale martingale martingala mg protecao proteccion protection');
// "1st level at 14:35", "2º nível": a level of the gale schedule, only after an ordinal.
add(W.GALE_ORDINAL, 'level levels nivel niveis');
add(W.UP_TO, 'ate hasta up max maximo maxima');
add(W.WITHOUT, 'sem sin no without');
add(W.MINUTES, 'minuto minutos minute minutes min mins m');
add(W.HOURS, 'hora horas hour hours');
add(W.SECONDS, 'segundo segundos seg second seconds sec secs s');
add(W.EXPIRY, 'expiry expira expiracao expiration expire expires expiracion');
add(W.EXPIRY, 'vencimento vencimiento duracao duracion tempo timeframe tf');
add(W.IMMEDIATE, 'agora now ahora imediato imediata imediatamente immediate immediately');
add(W.IMMEDIATE, 'inmediato inmediata inmediatamente');
// Cancelling words are always about a signal; warning words only when the line names one.
add(W.CANCEL, 'cancelado cancelada cancelados canceladas cancelar cancelamos cancela cancelei');
add(W.CANCEL, 'cancelem cancelen cancelada canceled cancelled cancel cancelo anulado anulada');
add(W.CANCEL, 'anulados anular anulamos abortado abortada abortar aborted abort desconsidere');
add(W.CANCEL, 'desconsiderem desconsiderar ignorem ignoren disregard');
add(W.WARN, 'evitem evite evitar eviten evita avoid');
add(W.CONDITION, 'caso se si if');
add(W.NEGATION, 'nao no dont not');
add(W.ENTER, 'entrar entre entrem entra entren entres enter operar opere operem operen trade');
add(W.AT_ONCE, 'ja ya');
add(W.LATE, 'atrasado atrasada atrasados atrasadas atraso tarde late');
add(W.SESSION, 'sessao sessoes session sesion abertura apertura opening open mercado market');
add(W.SESSION, 'bolsa fechamento cierre close');
add(W.FILLER, 'de da do of the');
add(W.UTC, 'utc gmt fuso huso timezone');
add(W.PLACE, [...PLACE_NAMES.keys()].join(' '));
// "SG" (sem gale) is a count of 0.
add(W.GALE_LETTER, 'g mg sg');
add(W.NEXT, 'proxima proximo next siguiente');
add(W.CANDLE, 'vela velas candle');
// "Mão fixa", "entrada seca": no gale.
add(W.GALE_LETTER, 'fixa seca');

/** Keyword classes of a folded word, 0 when it is none. */
export function wordFlags(word: string): number {
  const flags = table.get(word);
  if (flags !== undefined) return flags;
  // "expiração", "vencimento em…": any inflection of these stems says the line is about expiry.
  return word.startsWith('expira') || word.startsWith('vencim') ? W.EXPIRY : 0;
}

/** Classes of a symbol token. */
export const S = {
  CALL: 1 << 0,
  PUT: 1 << 1,
  /** ✅ ❌ ✔ ✖ ❎ ☑: a result, unless the line announces. */
  RESULT_MARK: 1 << 2,
  /** A country flag (two regional indicators). */
  FLAG: 1 << 3,
  /** `+ - − –` of a UTC offset. */
  SIGN: 1 << 4,
} as const;

const symbols = new Map<string, number>();
// Colours, emoji and the geometric arrows and triangles, each with its opposite.
const CALL_MARKS = '🟩 🟢 ⬆ 🔼 ⏫ ↗ ↑ 🔺 📈 ⤴ ▲ △ ▴ ▵ ⇧ ⇑ ⇡ ⏶ ⬈ ⇗ ➚ ➶ 🡅 🡑 🠉 ⤒ 🆙';
const PUT_MARKS = '🟥 🔴 ⬇ 🔽 ⏬ ↘ ↓ 🔻 📉 ⤵ ▼ ▽ ▾ ▿ ⇩ ⇓ ⇣ ⏷ ⬊ ⇘ ➘ ➷ 🡇 🡓 🠋 ⤓';
for (const s of CALL_MARKS.split(' ')) symbols.set(s, S.CALL);
for (const s of PUT_MARKS.split(' ')) symbols.set(s, S.PUT);
for (const s of ['✅', '❌', '✔', '✖', '❎', '☑']) symbols.set(s, S.RESULT_MARK);
for (const s of ['+', '-', '−', '–']) symbols.set(s, S.SIGN);

/** Classes of a symbol (one code point, or a flag), 0 when it is none. */
export function symbolFlags(symbol: string): number {
  return symbols.get(symbol) ?? 0;
}
