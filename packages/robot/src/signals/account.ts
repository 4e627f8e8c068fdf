/**
 * Token accounting (docs/decisions/2026-12-02-reading-token-accounting.md): after the
 * scanner has read a line, every token is a field it read (`used`), known decoration (emoji,
 * flags, punctuation, words the lexicon knows, dates, percentages, prices, ids, list numbering),
 * or unexplained. The unexplained tokens that could be a field are returned as candidates; the
 * parser decides, per signal, whether one of them leaves a field to a default (then the signal
 * is doubtful and not traded).
 */
import { W as WORD_FLAGS } from './lexicon.ts';
import { LEFT_WORD, type LineScan } from './scan-line.ts';
import type { Token } from './tokenize.ts';

// A local alias: under a CommonJS transform (tsx, the bench) an imported binding is a getter.
const W = WORD_FLAGS;

/**
 * What an unexplained token might be:
 * - `number`: a bare number (an expiry? a gale count?);
 * - `word`: a word the lexicon does not know, elsewhere on the line;
 * - `fieldWord`: such a word standing as a whole field of a delimited line (`EURUSD;14:30;PUT;TURBO`);
 * - `expiryLabel` / `galeLabel`: a field's label whose value the line does not give;
 * - `time`: a second clock time on a signal's line (two entries for one signal);
 * - `extraTime`: a clock on a detail line of a signal that already has its time (`Saída: 14:35`).
 */
export type CandidateKind =
  'number' | 'word' | 'fieldWord' | 'expiryLabel' | 'galeLabel' | 'time' | 'extraTime';

export interface Candidate {
  kind: CandidateKind;
  /** Offsets in the folded message text. */
  start: number;
  end: number;
  /** The number's value (`number` only; NaN otherwise). */
  value: number;
}

/**
 * Words that are never a field: articles, prepositions, chatter and template labels, in pt, es
 * and en (folded). A word the lexicon knows (any class) is known decoration too.
 */
const NOISE: ReadonlySet<string> = new Set(
  (
    'a o as os e ou de da do das dos em no na nos nas um uma para pra por com sem que se ao aos ' +
    'el la los las y en con del al un una por para es lo le su ' +
    'the and or of to in on at for with by an is it be this that your you we our my from ' +
    'vip free gratis gratuito gratuita premium top bot robo robot sala grupo canal channel ' +
    'bom boa dia tarde noite galera pessoal time equipe buenos buenas dias good morning hi hello ' +
    'hora horario horarios hour time hour hora tiempo ativo activo asset par pair paridade moeda ' +
    'direcao direccion direction acao action tipo type mercado market corretora broker ' +
    'operacao operacion operation trade trades opcao opcion option binaria binarias binary ' +
    'lista list sinal sinais senal senales signal signals entrada entradas entry ' +
    'confirmada confirmado confirmed novo nova nuevo nueva new ' +
    'pre otc vela velas candle candles ate hasta until go '
  ).split(' '),
);

/** Words after a number that say what it counts: `10 sinais`, `3 wins`, `2 anos`. */
const COUNTED: ReadonlySet<string> = new Set(
  'x vezes veces times dias days anos years pips pontos points reais real dolares dollars usd usdt brl euros'.split(
    ' ',
  ),
);
/** Words before a number that make it an id: `ID 123`, `nº 5`, `número 3`. */
const ID_WORDS: ReadonlySet<string> = new Set('id n no nr numero num'.split(' '));
const CURRENCY_SIGNS: ReadonlySet<string> = new Set(['$', '€', '£', '¥']);
/** Separators between a label and its value: `Tempo: 5`, `Proteção → 2`, `Exp = 15`. */
export const LABEL_GLUE: ReadonlySet<string> = new Set([
  ':',
  '=',
  '>',
  '→',
  '➡',
  '➜',
  '➔',
  '⇒',
  '»',
  '⟶',
  '-',
  '–',
  '—',
]);
/** Field separators of a delimited line: `EURUSD;14:30;PUT`, `EUR/USD | 14:30 | PUT`. */
const FIELD_SEPARATORS: ReadonlySet<string> = new Set([';', '|', '-', '–', '—', '•']);

const isMeaningful = (t: Token): boolean => t.kind !== 'sym';

/** The number at `tokens[k]` is decoration: a date, a percentage, money, a price, an id, a count. */
function isDecorativeNumber(tokens: readonly Token[], k: number, first: number): boolean {
  const t = tokens[k] as Token;
  const prev = tokens[k - 1];
  const next = tokens[k + 1];
  const after = tokens[k + 2];
  if (t.text.length >= 5) return true; // ids, timestamps
  if (t.text.length === 4 && (t.text.startsWith('19') || t.text.startsWith('20'))) return true;
  if (prev?.text === '#' || (prev?.kind === 'word' && ID_WORDS.has(prev.text))) return true;
  if (next?.text === '%' || after?.text === '%') return true;
  if (prev !== undefined && CURRENCY_SIGNS.has(prev.text)) return true;
  // Glued to a word (`top10`, `v2`, `ID_15_173…`): part of that word.
  if ((t.glued && prev?.kind === 'word') || (next?.glued === true && next.kind === 'word')) {
    return next?.text !== 'x' || !next.glued;
  }
  // A decimal (`1.08450`, `92,5`), a date (`12/05`, `12/05/2025`, `12-05`), a fraction, a score.
  if (next?.glued === true && joins(next) && after?.kind === 'num' && after.glued) return true;
  if (t.glued && joins(prev) && tokens[k - 2]?.kind === 'num' && prev?.glued === true) return true;
  if (next?.kind === 'word' && (COUNTED.has(next.text) || (next.flags & W.SIGNAL) !== 0)) {
    return true;
  }
  if (next?.kind === 'word' && (next.flags & W.RESULT) !== 0) return true;
  // List numbering: the line's first meaningful token (`1.`, `2)`, `1️⃣`, `01 -`).
  if (k === first && t.text.length <= 2) return true;
  return false;
}

