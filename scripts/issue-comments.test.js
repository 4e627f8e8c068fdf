import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// A comment says what the code means and why, in words a reader has at hand: an issue's number
// sends them to a tracker they may not have, and goes stale once the issue closes.
// History lives in git and in docs/decisions/. This test refuses an issue number in any comment
// of the repository's code (TypeScript and JavaScript, tests included).
const root = resolve(import.meta.dirname, '..');
const ISSUE = /\bissues? ?#?\d+\b|(?:^|[\s(])#\d{1,4}\b(?![-\w])/i;

/** The comments of a source text, as `{ line, text }` (line comments and block comments). */
export function commentsOf(source) {
  const out = [];
  let line = 1;
  let i = 0;
  /** Inside a string or template literal: skipped, so `'//'` and URLs in strings are not comments. */
  let quote = null;
  while (i < source.length) {
    const c = source[i];
    if (c === '\n') line += 1;
    if (quote) {
      if (c === '\\') i += 1;
      else if (c === quote) quote = null;
      i += 1;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '/' && source[i + 1] === '/') {
      const end = source.indexOf('\n', i);
      const stop = end < 0 ? source.length : end;
      out.push({ line, text: source.slice(i + 2, stop) });
      i = stop;
      continue;
    } else if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end < 0 ? source.length : end;
      source
        .slice(i + 2, stop)
        .split('\n')
        .forEach((text, k) => out.push({ line: line + k, text }));
      line += source.slice(i, stop).split('\n').length - 1;
      i = stop + 2;
      continue;
    }
    i += 1;
  }
  return out;
}

/** The issue references in the comments of a source text, as `line: comment`. */
export function issueComments(source) {
  return commentsOf(source)
    .filter(({ text }) => ISSUE.test(text))
    .map(({ line, text }) => `${line}: ${text.trim()}`);
}

describe('issue numbers in comments', () => {
  it('finds an issue number in a line or block comment, never in a string or a URL anchor', () => {
    expect(issueComments('// The burst (issue 25): one trade\nconst a = 1;')).toEqual([
      '1: The burst (issue 25): one trade',
    ]);
    expect(issueComments('/**\n * Each line is decided when due (issue 29 item 1).\n */')).toEqual([
      '2: * Each line is decided when due (issue 29 item 1).',
    ]);
    expect(issueComments('const x = 1; // see #32')).toHaveLength(1);
    expect(issueComments("const s = 'issue 29 item 8 family';")).toEqual([]);
    expect(
      issueComments("const u = 'https://example.com/a//b'; // the issue of stale quotes"),
    ).toEqual([]);
    expect(issueComments('// https://core.telegram.org/api/errors#401-unauthorized')).toEqual([]);
  });

  it('finds none in the repository’s code', () => {
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((f) => /\.(ts|tsx|js|mjs|cjs)$/.test(f));
    const found = files.flatMap((file) =>
      issueComments(readFileSync(resolve(root, file), 'utf8')).map((hit) => `${file}:${hit}`),
    );
    expect(found).toEqual([]);
  });
});
