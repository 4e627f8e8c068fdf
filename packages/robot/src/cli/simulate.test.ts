import { describe, expect, it } from 'vitest';
import {
  formatTable,
  main,
  parseResults,
  parseSimulateArgs,
  parseTable,
  UsageError,
  type CliIo,
} from './simulate.ts';

/** Runs `main` with in-memory I/O; returns exit code and printed lines. */
async function cli(
  args: string[],
  files: Record<string, string> = {},
): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    out: (line) => out.push(...line.split('\n')),
    err: (line) => err.push(line),
    readFile: (path) => {
      const text = files[path];
      if (text === undefined) throw new Error('ENOENT');
      return text;
    },
  };
  return { code: await main(args, io), out, err };
}

/** Column `name` of the printed table, one cell per order row. */
function column(lines: string[], name: string): string[] {
  const headerAt = lines.findIndex((l) => l.startsWith('order'));
  const header = (lines[headerAt] ?? '').split(/\s{2,}/).map((h) => h.trim());
  const index = header.indexOf(name);
  return lines
    .slice(headerAt + 1)
    .filter((l) => /^\s*\d+\s/.test(l))
    .map((l) => l.trim().split(/\s{2,}/)[index] ?? '');
}

describe('simulate CLI', () => {
  it.each<[string, string[], string[], string]>([
    [
      'martingale ROBOT.md §1',
      ['--base', '2', '--payout', '0.87', '--gales', '3', '--mult', '2.2', '--results', 'LLLW'],
      ['2.00', '4.40', '9.68', '21.30'],
      '+2.45',
    ],
    [
      'martingale 10/2/2.0 at 0.80',
      ['--base', '10', '--payout', '0.8', '--gales', '2', '--mult', '2', '--results', 'LLL'],
      ['10.00', '20.00', '40.00'],
      '-70.00',
    ],
    [
      'soros ROBOT.md §2',
      ['--strategy', 'soros', '--base', '10', '--levels', '2', '--pct', '100', '--results', 'WWWW'],
      ['10.00', '18.70', '34.97', '10.00'],
      '+64.09',
    ],
    [
      'masaniello plan A',
      [
        '--strategy',
        'masaniello',
        '--capital',
        '100',
        '--total',
        '10',
        '--wins',
        '4',
        '--payout',
        '0.8',
        '--results',
        'LWLWLWW',
      ],
      ['6.82', '10.23', '6.90', '11.10', '6.66', '11.99', '5.39'],
      '+10.58',
    ],
    [
      'masaniello plan A bust',
      [
        '--strategy',
        'masaniello',
        '--capital',
        '100',
        '--total',
        '10',
        '--wins',
        '4',
        '--payout',
        '0.8',
        '--results',
        'LLLLLLL',
      ],
      ['6.82', '10.23', '14.39', '18.49', '20.81', '18.73', '10.53'],
      '-100.00',
    ],
    [
      'cycles cm 3',
      ['--strategy', 'cycles', '--cycle-mult', '3', '--results', 'LLLLWW'],
      ['2.00', '4.00', '8.00', '6.00', '12.00', '2.00'],
      '-7.82',
    ],
    [
      'cycles auto',
      ['--strategy', 'cycles', '--cycle-mult', '0', '--results', 'LLLLLW'],
      ['2.00', '4.00', '8.00', '18.10', '36.20', '72.40'],
      '-5.31',
    ],
    [
      'custom cycles C1–C3',
      ['--strategy', 'custom', '--table', '2/4/8,5/10/20,12/25/50', '--results', 'LLLLWW'],
      ['2.00', '4.00', '8.00', '5.00', '10.00', '2.00'],
      '-8.56',
    ],
    [
      'recovery conservative',
      [
        '--strategy',
        'recovery',
        '--base',
        '5',
        '--factor',
        '2',
        '--mode',
        '1',
        '--gales',
        '1',
        '--mult',
        '2',
        '--results',
        'LLWWW',
      ],
      ['5.00', '10.00', '8.63', '5.00', '5.00'],
      '+1.21',
    ],
  ])('prints the stake table when replaying %s', async (_, args, stakes, pnl) => {
    const { code, out } = await cli(args);
    expect(code).toBe(0);
    expect(column(out, 'stake')).toEqual(stakes);
    expect(out.find((l) => l.startsWith('orders'))).toContain(`P&L ${pnl}`);
  });

  it('prints every column with two-decimal amounts when replaying results', async () => {
    const { out } = await cli(['--gales', '3', '--mult', '2.2', '--results', 'LW']);
    expect(out).toEqual([
      'strategy martingale · payout 0.87 · break-even hit rate 53.48 %',
      'order  seq  gale  stake  result    P&L  balance  state',
      '    1    1     0   2.00  L       -2.00   998.00  galeLevel=1',
      '    2    1     1   4.40  W       +3.83  1001.83  galeLevel=0',
      'orders 2 · P&L +1.83 · balance 1001.83',
    ]);
  });

  it('keeps the same stake when a draw is refunded', async () => {
    const { out } = await cli(['--results', 'DLW']);
    expect(column(out, 'stake')).toEqual(['2.00', '2.00', '4.00']);
    expect(column(out, 'result')).toEqual(['D', 'L', 'W']);
  });

  it('lists the options when asked for help', async () => {
    const { code, out } = await cli(['--help']);
    expect(code).toBe(0);
    for (const option of [
      '--results',
      '--messages',
      '--strategy',
      '--base',
      '--payout',
      '--gales',
      '--mult',
      '--capital',
      '--total',
      '--wins',
      '--seed',
    ]) {
      expect(out.join('\n')).toContain(option);
    }
  });

  it.each<[string, string[], string]>([
    ['no input', [], 'exactly one of --results or --messages'],
    ['both inputs', ['--results', 'W', '--messages', 'f'], 'exactly one'],
    ['an unknown strategy', ['--strategy', 'x', '--results', 'W'], '--strategy must be one of'],
    ['a bad result letter', ['--results', 'WX'], 'only W, L and D'],
    ['a non-numeric amount', ['--base', 'two', '--results', 'W'], '--base must be a number'],
    ['an unknown option', ['--bogus', '--results', 'W'], 'bogus'],
    ['a percent payout', ['--payout', '87', '--results', 'W'], '--payout'],
  ])('exits 2 with a message when given %s', async (_, args, message) => {
    const { code, err } = await cli(args);
    expect(code).toBe(2);
    expect(err.join('\n')).toContain(message);
  });

  const MESSAGES =
    'M5;EURUSD;14:30;PUT\n\n🔔 EUR/USD - 15:00 - CALL - M1 (gale 2)\n\nWIN ✅\n\nGBP/JPY;15:10;PUT 🟥\n\nhello\n';

  it('trades channel messages on the paper broker the same way when the seed is the same', async () => {
    const args = ['--messages', 'm.txt', '--seed', '3', '--gales', '2'];
    const first = await cli(args, { 'm.txt': MESSAGES });
    const second = await cli(args, { 'm.txt': MESSAGES });
    expect(first.code).toBe(0);
    expect(first.out).toEqual(second.out);
    expect(column(first.out, 'asset').filter((a, i, all) => all.indexOf(a) === i)).toEqual([
      'EURUSD',
      'GBPJPY',
    ]);
    expect(new Set(column(first.out, 'seq'))).toEqual(new Set(['1', '2', '3']));
    expect(first.out).toContain('message 3: rejected (result_post)');
    expect(first.out).toContain('message 5: rejected (no_asset)');
  });

  it('exits 2 when the messages file cannot be read', async () => {
    const { code, err } = await cli(['--messages', 'missing.txt']);
    expect(code).toBe(2);
    expect(err[0]).toContain('cannot read missing.txt');
  });
});

