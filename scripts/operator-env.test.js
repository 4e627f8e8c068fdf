import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/operator.md lists every environment variable the server and the workers read. This test
// reads the server's code (tests and their helpers excluded) for the ways it reads one and fails
// when a name is missing from the guide, so a new setting cannot ship undocumented.
const root = resolve(import.meta.dirname, '..');
const SERVER = 'apps/server/src';

/** The server's own files (not tests, not the test helpers in src/test/). */
function serverFiles() {
  return readdirSync(resolve(root, SERVER), { recursive: true })
    .map((f) => String(f).split('\\').join('/'))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('test/'))
    .map((f) => ({ file: `${SERVER}/${f}`, text: readFileSync(resolve(root, SERVER, f), 'utf8') }));
}

const NAME = '[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*';

/**
 * The variables one source text reads: `env.X` / `env['X']` (process.env or a passed env), the
 * start-up checker's `text('X')`, `int('X', …)`, `flag('X', …)`, `choice('X', …)`, a key list
 * read through `env[key]` (`required: ['X', …]`, `optional: [...]`), and a family built from a
 * prefix (`` `QUADCODE_${id}` `` with `` `${prefix}_HTTP_URL` ``), named `QUADCODE_<id>_HTTP_URL`.
 */
export function envReads(text) {
  const out = new Set();
  const add = (re) => {
    for (const m of text.matchAll(re)) out.add(m[1]);
  };
  add(new RegExp(`\\benv\\.(${NAME})\\b`, 'g'));
  add(new RegExp(`\\benv\\[\\s*['"](${NAME})['"]\\s*\\]`, 'g'));
  add(new RegExp(`\\.(?:text|int|flag|choice)\\(\\s*'(${NAME})'`, 'g'));
  for (const list of text.matchAll(/\b(?:required|optional):\s*\[([^\]]*)\]/g)) {
    if (!/\benv\[/.test(text)) continue;
    for (const m of list[1].matchAll(new RegExp(`'(${NAME})'`, 'g'))) out.add(m[1]);
  }
  for (const family of text.matchAll(
    new RegExp(`const (\\w+) = \`(${NAME}_)\\$\\{[^}]+\\}\``, 'g'),
  )) {
    const [, variable, base] = family;
    if (!new RegExp(`env\\[${variable}\\]`).test(text) && !text.includes(`env[\`\${${variable}}`)) {
      continue;
    }
    out.add(`${base}<id>`);
    for (const m of text.matchAll(new RegExp(`\`\\$\\{${variable}\\}(_${NAME})\``, 'g'))) {
      out.add(`${base}<id>${m[1]}`);
    }
  }
  return out;
}

/** Every variable the server's code reads, with a file that reads it. */
function allReads() {
  const reads = new Map();
  for (const { file, text } of serverFiles()) {
    for (const name of envReads(text)) if (!reads.has(name)) reads.set(name, file);
  }
  return reads;
}

describe('docs/operator.md lists every environment variable the server and workers read', () => {
  it('names each one the code reads', () => {
    const guide = readFileSync(resolve(root, 'docs/operator.md'), 'utf8');
    const missing = [...allReads()]
      .filter(([name]) => !guide.includes(`\`${name}\``))
      .map(([name, file]) => `${name} (read in ${file})`);
    expect(missing).toEqual([]);
  });

  it('finds what it should (a scan that finds nothing checks nothing)', () => {
    const reads = allReads();
    for (const name of [
      'DATABASE_URL',
      'WORKER_LEASE_MS',
      'DERIV_APP_ID',
      'DERIV_API',
      'DERIV_REST_URL',
      'DERIV_OAUTH_CLIENT_ID',
      'DERIV_OAUTH_URL',
      'STRIPE_SECRET_KEY',
      'NOWPAYMENTS_PASSWORD',
      'QUADCODE_<id>',
      'QUADCODE_<id>_HTTP_URL',
      'QUADCODE_<id>_WS_URL',
      'QUADCODE_<id>_PLATFORM_ID',
    ]) {
      expect(reads.has(name), name).toBe(true);
    }
    // Every way of reading one, in a made-up text.
    const text = [
      "const a = process.env.ALPHA_ONE; const b = env['BETA'];",
      "c.int('GAMMA_MS', 5, {}); c.flag('DELTA', true);",
      "const keys = { required: ['EPSILON_KEY'], optional: ['ZETA'] }; const v = env[key];",
      'const prefix = `ETA_${id}`; env[prefix]; env[`${prefix}_HOST`];',
    ].join('\n');
    expect([...envReads(text)].sort()).toEqual(
      [
        'ALPHA_ONE',
        'BETA',
        'DELTA',
        'EPSILON_KEY',
        'ETA_<id>',
        'ETA_<id>_HOST',
        'GAMMA_MS',
        'ZETA',
      ].sort(),
    );
  });
});