/** The label at `tokens[k]` stands as a template slot: followed by `:` / an arrow, or first. */
function isLabel(tokens: readonly Token[], k: number, first: number): boolean {
  const next = tokens[k + 1];
  return k === first || (next !== undefined && LABEL_GLUE.has(next.text) && next.text !== '-');
}

/** Whether the line is a delimited record: two or more of one field separator, spaced or not. */
function delimiter(tokens: readonly Token[]): string | undefined {
  let semicolons = 0;
  let pipes = 0;
  let dashes = 0;
  for (let k = 0; k < tokens.length; k += 1) {
    const t = tokens[k] as Token;
    if (t.kind !== 'sym') continue;
    if (t.text === ';') semicolons += 1;
    else if (t.text === '|') pipes += 1;
    else if (FIELD_SEPARATORS.has(t.text) && !t.glued && tokens[k + 1]?.glued === false) {
      dashes += 1;
    }
  }
  if (semicolons >= 2) return ';';
  if (pipes >= 2) return '|';
  return dashes >= 2 ? '-' : undefined;
}

/** The word at `tokens[k]` is alone in its field of a line delimited by `sep`. */
function aloneInField(tokens: readonly Token[], k: number, sep: string): boolean {
  for (let step = -1; step <= 1; step += 2) {
    for (let j = k + step; j >= 0 && j < tokens.length; j += step) {
      const t = tokens[j] as Token;
      if (t.kind === 'sym' && isFieldSeparator(t, sep)) break;
      if (isMeaningful(t)) return false;
    }
  }
  return true;
}

/** `t` separates the fields of a line delimited by `sep` (`-` stands for every dash and bullet). */
function isFieldSeparator(t: Token, sep: string): boolean {
  return sep === '-'
    ? FIELD_SEPARATORS.has(t.text) && t.text !== ';' && t.text !== '|'
    : t.text === sep;
}

/** `.`, `,`, `/` or `x` between two numbers: a decimal, a date, a fraction, a score. */
const joins = (s: Token | undefined): boolean =>
  s !== undefined && (s.text === '.' || s.text === ',' || s.text === '/' || s.text === 'x');

const push = (out: Candidate[], kind: CandidateKind, t: Token, value = Number.NaN): void => {
  out.push({ kind, start: t.start, end: t.end, value });
};

/**
 * Appends to `out` the tokens of one scanned line the scanner could not account for and that
 * could be a field. `scan` is the line's reading; its tokens' `used` marks are read, not changed.
 */
export function collectCandidates(
  tokens: readonly Token[],
  scan: LineScan,
  out: Candidate[],
): void {
  // Results, warnings and cancellations are judged whole; nothing on them feeds a signal.
  if (scan.isResult || scan.warns || scan.cancels) return;
  const multiTime = scan.asset !== undefined && scan.times.length > 1;
  // Unknown words alone matter only where a signal may be (to highlight them).
  const signalish =
    scan.asset !== undefined || scan.times.length > 0 || scan.direction !== undefined;
  const leftover = signalish ? scan.leftover : scan.leftover & ~LEFT_WORD;
  if (leftover === 0 && !multiTime) return;
  let first = -1;
  for (let k = 0; k < tokens.length; k += 1) {
    if (isMeaningful(tokens[k] as Token)) {
      first = k;
      break;
    }
  }
  if (first < 0) return;
  let sep: string | undefined | null = null; // null: not looked at yet
  const noTime = scan.times.length === 0 && scan.invalidTime === undefined;
  for (let k = first; k < tokens.length; k += 1) {
    const t = tokens[k] as Token;
    if (t.used || t.kind === 'sym') continue;
    if (t.kind === 'num') {
      if (!isDecorativeNumber(tokens, k, first)) push(out, 'number', t, Number(t.text));
      continue;
    }
    const flags = t.flags;
    if (flags !== 0) {
      // A label's value may be a clock only for an expiry's end (`Expira às 14:35`).
      if ((flags & (W.EXPIRY | W.GALE)) === 0 || (!noTime && scan.expiryEnd === undefined)) {
        continue;
      }
      if ((flags & W.EXPIRY) !== 0 && scan.timeframeMin === undefined) {
        if (isLabel(tokens, k, first)) push(out, 'expiryLabel', t);
      } else if ((flags & W.GALE) !== 0 && scan.galeCount === undefined) {
        if (isLabel(tokens, k, first)) push(out, 'galeLabel', t);
      }
      continue;
    }
    if (t.text.length === 1) continue;
    if (sep === null) sep = delimiter(tokens);
    if ((!signalish && sep === undefined) || NOISE.has(t.text)) continue;
    const field = sep !== undefined && aloneInField(tokens, k, sep);
    push(out, field ? 'fieldWord' : 'word', t);
  }
  // "EURUSD 14:30 CALL 14:35": two entry times for one signal.
  if (scan.asset !== undefined && scan.times.length > 1 && !scan.galeMentioned) {
    const start = scan.secondTimeStart;
    out.push({ kind: 'time', start, end: scan.secondTimeEnd, value: Number.NaN });
  }
}
