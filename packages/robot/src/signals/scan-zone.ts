/** The clock a line names by place or flag (see `scan-line.ts`). */
import { S as SYMBOL_FLAGS, W as WORD_FLAGS } from './lexicon.ts';
import type { LineScan } from './scan-line.ts';
import { flagZone, PLACE_NAMES } from './time-zones.ts';
import type { Token } from './tokenize.ts';

// Local aliases of the lexicon's flag tables: under a CommonJS transform (tsx, the bench) every
// use of an imported binding is a getter call, and the scanner reads these flags per token.
const W = WORD_FLAGS;
const S = SYMBOL_FLAGS;

/** `o` is a flag other than `flag`. */
function isOtherFlag(o: Token | undefined, flag: Token): boolean {
  return o !== undefined && o.kind === 'sym' && (o.flags & S.FLAG) !== 0 && o.text !== flag.text;
}

/** A place name or a lone flag of a one-zone country; not a market session, not the asset's flag. */
export function readZoneHint(
  tokens: readonly Token[],
  scan: LineScan,
  currencies: readonly string[],
): void {
  for (let k = 0; k < tokens.length; k += 1) {
    const t = tokens[k] as Token;
    if (t.kind === 'sym' && (t.flags & S.FLAG) !== 0) {
      const zone = flagZone(t.text);
      if (zone === undefined || currencies.includes(zone.currency)) continue;
      // 🇪🇺🇺🇸 beside EURUSD are the pair's currencies, not a clock.
      const prev = tokens[k - 1];
      const next = tokens[k + 1];
      if (isOtherFlag(prev, t) || isOtherFlag(next, t)) continue;
      // "🇬🇧 LONDON SESSION 🇬🇧" decorates a market session, like the city name would.
      if (namesSession(tokens)) continue;
      scan.timezoneHint = zone.zone;
      return;
    }
    if (t.kind !== 'word' || t.used) continue;
    const places = PLACE_NAMES.get(t.text);
    if (places === undefined) continue;
    for (const place of places) {
      let end = k + 1;
      if (place.next !== undefined) {
        if (tokens[end]?.text !== place.next) continue;
        end += 1;
      }
      if (isSession(tokens, k, end)) continue;
      scan.timezoneHint = place.zone;
      return;
    }
  }
}

function namesSession(tokens: readonly Token[]): boolean {
  for (const t of tokens) if (t.kind === 'word' && (t.flags & W.SESSION) !== 0) return true;
  return false;
}

/** `sessão de Nova York`, `New York session`: a market session, not the message's clock. */
function isSession(tokens: readonly Token[], start: number, end: number): boolean {
  for (let j = start - 1; j >= 0; j -= 1) {
    const t = tokens[j] as Token;
    if (t.kind !== 'word') continue;
    if ((t.flags & W.FILLER) !== 0) continue;
    if ((t.flags & W.SESSION) !== 0) return true;
    break;
  }
  for (let j = end; j < tokens.length; j += 1) {
    const t = tokens[j] as Token;
    if (t.kind !== 'word') continue;
    return (t.flags & W.SESSION) !== 0;
  }
  return false;
}
