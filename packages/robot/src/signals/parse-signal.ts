/**
 * Channel message → signals (ROBOT.md §8). A message is read line by line; a line with an asset
 * starts a signal, the other lines are either details of that signal (a vertical template) or
 * message-wide defaults (a header or footer of a list).
 */
import * as accounting from './account.ts';
import type { Candidate } from './account.ts';
import type { ChannelSignalSettings } from './channel-settings.ts';
import { locateDoubts, type PendingDoubt } from './doubt.ts';
import * as draftParts from './draft.ts';
import type { MessageRead } from './draft.ts';
import { foldText } from './fold-text.ts';
import { newScan, scanTokens, type LineScan } from './scan-line.ts';
import * as splitParts from './split-line.ts';
import { applyTaught, type TaughtLine } from './taught.ts';
import * as signalParts from './to-signal.ts';
import { isBlank, isBlankRange, tokenize, type Token } from './tokenize.ts';
import type { ParseSignalContext, ParseSignalResult, Rejection, Signal } from './types.ts';
import { compileVocabulary, type CompiledVocabulary } from './vocabulary.ts';

export { MAX_LEAD_MS, signalInstantMs, signalKey } from './to-signal.ts';

// Local aliases: under a CommonJS transform (tsx, the bench) an imported binding is a getter,
// and these run once per line.
const { collectCandidates } = accounting;
const { fillOptions, formatTime, newDraft } = draftParts;
const { orphanDoubt, toSignal } = signalParts;
const cutSecondSignal = splitParts.secondSignalCut;

// The channel's words folded once per settings list, not once per message.
const foldedWords = new WeakMap<readonly string[], readonly string[]>();

function containsAny(folded: string, words: readonly string[]): boolean {
  if (words.length === 0) return false;
  let list = foldedWords.get(words);
  if (list === undefined) {
    list = words.map((w) => foldText(w).trim()).filter((w) => w !== '');
    foldedWords.set(words, list);
  }
  for (const word of list) if (folded.includes(word)) return true;
  return false;
}

// Tokens of the line being read, reused from line to line (parseSignal never re-enters).
const lineTokens: Token[] = [];
// The line's unexplained tokens, copied only when there are some.
const lineCandidates: Candidate[] = [];

/** Reads each line of `text` (split at `\r\n`, `\r`, `\n`) into `read`. */
function readLines(
  text: string,
  read: MessageRead,
  vocabulary: CompiledVocabulary | undefined,
): void {
  let start = 0;
  let line = 1;
  const n = text.length;
  for (let i = 0; i <= n; i += 1) {
    const c = i < n ? text.charCodeAt(i) : 10;
    if (c !== 10 && c !== 13) continue;
    // A blank line says nothing and feeds nothing: not even scanned.
    if (!isBlankRange(text, start, i)) readPart(text, start, i, line, read, vocabulary, true);
    if (c === 13 && text.charCodeAt(i + 1) === 10) i += 1;
    start = i + 1;
    line += 1;
  }
}

// The scan of the part being read, reused from line to line: `readLine` keeps what it needs of it
// (the clock times themselves, never the scan nor its arrays).
const lineScan = newScan();
// What the taught words said on the part `scanPart` read last (no object per line).
let partTaught: TaughtLine | undefined;

/** Tokenizes and scans `text[from, to)`, with the channel's taught words first. */
function scanPart(
  text: string,
  from: number,
  to: number,
  vocabulary: CompiledVocabulary | undefined,
): LineScan {
  const contains = tokenize(text, from, to, lineTokens);
  const taught = vocabulary && applyTaught(lineTokens, vocabulary);
  partTaught = taught;
  const scan = scanTokens(lineTokens, contains, lineScan);
  if (taught !== undefined) {
    // The channel's own words beat the lexicon's reading of the same line.
    scan.asset = taught.asset ?? scan.asset;
    if (taught.galeCount !== undefined) {
      scan.galeCount = taught.galeCount;
      scan.galeMentioned = true;
    }
    scan.timeframeMin = taught.timeframeMin ?? scan.timeframeMin;
    scan.cancels ||= taught.cancels;
  }
  return scan;
}

