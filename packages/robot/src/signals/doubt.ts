/**
 * Turns the reader's doubts (folded offsets) into `DoubtfulLine`s located in the original message,
 * so the tester can highlight the very characters the trader wrote.
 */
import type { Candidate, CandidateKind } from './account.ts';
import { foldText } from './fold-text.ts';
import type { DoubtfulLine, DoubtReason, DoubtToken } from './types.ts';

/** A doubt found while reading: candidates of some lines, about the signal on `line`. */
export interface PendingDoubt {
  line: number;
  asset: string | undefined;
  time: string | undefined;
  tokens: { candidate: Candidate; line: number }[];
}

const REASONS: Readonly<Record<CandidateKind, DoubtReason>> = {
  number: 'unexplainedNumber',
  word: 'unexplainedWord',
  fieldWord: 'unexplainedWord',
  expiryLabel: 'labelWithoutValue',
  galeLabel: 'labelWithoutValue',
  time: 'contradiction',
  extraTime: 'contradiction',
};

/**
 * For each UTF-16 index of `folded` (= `foldText(text)`), the start and end in `text` of the code
 * point it came from. Folding works code point by code point (NFKD, marks dropped, lower case),
 * so the lengths add up; if they ever did not, offsets are clamped, never thrown.
 */
function offsetMap(text: string, folded: string): { from: Int32Array; to: Int32Array } {
  const from = new Int32Array(folded.length + 1);
  const to = new Int32Array(folded.length + 1);
  let pos = 0;
  for (let i = 0; i < text.length && pos < folded.length;) {
    const cp = text.codePointAt(i) ?? 0;
    const width = cp > 0xffff ? 2 : 1;
    const piece = cp < 0x80 ? 1 : foldText(text.slice(i, i + width)).length;
    for (let j = 0; j < piece && pos < folded.length; j += 1, pos += 1) {
      from[pos] = i;
      to[pos] = i + width;
    }
    i += width;
  }
  for (; pos <= folded.length; pos += 1) {
    from[pos] = text.length;
    to[pos] = text.length;
  }
  return { from, to };
}

/** The doubts of one message, in message order, with offsets into `text`. */
export function locateDoubts(
  text: string,
  folded: string,
  pending: readonly PendingDoubt[],
): DoubtfulLine[] {
  const identity = folded.length === text.length && folded === text.toLowerCase();
  const map = identity ? undefined : offsetMap(text, folded);
  return pending.map((p) => {
    const seen = new Set<number>();
    const tokens: DoubtToken[] = [];
    for (const { candidate, line } of p.tokens) {
      if (seen.has(candidate.start)) continue;
      seen.add(candidate.start);
      const start = map ? (map.from[candidate.start] ?? text.length) : candidate.start;
      const end = map ? (map.to[candidate.end - 1] ?? text.length) : candidate.end;
      tokens.push({
        text: text.slice(start, end),
        start,
        end,
        line,
        reason: REASONS[candidate.kind],
      });
    }
    tokens.sort((a, b) => a.start - b.start);
    const doubtful: DoubtfulLine = { line: p.line, tokens };
    if (p.asset !== undefined) doubtful.asset = p.asset;
    if (p.time !== undefined) doubtful.time = p.time;
    return doubtful;
  });
}
