// NFKD rather than NFD: channels write in "bold" mathematical letters (𝐄𝐔𝐑𝐔𝐒𝐃) and ordinals
// (1º), which only compatibility decomposition turns into plain ASCII. Marks are then dropped, which
// strips accents and also emoji variation selectors (⬆️ → ⬆), so each emoji has one spelling.
const MARK = /^\p{M}$/u;

// Whether a code point is a mark, looked up once per distinct code point: a regular expression
// over the whole message costs more than the rest of the reading. 0 = not known yet, 1 = mark,
// 2 = not a mark (Basic Multilingual Plane); other planes are kept in a map.
const bmpMarks = new Uint8Array(0x10000);
const astralMarks = new Map<number, boolean>();

function isMark(codePoint: number): boolean {
  if (codePoint < 0x300) return false;
  if (codePoint <= 0xffff) {
    let known = bmpMarks[codePoint] ?? 0;
    if (known === 0) {
      known = MARK.test(String.fromCharCode(codePoint)) ? 1 : 2;
      bmpMarks[codePoint] = known;
    }
    return known === 1;
  }
  let known = astralMarks.get(codePoint);
  if (known === undefined) {
    known = MARK.test(String.fromCodePoint(codePoint));
    astralMarks.set(codePoint, known);
  }
  return known;
}

// The folded form of each non-ASCII code point seen (NFKD, marks dropped, lower case), made once:
// a message is folded a code point at a time from these, without normalizing the whole text.
const bmpFolded: (string | undefined)[] = [];
const astralFolded = new Map<number, string>();

function foldCodePoint(codePoint: number, symbol: string): string {
  const decomposed = symbol.normalize('NFKD');
  let out = '';
  for (let i = 0; i < decomposed.length; i += 1) {
    const c = decomposed.charCodeAt(i);
    const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < decomposed.length;
    const cp = pair ? (decomposed.codePointAt(i) ?? c) : c;
    if (!isMark(cp)) out += decomposed.slice(i, i + (pair ? 2 : 1));
    if (pair) i += 1;
  }
  const folded = out.toLowerCase();
  if (codePoint <= 0xffff) bmpFolded[codePoint] = folded;
  else astralFolded.set(codePoint, folded);
  return folded;
}

/** Case- and accent-insensitive form used for every match: `foldText('Direção: COMPRA') === 'direcao: compra'`. */
export function foldText(text: string): string {
  let ascii = true;
  for (let i = 0; i < text.length; i += 1) {
    if (text.charCodeAt(i) > 0x7f) {
      ascii = false;
      break;
    }
  }
  if (ascii) return text.toLowerCase();

  let out = '';
  let runStart = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c <= 0x7f) continue;
    if (i > runStart) out += text.slice(runStart, i).toLowerCase();
    const pair =
      c >= 0xd800 &&
      c <= 0xdbff &&
      i + 1 < text.length &&
      text.charCodeAt(i + 1) >= 0xdc00 &&
      text.charCodeAt(i + 1) <= 0xdfff;
    let folded: string | undefined;
    if (pair) {
      const cp = (c - 0xd800) * 0x400 + (text.charCodeAt(i + 1) - 0xdc00) + 0x10000;
      folded = astralFolded.get(cp) ?? foldCodePoint(cp, text.slice(i, i + 2));
      i += 1;
    } else {
      folded = bmpFolded[c] ?? foldCodePoint(c, text[i] as string);
    }
    out += folded;
    runStart = i + 1;
  }
  if (runStart < text.length) out += text.slice(runStart).toLowerCase();
  return out;
}