/**
 * Reads `text[from, to)`, a line or the part of one, as line `line`. A line holding two signals
 * (`EURUSD 14:30 CALL | GBPJPY 14:35 PUT`) is read as its parts when `split`, each part a line of
 * its own (see `secondSignalCut`), if the first part says a time or a side.
 */
function readPart(
  text: string,
  from: number,
  to: number,
  line: number,
  read: MessageRead,
  vocabulary: CompiledVocabulary | undefined,
  split: boolean,
): void {
  let scan = scanPart(text, from, to, vocabulary);
  const cut = split && scan.asset !== undefined ? cutSecondSignal(lineTokens, scan) : undefined;
  if (cut !== undefined) {
    const first = scanPart(text, from, cut[0], vocabulary);
    if (first.times.length > 0 || first.direction !== undefined) {
      account(first, partTaught, line, read);
      readLine(read, first, line);
      readPart(text, cut[1], to, line, read, vocabulary, true);
      return;
    }
    scan = scanPart(text, from, to, vocabulary);
  }
  account(scan, partTaught, line, read);
  readLine(read, scan, line);
}

/** Files the unexplained tokens of the part just scanned under its line. */
function account(
  scan: LineScan,
  taught: TaughtLine | undefined,
  line: number,
  read: MessageRead,
): void {
  if (lineCandidates.length > 0) lineCandidates.length = 0;
  collectCandidates(lineTokens, scan, lineCandidates);
  if (taught?.labelWithoutValue !== undefined) {
    const t = taught.labelWithoutValue;
    lineCandidates.push({ kind: 'expiryLabel', start: t.start, end: t.end, value: Number.NaN });
  }
  if (lineCandidates.length === 0) return;
  read.candidates ??= new Map();
  const known = read.candidates.get(line);
  if (known === undefined) read.candidates.set(line, lineCandidates.slice());
  else known.push(...lineCandidates);
}

const saysSomething = (scan: LineScan): boolean =>
  scan.times.length > 0 ||
  scan.direction !== undefined ||
  scan.timeframeMin !== undefined ||
  scan.galeMentioned ||
  scan.timezoneOffsetHours !== undefined ||
  scan.timezoneHint !== undefined;

function hasLabel(list: readonly Candidate[] | undefined): boolean {
  if (list === undefined) return false;
  for (const c of list) if (c.kind === 'expiryLabel' || c.kind === 'galeLabel') return true;
  return false;
}

