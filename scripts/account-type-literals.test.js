import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Money safety reads "is this Real?" in one place: the contract's `AccountType` (demo 1, real 2,
// tournament 3) and `isReal()`, packages/contract/src/enums.ts. A bare `2` beside an account type
// is a Real check nobody can find (docs/code-names.md, "account type"); this test refuses one in
// any TypeScript file of the repository, tests included. It knows the five spellings of the
// concept and the shapes such a literal takes: compared, assigned, defaulted, in a SQL condition,
// as a `1 | 2 | 3` type, as the argument of a broker's account calls.
const root = resolve(import.meta.dirname, '..');
const ENUM_FILE = 'packages/contract/src/enums.ts';

const NAME = String.raw`\b(?:accType|acc_type|accountType|account_type|account|acc)\b['"]?`;
const OP = String.raw`\s*(?:===|!==|==|!=|<>|\?\?|=|:|,\s*'(?:=|<>)',)\s*`;
const LITERAL = String.raw`\(?\s*[123]\b(?![.\d_])`;
const PATTERNS = [
  // accType === 2, account_type: 1, params?.acc_type ?? 1, .where('account_type', '=', 2)
  new RegExp(`${NAME}${OP}${LITERAL}`),
  // 2 === accountType
  new RegExp(String.raw`\b[123]\s*(?:===|!==|==|!=)\s*[\w.?]*${NAME}`),
  // o.account_type as 1 | 2 | 3, Record<1 | 2 | 3, …>
  /(?:\bas\s+|Record<\s*)1\s*\|\s*2\s*\|\s*3\b(?!\s*\|)/,
  // let account: AccountType = 1
  /:\s*AccountType\s*=\s*[123]\b/,
  // broker.checkAccount(2), broker.balance(1)
  /\b(?:checkAccount|balance)\(\s*[123]\s*\)/,
  // balances: { 1: 1_000 }, PAPER_DEFAULTS.balances[1], Record<AccountType, …> = { 1: 4 }
  /\b(?:balances|tokens)\??:?\s*\{\s*[123]\s*:/,
  // (a platform's own list, `user.balances[1]`, is an array: not an account type)
  /(?:(?<![\w.])|PAPER_DEFAULTS\.)balances\[[123]\]/,
  /Record<AccountType,[^>]*>+\s*=\s*\{\s*[123]\s*:/,
];

/** The account-type literals of one file's text, as `line: text`. */
export function accountTypeLiterals(text) {
  return text
    .split('\n')
    .map((line, i) => ({ line, n: i + 1 }))
    .filter(({ line }) => PATTERNS.some((p) => p.test(line)))
    .map(({ line, n }) => `${n}: ${line.trim()}`);
}

function trackedTypeScript() {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => /\.(ts|tsx|mts)$/.test(f) && f !== ENUM_FILE);
}

describe('account type literals', () => {
  it('finds each shape a bare account type takes, and passes the named ones', () => {
    for (const bad of [
      'if (params.accType === 2) check();',
      "  .where('account_type', '=', 2)",
      'const account = (params?.acc_type ?? 1) as AccountType;',
      '    account_type: 1,',
      'if (2 === order.accountType) {',
      'account: o.account_type as 1 | 2 | 3,',
      'const check = await broker.checkAccount(2);',
      'sql`select * from orders where account_type = 2`',
      '{ ...defaults, accType: 3 }',
      'let account: AccountType = 1;',
      'createPaperBroker({ seed: 5, balances: { 1: 100_000 } });',
      'const start = PAPER_DEFAULTS.balances[1];',
      'const TYPES: Partial<Record<AccountType, number>> = { 1: 4, 2: 1 };',
    ]) {
      expect(accountTypeLiterals(bad), bad).toHaveLength(1);
    }
    for (const good of [
      'if (isReal(params.accType)) check();',
      "  .where('account_type', '=', AccountType.real)",
      'account_type: AccountType.demo,',
      'accounts: 12,',
      'account: 1.5,',
      'accountId: 2,',
      'const stake = 1 | 2;',
      'columns?: 1 | 2 | 3;',
      'it.each<[1 | 2 | 3 | 4, SignalType]>([',
      'balance(account)',
      'balances: { [AccountType.demo]: 1_000 },',
      'balanceId: user.balances[1]?.id,',
    ]) {
      expect(accountTypeLiterals(good), good).toEqual([]);
    }
  });

  it('appear nowhere but in the contract’s enum', () => {
    const found = trackedTypeScript().flatMap((file) =>
      accountTypeLiterals(readFileSync(resolve(root, file), 'utf8')).map((hit) => `${file}:${hit}`),
    );
    expect(found).toEqual([]);
  });
});
