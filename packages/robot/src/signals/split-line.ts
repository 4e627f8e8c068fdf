/**
 * Two signals on one line (`EURUSD 14:30 CALL | GBPJPY 14:35 PUT`): where the line is cut so
 * each part is read as a line of its own. A line is cut only at a separator standing before a
 * second asset, once the first part has said a time or a side of its own.
 */
import { nextAssetAt } from './assets.ts';
import { LEFT_WORD, type LineScan } from './scan-line.ts';
import type { Token } from './tokenize.ts';

/** Separators between two signals: `|`, `•`, `/`, `;`, `,`, dashes, `+` / `➕`, `&`, `e` / `y` / `and`. */
const SYMBOLS: ReadonlySet<string> = new Set([
  '|',
  '•',
  '·',
  '/',
  ';',
  ',',
  '-',
  '–',
  '—',
  '+',
  '➕',
  '&',
]);
const STANDALONE: ReadonlySet<string> = new Set(['|', ';', '•', '·', '➕']);
const WORDS: ReadonlySet<string> = new Set(['e', 'y', 'and']);

/** A separator that stands apart: not the `/` of `EUR/USD`, the `,` of `14,30` or `-` of `EUR-USD`. */
function isSeparator(tokens: readonly Token[], k: number): boolean {
  const t = tokens[k] as Token;
  if (t.kind === 'word') return WORDS.has(t.text);
  if (t.kind !== 'sym' || !SYMBOLS.has(t.text)) return false;
  // Marks that are never part of a field stand as separators even glued.
  if (STANDALONE.has(t.text)) return true;
  const next = tokens[k + 1];
  // "14:30, GBPJPY": a comma may be glued to what it ends, never to what follows it.
  if (t.text === ',') return next === undefined || !next.glued;
  return !t.glued && (next === undefined || !next.glued);
}

/**
 * The folded offsets `[cutStart, restStart]` of the separator before the line's second asset, or
 * `undefined` when the line holds one signal. `scan` is the whole line's reading (its first asset
 * taken); called only when something on the line was left unread.
 */
export function secondSignalCut(
  tokens: readonly Token[],
  scan: LineScan,
): [number, number] | undefined {
  // A second asset is a word the lexicon does not know, so it is left over.
  if (scan.asset === undefined || (scan.leftover & LEFT_WORD) === 0) return undefined;
  const second = nextAssetAt(tokens);
  if (second <= 0) return undefined;
  for (let k = second - 1; k > 0; k -= 1) {
    if (!isSeparator(tokens, k)) continue;
    // The first part must hold the first asset: a separator before it cuts nothing.
    for (let j = 0; j < k; j += 1) {
      if ((tokens[j] as Token).used) return [(tokens[k] as Token).start, (tokens[k] as Token).end];
    }
    return undefined;
  }
  return undefined;
}