/** Files one line: a result, a new signal, details of the current one, or message defaults. */
function readLine(read: MessageRead, scan: LineScan, line: number): void {
  const { header, current } = read;
  // "EUR/USD M5 OTC", "🇪🇺 EUR/USD 🇺🇸 OTC": an OTC anywhere on the asset's line is its market.
  if (scan.asset !== undefined && scan.mentionsOtc && !scan.asset.endsWith('-OTC')) {
    scan.asset = `${scan.asset}-OTC`;
  }
  // A warning cancels when it names a signal or stands bare ("NÃO ENTREM!"); qualified advice that
  // names none ("cuidado com notícias, não entrem após 2 gales") rides along with a list.
  const namesOne = scan.asset !== undefined || scan.times.length > 0 || scan.namesSignal;
  const cancelling = scan.cancels || (scan.warns && (namesOne || !scan.warnQualified));
  read.cancels ||= cancelling;
  read.priceOrder ||= scan.priceLevel;
  read.positionSide ||= scan.positionSide;
  read.quotesPrice ||= scan.quotesPrice;
  read.warns ||= scan.warns;
  if (cancelling && read.cancelNamed === undefined && scan.asset !== undefined) {
    read.cancelNamed = { asset: scan.asset, time: scan.times[0] };
  }
  if (read.named === undefined && scan.asset !== undefined) {
    read.named = { asset: scan.asset, time: scan.times[0] };
  }
  // Advice says nothing about the signals' options ("não entrem após 2 gales" is no gale count).
  if ((scan.warns || scan.cancels) && scan.asset === undefined) return;
  if (scan.isResult) {
    read.resultLines += 1;
    read.entries.push({ reason: 'result_post', line });
    return;
  }
  read.immediate ||= scan.immediate;
  const firstTime = scan.times[0];
  if (scan.asset !== undefined) {
    // Filled in place: an object spread here cost a third of the whole reading (V8 slow path).
    const draft = newDraft(line);
    draft.asset = scan.asset;
    draft.time = firstTime;
    draft.invalidTime = scan.invalidTime;
    draft.direction = scan.direction;
    draft.timeframeMin = scan.timeframeMin;
    draft.expiryEnd = scan.expiryEnd;
    draft.galeCount = scan.galeCount;
    draft.timezoneOffsetHours = scan.timezoneOffsetHours;
    draft.timezoneHint = scan.timezoneHint;
    draft.open =
      (firstTime === undefined && scan.invalidTime === undefined) || scan.direction === undefined;
    read.drafts.push(draft);
    read.entries.push(draft);
    read.current = draft;
    return;
  }
  const hasTime = firstTime !== undefined || scan.invalidTime !== undefined;
  // "1º GALE — TEMPO PARA 14:40": one more gale level for the signal above (or for all);
  // "G1: 14:35 | G2: 14:40", "Proteções: 14:35 e 14:40": one level per time on the line.
  if (scan.galeMentioned && hasTime) {
    const target = current ?? header;
    const levels = Math.max(1, scan.times.length);
    // "OP 2: 14:35" / "OP 3: 14:40": the operation's ordinal says the level (OP 3 is G2).
    target.galeLines =
      scan.galeStep === undefined
        ? Math.max(target.galeLines + levels, scan.galeOrdinal ?? scan.galeCount ?? 0)
        : Math.max(target.galeLines, scan.galeStep);
    if (firstTime === undefined) target.invalidTime ??= scan.invalidTime;
    target.fedBy.push(line);
    return;
  }
  if (current?.open) {
    current.fedBy.push(line);
    if (current.time === undefined && current.invalidTime === undefined) {
      current.time = firstTime;
      current.invalidTime = scan.invalidTime;
    } else if (firstTime !== undefined) {
      // "Open: 14:30" then "Saída: 14:35": a second clock for one signal, which nothing read.
      read.candidates ??= new Map();
      const list = read.candidates.get(line) ?? [];
      list.push({
        kind: 'extraTime',
        start: scan.firstTimeStart,
        end: scan.firstTimeEnd,
        value: Number.NaN,
      });
      read.candidates.set(line, list);
    }
    current.direction ??= scan.direction;
    fillOptions(current, scan);
    // A template's expiry or gale line often serves every signal of the message.
    fillOptions(header, scan);
    return;
  }
  if (current !== undefined && hasTime && scan.direction !== undefined) {
    read.entries.push({ reason: 'no_asset', line });
    read.orphans.push(line);
    return;
  }
  if (hasTime || scan.direction !== undefined) read.orphans.push(line);
  // A header or footer line feeds every signal when it says something about one, or labels a
  // field whose value it does not give ("Expiração: cinco").
  if (saysSomething(scan) || hasLabel(read.candidates?.get(line))) header.fedBy.push(line);
  fillOptions(header, scan);
  if (current === undefined) {
    // Before the first asset: a time or side stated once for the whole message. A line with
    // several times ("das 09:00 às 12:00") is a range, not a signal time.
    if (scan.times.length === 1) header.time ??= firstTime;
    else if (scan.times.length === 0) header.invalidTime ??= scan.invalidTime;
    header.direction ??= scan.direction;
    header.otc ||= scan.mentionsOtc;
  }
}