describe('parseSimulateArgs', () => {
  it('converts amounts to cents and applies per-strategy defaults when options are omitted', () => {
    const parsed = parseSimulateArgs(['--strategy', 'cycles', '--base', '2.5', '--results', 'W']);
    if (parsed === 'help') throw new Error('unexpected help');
    expect(parsed.config).toMatchObject({
      entry: { kind: 'fixed', stakeCents: 250 },
      payout: 0.87,
      brokerMinCents: 100,
      brokerMaxCents: 500_000,
      cycles: 3,
      cycleMultiplier: 0,
      gales: 2,
      galeMultiplier: 2,
    });
    expect(parsed.startBalanceCents).toBe(100_000);
  });

  it('accepts a percent entry and a decimal comma when given', () => {
    const parsed = parseSimulateArgs(['--percent', '1', '--payout', '0,8', '--results', 'W']);
    if (parsed === 'help') throw new Error('unexpected help');
    expect(parsed.config.entry).toEqual({ kind: 'percent', pct: 1 });
    expect(parsed.payout).toBe(0.8);
  });
});

describe('parseResults and parseTable', () => {
  it.each([
    ['WLD', ['W', 'L', 'D']],
    ['w l,d', ['W', 'L', 'D']],
  ])('reads %s as results', (text, expected) => {
    expect(parseResults(text)).toEqual(expected);
  });

  it('throws a usage error when a letter is not W, L or D', () => {
    expect(() => parseResults('WQ')).toThrow(UsageError);
  });

  it('numbers the rows and fills MG cells when reading a table', () => {
    expect(parseTable('2/4/8, 5')).toEqual([
      { cycle: 1, entrada: 2, mg1: 4, mg2: 8 },
      { cycle: 2, entrada: 5 },
    ]);
  });
});

describe('formatTable', () => {
  it('marks a stake raised to the broker minimum with a star', () => {
    const table = formatTable([
      {
        order: 1,
        sequence: 1,
        galeLevel: 0,
        stakeCents: 100,
        minApplied: true,
        result: 'W',
        pnlCents: 87,
        balanceCents: 10_087,
        summary: { bankCents: 0 },
      },
    ]);
    expect(table.split('\n')[1]).toBe('    1    1     0  1.00*  W       +0.87   100.87  bank=0.00');
  });
});
