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
  /** `g` / `mg` of `G2`, `MG 2`. */
  GALE_LETTER: 1 << 20,
  /** `próxima` / `next` / `siguiente` before `vela` / `candle`: enter on the next candle. */
  NEXT: 1 << 21,
  CANDLE: 1 << 22,
} as const;

/** What a whole line contains, so the scanner skips recognisers with nothing to read. */
export const LINE = {
  /** The line has a number. */
  NUM: 1 << 28,
  /** The line has a country flag. */
  FLAG: 1 << 29,
} as const;

const table = new Map<string, number>();
function add(flag: number, words: string): void {
  for (const word of words.split(' ')) table.set(word, (table.get(word) ?? 0) | flag);
}

// Adjectives such as "alta" are left out: "alta assertividade" is advertising, not a direction.
add(W.CALL, 'call compra comprar buy up acima cima arriba sube higher');
add(W.PUT, 'put venda vender venta sell down baixo abaixo abajo lower');
add(W.RESULT, 'win wins loss doji green red placar resultado resultados empate score');
add(W.RESULT, 'gain gains scoreboard marcador');
add(W.ANNOUNCE, 'entrada sinal sinais signal senal confirmado confirmada atencao alerta lista');
add(W.GALE, 'gale gales martingale martingales martingala martingalas protecao protecoes');
add(W.GALE_ORDINAL, 'gale martingale martingala mg protecao');
add(W.WITHOUT, 'sem sin no without');
add(W.MINUTES, 'minuto minutos minute minutes min mins m');
add(W.HOURS, 'hora horas hour hours');
add(W.EXPIRY, 'expiry expira expiracao expiration expire expires expiracion');
add(W.EXPIRY, 'vencimento vencimiento duracao duracion');
add(W.IMMEDIATE, 'agora now ahora imediato imediata imediatamente immediate immediately');
add(W.IMMEDIATE, 'inmediato inmediata inmediatamente');
add(W.CANCEL, 'cancelado cancelada cancelados canceladas cancelar cancelamos cancela cancelei');
add(W.CANCEL, 'cancelled canceled cancel cancelo anulado anulada anulados anular anulamos');
add(W.CANCEL, 'abortado abortada abortar aborted abort desconsidere desconsiderem');
add(W.CANCEL, 'desconsiderar ignorem ignoren disregard evitem evite evitar eviten evita avoid');
add(W.NEGATION, 'nao no dont not');
add(W.ENTER, 'entrar entre entrem entra entren entres enter operar opere operem operen trade');
add(W.AT_ONCE, 'ja ya');
add(W.LATE, 'atrasado atrasada atrasados atrasadas atraso tarde late');
add(W.SESSION, 'sessao sessoes session sesion abertura apertura opening open mercado market');
add(W.SESSION, 'bolsa fechamento cierre close');
add(W.FILLER, 'de da do of the');
add(W.UTC, 'utc gmt');
add(W.PLACE, [...PLACE_NAMES.keys()].join(' '));
add(W.GALE_LETTER, 'g mg');
add(W.NEXT, 'proxima proximo next siguiente');
add(W.CANDLE, 'vela velas candle');

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
for (const s of ['🟩', '🟢', '⬆', '🔼', '⏫', '↗', '↑']) symbols.set(s, S.CALL);
for (const s of ['🟥', '🔴', '⬇', '🔽', '⏬', '↘', '↓']) symbols.set(s, S.PUT);
for (const s of ['✅', '❌', '✔', '✖', '❎', '☑']) symbols.set(s, S.RESULT_MARK);
for (const s of ['+', '-', '−', '–']) symbols.set(s, S.SIGN);

/** Classes of a symbol (one code point, or a flag), 0 when it is none. */
export function symbolFlags(symbol: string): number {
  return symbols.get(symbol) ?? 0;
}