/**
 * Reads a channel message into signals plus rejections with reasons; never throws. Example:
 * `parseSignal('EUR/USD;14:30;PUT 🟥', settings, { nowMs, channelId: 'c1' }).signals[0]`
 * → `{ asset: 'EURUSD', direction: 'PUT', time: '14:30', atMs: <14:30 in the channel clock>, … }`.
 */
export function parseSignal(
  text: string,
  settings: ChannelSignalSettings,
  context: ParseSignalContext,
): ParseSignalResult {
  const signals: Signal[] = [];
  const rejected: Rejection[] = [];
  const folded = foldText(text);
  if (isBlank(folded)) return { signals, rejected: [{ reason: 'empty' }], doubtful: [] };
  if (containsAny(folded, settings.ignoreWords)) {
    return { signals, rejected: [{ reason: 'ignored' }], doubtful: [] };
  }
  if (settings.wordFilter.length > 0 && !containsAny(folded, settings.wordFilter)) {
    return { signals, rejected: [{ reason: 'filtered' }], doubtful: [] };
  }

  const read: MessageRead = {
    header: newDraft(0),
    drafts: [],
    entries: [],
    resultLines: 0,
    current: undefined,
    cancels: false,
    warns: false,
    immediate: false,
    named: undefined,
    cancelNamed: undefined,
    priceOrder: false,
    positionSide: false,
    quotesPrice: false,
    candidates: undefined,
    orphans: [],
  };
  const vocabulary =
    settings.vocabulary === undefined || settings.vocabulary.length === 0
      ? undefined
      : compileVocabulary(settings.vocabulary);
  readLines(folded, read, vocabulary);
  const { header, drafts } = read;
  const named = read.cancelNamed ?? read.named;

  // Never trade on doubt: a post that cancels a signal, or warns and carries none, is no signal,
  // whatever else it names.
  if (read.cancels || (read.warns && drafts.length === 0)) {
    const rejection: Rejection = { reason: 'cancelled' };
    if (named !== undefined) {
      rejection.asset = named.asset;
      const clock = named.time ?? header.time;
      if (clock !== undefined) rejection.time = formatTime(clock);
    }
    return { signals, rejected: [rejection], doubtful: [] };
  }
  // Trading a re-quoted signal under its WIN is worse than missing a signal posted beside a result.
  if (read.resultLines > 0 && drafts.length <= 1) {
    return { signals, rejected: [{ reason: 'result_post' }], doubtful: [] };
  }
  // "Buy now 1.00380 / TP 1.00480 / SL 1.00030": a price order's "now" is no binary entry.
  // "TURTLE LONG ENTRY … Preço Entrada: $93,161.00": a spot or futures position at a price.
  if (read.priceOrder || (read.positionSide && read.quotesPrice))
    return { signals, rejected: [{ reason: 'price_order' }], doubtful: [] };
  const pending: PendingDoubt[] = [];
  if (drafts.length === 0) {
    // "ALTA EUROUSD 14:30": a time or a side without an asset; the asset may be a word to teach.
    for (const line of read.orphans) orphanDoubt(read, line, pending);
    const doubtful = pending.length === 0 ? [] : locateDoubts(text, folded, pending);
    return { signals, rejected: [{ reason: 'no_asset' }], doubtful };
  }

  const keys = new Set<string>();
  for (const entry of read.entries) {
    if ('reason' in entry) {
      if (entry.reason === 'no_asset' && entry.line !== undefined) {
        orphanDoubt(read, entry.line, pending);
      }
      rejected.push(entry);
      continue;
    }
    const outcome = toSignal(entry, read, settings, context, keys, pending);
    if ('reason' in outcome) rejected.push(outcome);
    else signals.push(outcome);
  }
  const doubtful = pending.length === 0 ? [] : locateDoubts(text, folded, pending);
  return { signals, rejected, doubtful };
}
