import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/code-names.md is the glossary of identifiers: one name per concept, and where the other
// names live. This test reads its table and holds each row to the code where a machine can:
// every table, `table.column`, `Interface.field` and file a row names exists; a `prefix_*` row
// lists every table of that prefix; and the rows that say where a name lives (the bot's userid,
// account type, the copy switch, the Telegram tables, "inbox") are checked where they point.
const root = resolve(import.meta.dirname, '..');
const read = (path) => readFileSync(resolve(root, path), 'utf8');
const SCHEMA = read('apps/server/src/db/schema.ts');

/** The glossary's rows: the row's text and the `code` spans in it. */
function glossaryRows() {
  return read('docs/code-names.md')
    .split('\n')
    .filter(
      (line) => line.startsWith('| ') && !line.startsWith('| concept') && !/^\|\s*-/.test(line),
    )
    .map((line) => ({
      line,
      concept: line.split('|')[1].trim(),
      names: [...line.matchAll(/`([^`]+)`/g)].map((m) => m[1]),
    }));
}

/** The fields of a TypeScript interface (`interface Name { … }`) in `text`, or null. */
function fieldsOf(text, name) {
  const start = text.search(new RegExp(String.raw`interface ${name}\b[^{]*\{`));
  if (start < 0) return null;
  const body = text.slice(text.indexOf('{', start) + 1);
  let depth = 1;
  let end = 0;
  while (depth > 0 && end < body.length) {
    if (body[end] === '{') depth += 1;
    if (body[end] === '}') depth -= 1;
    end += 1;
  }
  // Fields at the interface's own depth only (two-space indent).
  return new Set(
    [...body.slice(0, end).matchAll(/^ {2}(?:readonly )?(\w+)\??:/gm)].map((m) => m[1]),
  );
}

/** Every table of the server's schema → its columns. */
function tables() {
  const start = SCHEMA.indexOf('export interface Database {');
  const body = SCHEMA.slice(start, SCHEMA.indexOf('\n}', start));
  return new Map(
    [...body.matchAll(/^ {2}(\w+): (\w+);/gm)].map(([, table, type]) => [
      table,
      fieldsOf(SCHEMA, type) ?? new Set(),
    ]),
  );
}

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter(Boolean);
const typescript = files.filter((f) => /\.(ts|tsx)$/.test(f));

/** The source of the TypeScript interface `name`, searched across the repository. */
function interfaceFields(name) {
  for (const file of typescript) {
    const text = read(file);
    if (!text.includes(`interface ${name}`)) continue;
    const fields = fieldsOf(text, name);
    if (fields) return fields;
  }
  return null;
}

/** A path a row names (`robot/ledger/ledger.ts`, `features/copy-rooms`), from its usual roots. */
function pathExists(path) {
  const clean = path.replace(/\/$/, '');
  if (!clean.includes('/'))
    return files.some((f) => f.endsWith(`/${clean}`) || f.includes(`/${clean}/`));
  return ['', 'apps/server/src/', 'apps/web/src/'].some((base) =>
    existsSync(resolve(root, base + clean)),
  );
}

const schema = tables();
const columns = new Set([...schema.values()].flatMap((c) => [...c]));
const rows = glossaryRows();
const row = (concept) => {
  const found = rows.find((r) => r.concept.startsWith(concept));
  if (!found) throw new Error(`docs/code-names.md has no row "${concept}…"`);
  return found;
};

describe('the glossary of code names (docs/code-names.md)', () => {
  it('reads the schema and the table', () => {
    expect(schema.get('orders')?.has('account_type')).toBe(true);
    expect(rows.length).toBeGreaterThan(15);
  });

  it('names only tables, columns, fields and files that exist', () => {
    const missing = [];
    for (const { concept, names } of rows) {
      for (const name of names) {
        let ok = true;
        if (/^[a-z]+(?:_[a-z]+)+$/.test(name)) ok = schema.has(name) || columns.has(name);
        else if (/^[a-z]+(?:_[a-z]+)*\.[a-z_]+$/.test(name)) {
          const [table, column] = name.split('.');
          ok = schema.get(table)?.has(column) === true;
        } else if (/^[A-Z]\w+\.\w+$/.test(name)) {
          const [type, field] = name.split('.');
          ok = interfaceFields(type)?.has(field) === true;
        } else if (/^[\w.-]+(?:\/[\w.-]+)+\/?$|^[\w-]+\.(?:ts|tsx|js|mjs)$/.test(name))
          ok = pathExists(name);
        if (!ok) missing.push(`${concept}: ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('lists every table of a prefix it names as `prefix_*`', () => {
    const unlisted = [];
    for (const { concept, names } of rows) {
      for (const name of names.filter((n) => /^[a-z]+_\*$/.test(n))) {
        const prefix = name.slice(0, -1);
        for (const table of schema.keys()) {
          if (table.startsWith(prefix) && !names.includes(table))
            unlisted.push(`${concept}: ${table}`);
        }
      }
    }
    expect(unlisted).toEqual([]);
  });

  it('holds the userid row: no string is called botId, SessionConfig carries userid', () => {
    expect(row('A trader').line).toContain('`SessionConfig.userid`');
    expect(interfaceFields('SessionConfig')?.has('userid')).toBe(true);
    expect(interfaceFields('SessionConfig')?.has('botId')).toBe(false);
    const stringBotIds = typescript.filter((f) => /\bbotId\??: string\b/.test(read(f)));
    expect(stringBotIds).toEqual([]);
  });

  it('holds the account type row: each spelling lives where the row says', () => {
    const { line } = row("A bot's account type");
    for (const spelling of ['accType', 'acc_type', 'account_type', 'accountType', 'account'])
      expect(line).toContain(`\`${spelling}\``);
    expect(read('packages/contract/src/global-params.ts')).toMatch(/^ {2}accType: /m);
    expect(schema.get('global_params')?.has('acc_type')).toBe(true);
    for (const table of ['orders', 'paper_accounts', 'paper_orders', 'copy_fanouts']) {
      expect(line).toContain(`\`${table}\``);
      expect(schema.get(table)?.has('account_type'), table).toBe(true);
    }
    expect(interfaceFields('SessionConfig')?.has('accountType')).toBe(true);
    expect(interfaceFields('OrderRequest')?.has('account')).toBe(true);
    expect(read('packages/contract/src/enums.ts')).toMatch(/export function isReal\(/);
  });

  it('holds the copy switch row: copyTraderEn is the trader’s, traderEna the follower’s', () => {
    const { line } = row('Whether this bot');
    expect(line).toContain('`copyTraderEn` on the wire');
    const contract = read('packages/contract/src/copy-trader.ts');
    const schemaOf = (name) => contract.slice(contract.indexOf(`const ${name}`)).split('});')[0];
    expect(schemaOf('TraderInfoSchema')).toMatch(/copyTraderEn: z\.boolean\(\)/);
    expect(schemaOf('TraderFollowSchema')).toMatch(/traderEna: z\.boolean\(\)/);
    expect(read('apps/server/src/robot/settings/bot-settings.ts')).toMatch(
      /copyEnabled: row\.copy_trader_en/,
    );
  });

  it('holds the Telegram rows: the reader’s tables are messaging_*, the bot’s tg_*', () => {
    expect(row('The messaging app the reader').line).toContain('`messaging_*`');
    expect(row('The Telegram bot the trader').line).toContain('`tg_*`');
    const prefixes = [...schema.keys()].filter((t) => /^(?:messaging|tg|telegram)_/.test(t));
    expect(prefixes.filter((t) => t.startsWith('telegram_'))).toEqual([]);
    const readerFiles = typescript.filter(
      (f) => f.startsWith('apps/server/src/reader/') && !f.endsWith('.test.ts'),
    );
    const botFiles = typescript.filter(
      (f) => f.startsWith('apps/server/src/modules/telegram-bot/') && !f.endsWith('.test.ts'),
    );
    const uses = (list, prefix) =>
      list.filter((f) => new RegExp(`['\`]${prefix}_\\w+['\`\\s]`).test(read(f)));
    expect(uses(readerFiles, 'tg')).toEqual([]);
    expect(uses(botFiles, 'messaging')).toEqual([]);
  });

  it('holds the inbox row: the robot’s queue is bot_events, no robot file is an inbox', () => {
    expect(schema.has('bot_events')).toBe(true);
    expect(files.filter((f) => /^apps\/server\/src\/robot\/.*inbox/.test(f))).toEqual([]);
  });
});
