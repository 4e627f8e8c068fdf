/**
 * Token predicates the line scanner's recognisers share (see `scan-line.ts`): free (not yet read)
 * tokens of a kind, word boundaries between glued tokens, small numbers, clock shapes.
 */
import type { Token } from './tokenize.ts';

export const pad2 = (n: number): string => String(n).padStart(2, '0');

export const isFree = (t: Token | undefined, kind: Token['kind']): t is Token =>
  t !== undefined && t.kind === kind && !t.used;
/** `\b` before `tokens[k]`: not glued to a word or number. */
export const boundaryBefore = (tokens: readonly Token[], k: number): boolean => {
  const t = tokens[k];
  const prev = tokens[k - 1];
  return !(t?.glued === true && prev !== undefined && prev.kind !== 'sym');
};
/** `\b` after `tokens[k]`: the next token is not a word or number glued to it. */
export const boundaryAfter = (tokens: readonly Token[], k: number): boolean => {
  const next = tokens[k + 1];
  return !(next !== undefined && next.glued && next.kind !== 'sym');
};
/** Not glued after a word, a number or `: . ,` (a count, not part of `14:30` or `v1`). */
export const standsAlone = (tokens: readonly Token[], k: number): boolean => {
  const t = tokens[k];
  const prev = tokens[k - 1];
  if (t?.glued !== true || prev === undefined) return true;
  return prev.kind === 'sym' && prev.text !== ':' && prev.text !== '.' && prev.text !== ',';
};
export const use = (a: Token | undefined, b?: Token, c?: Token): void => {
  if (a) a.used = true;
  if (b) b.used = true;
  if (c) c.used = true;
};
/** A number of at most `digits` digits, not yet read. */
export const smallNum = (t: Token | undefined, digits: number): t is Token =>
  isFree(t, 'num') && t.text.length <= digits;
export const isWordFlag = (t: Token | undefined, flag: number): t is Token =>
  isFree(t, 'word') && (t.flags & flag) !== 0;
export const isTime = (tokens: readonly Token[], k: number): boolean => {
  const sep = tokens[k + 1];
  const minutes = tokens[k + 2];
  return (
    sep !== undefined &&
    sep.glued &&
    (sep.text === ':' || sep.text === 'h') &&
    minutes !== undefined &&
    minutes.glued &&
    minutes.kind === 'num' &&
    minutes.text.length === 2
  );
};

/** `2x` after a count: an `x` glued to the number with no number after it (not `2x1`). */
export const timesSign = (tokens: readonly Token[], k: number): boolean => {
  const x = tokens[k + 1];
  return x?.text === 'x' && x.glued && !x.used && boundaryAfter(tokens, k + 1);
};
