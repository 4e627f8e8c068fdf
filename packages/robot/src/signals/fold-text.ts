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

  const decomposed = text.normalize('NFKD');
  let out = '';
  let runStart = 0;
  for (let i = 0; i < decomposed.length; i += 1) {
    const c = decomposed.charCodeAt(i);
    if (c < 0x300) continue;
    const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < decomposed.length;
    const codePoint = pair ? (decomposed.codePointAt(i) ?? c) : c;
    if (isMark(codePoint)) {
      out += decomposed.slice(runStart, i);
      runStart = i + (pair ? 2 : 1);
    }
    if (pair) i += 1;
  }
  out += decomposed.slice(runStart);
  return out.toLowerCase();
}
