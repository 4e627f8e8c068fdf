// NFKD rather than NFD: channels write in "bold" mathematical letters (𝐄𝐔𝐑𝐔𝐒𝐃) and ordinals
// (1º), which only compatibility decomposition turns into plain ASCII. Marks are then dropped, which
// strips accents and also emoji variation selectors (⬆️ → ⬆), so each emoji has one spelling.
const MARKS = /\p{M}/gu;

/** Case- and accent-insensitive form used for every match: `foldText('Direção: COMPRA') === 'direcao: compra'`. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(MARKS, '').toLowerCase();
}
