/**
 * `npm run simulate -- <options>`: replays order results, or a file of channel messages traded on
 * the paper broker, through one money strategy and prints the stake table. This is the robot's
 * only I/O-doing file; everything it calls is the pure library.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { type RecoveryFactor, type RecoveryMode, AccountType } from '@app/contract';
import { createPaperBroker, type PaperBroker } from '../broker/index.ts';
import {
  breakEvenHitRate,
  customCycles,
  cycles,
  formatCents,
  lossRecovery,
  martingale,
  masaniello,
  simulatePath,
  soros,
  toCents,
  type BaseState,
  type CommonConfig,
  type CustomCycleTableRow,
  type MoneyCommand,
  type MoneyStrategy,
  type OrderResult,
  type PlaceCommand,
  type StateSummary,
} from '../money/index.ts';
import { DEFAULT_CHANNEL_SIGNAL_SETTINGS, parseSignal, signalKey } from '../signals/index.ts';
import { planEntry, type OrderWindow } from '../timing/index.ts';

export const STRATEGY_NAMES = [
  'martingale',
  'soros',
  'masaniello',
  'cycles',
  'custom',
  'recovery',
] as const;
export type CliStrategy = (typeof STRATEGY_NAMES)[number];

export const HELP = `Usage: npm run simulate -- (--results WLD… | --messages file.txt) [options]

Input (one of):
  --results <WLD…>       order results in order: W win, L loss, D draw (spaces/commas ignored)
  --messages <file>      channel messages, one per blank-line-separated block, traded on the
                         seeded paper broker (see --seed, --now, --tz, --timeframe, --signal-type)

Strategy:
  --strategy <name>      martingale (default) | soros | masaniello | cycles | custom | recovery
  --base <amount>        entry stake, currency units (default 2)
  --percent <pct>        entry as a percentage of the start balance instead of --base
  --payout <fraction>    payout, 0.87 = 87 % (default 0.87)
  --gales <n>            gale levels (martingale 3, soros 0, masaniello 0, cycles 2, custom 2,
                         recovery 1 by default)
  --mult <m>             gale multiplier, 0 = payout-aware (default 2)
  --draw <policy>        refund (default) | asLoss
  --balance <amount>     start balance (default 1000)
  --min <amount>         broker minimum stake (default 1)
  --max <amount>         broker maximum stake (default 5000)
  soros:       --levels <N> (default 2)  --pct <1-100> (default 100)
  masaniello:  --capital <amount> (100)  --total <N> (10)  --wins <K> (4)  --type 1|2 (1)
               --target <profit> (0)  --hits-restart <n> (0)  --restart
  cycles:      --cycles <C> (3)  --cycle-mult <cm, 0 = auto> (0)
  custom:      --table "2/4/8,5/10/20,12/25/50"  (rows: entry/MG1/…/MG7, amounts)
  recovery:    --factor <code 0-8> (2 = 50 %)  --mode 1|2|3 (1)  --recover-profit <amount> (0)
               --max-recovery <amount> (default 10 × base)

Messages mode:
  --seed <n>             paper broker seed (default 1)
  --now <ISO instant>    replay clock start (default 2024-01-15T12:00:00Z)
  --tz <hours>           channel clock offset from UTC (default 0; Brasília -3)
  --timeframe <min>      default timeframe (default 1)
  --signal-type <4-9>    entry timing (default 7, end of candle)

  --help                 this text
`;

/** Parsed command line. Amounts are already in cents. */
export interface SimulateOptions {
  strategy: CliStrategy;
  results: OrderResult[] | null;
  messagesFile: string | null;
  payout: number;
  startBalanceCents: number;
  config: CommonConfig & Record<string, unknown>;
  seed: number;
  nowMs: number;
  tzHours: number;
  timeframeMin: number;
  signalType: 4 | 5 | 6 | 7 | 8 | 9;
}

/** A usage error: printed with a hint to `--help`, exit code 2. */
export class UsageError extends Error {}

const OPTIONS = {
  help: { type: 'boolean' },
  results: { type: 'string' },
  messages: { type: 'string' },
  strategy: { type: 'string' },
  base: { type: 'string' },
  percent: { type: 'string' },
  payout: { type: 'string' },
  gales: { type: 'string' },
  mult: { type: 'string' },
  draw: { type: 'string' },
  balance: { type: 'string' },
  min: { type: 'string' },
  max: { type: 'string' },
  levels: { type: 'string' },
  pct: { type: 'string' },
  capital: { type: 'string' },
  total: { type: 'string' },
  wins: { type: 'string' },
  type: { type: 'string' },
  target: { type: 'string' },
  'hits-restart': { type: 'string' },
  restart: { type: 'boolean' },
  cycles: { type: 'string' },
  'cycle-mult': { type: 'string' },
  table: { type: 'string' },
  factor: { type: 'string' },
  mode: { type: 'string' },
  'recover-profit': { type: 'string' },
  'max-recovery': { type: 'string' },
  seed: { type: 'string' },
  now: { type: 'string' },
  tz: { type: 'string' },
  timeframe: { type: 'string' },
  'signal-type': { type: 'string' },
} as const;

const DEFAULT_GALES: Record<CliStrategy, number> = {
  martingale: 3,
  soros: 0,
  masaniello: 0,
  cycles: 2,
  custom: 2,
  recovery: 1,
};

/** Parses `--results` letters: `parseResults('W L,d') → ['W', 'L', 'D']`. */
export function parseResults(text: string): OrderResult[] {
  const letters = text.toUpperCase().replace(/[\s,;]/g, '');
  if (!/^[WLD]+$/.test(letters))
    throw new UsageError(`--results takes only W, L and D, got "${text}"`);
  return [...letters] as OrderResult[];
}

/** Parses a custom-cycles table `2/4/8,5/10/20` into wire rows (amounts in currency units). */
export function parseTable(text: string): CustomCycleTableRow[] {
  return text
    .split(/[,;]/)
    .map((row) => row.trim())
    .filter((row) => row !== '')
    .map((row, i) => {
      const cells = row.split('/').map((c) => number(c, '--table'));
      const [entrada, ...gales] = cells;
      const out: CustomCycleTableRow = { cycle: i + 1, entrada };
      gales.slice(0, 7).forEach((value, g) => {
        (out as unknown as Record<string, number>)[`mg${g + 1}`] = value;
      });
      return out;
    });
}

function number(text: string | undefined, name: string): number {
  const value = Number(String(text).trim().replace(',', '.'));
  if (text === undefined || String(text).trim() === '' || !Number.isFinite(value)) {
    throw new UsageError(`${name} must be a number, got "${text}"`);
  }
  return value;
}

/**
 * Parses the command line into options (amounts → cents); throws {@link UsageError} on a bad one.
 * @example parseSimulateArgs(['--results', 'LW', '--base', '2.5']) // { config: { entry: { stakeCents: 250 } … } … }
 */
export function parseSimulateArgs(argv: readonly string[]): SimulateOptions | 'help' {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: OPTIONS,
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return 'help';
  const str = (key: keyof typeof OPTIONS): string | undefined =>
    typeof values[key] === 'string' ? (values[key] as string) : undefined;
  const num = (key: keyof typeof OPTIONS, fallback: number): number => {
    const text = str(key);
    return text === undefined ? fallback : number(text, `--${key}`);
  };
  const cents = (key: keyof typeof OPTIONS, fallback: number): number =>
    toCents(num(key, fallback));

  const strategy = (str('strategy') ?? 'martingale') as CliStrategy;
  if (!STRATEGY_NAMES.includes(strategy)) {
    throw new UsageError(
      `--strategy must be one of ${STRATEGY_NAMES.join(', ')}, got "${strategy}"`,
    );
  }
  const resultsText = str('results');
  const messagesFile = str('messages') ?? null;
  if ((resultsText === undefined) === (messagesFile === null)) {
    throw new UsageError('give exactly one of --results or --messages');
  }
  const payout = num('payout', 0.87);
  if (!(payout > 0 && payout <= 10))
    throw new UsageError(`--payout is a fraction like 0.87, got ${payout}`);
  const draw = str('draw') ?? 'refund';
  if (draw !== 'refund' && draw !== 'asLoss')
    throw new UsageError(`--draw must be refund or asLoss`);
  const baseCents = cents('base', 2);
  const percent = str('percent');
  const gales = num('gales', DEFAULT_GALES[strategy]);
  const mult = num('mult', 2);
  const signalType = num('signal-type', 7);
  if (![4, 5, 6, 7, 8, 9].includes(signalType))
    throw new UsageError('--signal-type must be 4 to 9');
  const nowText = str('now') ?? '2024-01-15T12:00:00Z';
  const nowMs = Date.parse(nowText);
  if (!Number.isFinite(nowMs))
    throw new UsageError(`--now must be an ISO instant, got "${nowText}"`);

  const common: CommonConfig = {
    entry:
      percent === undefined
        ? { kind: 'fixed', stakeCents: baseCents }
        : { kind: 'percent', pct: number(percent, '--percent') },
    payout,
    drawPolicy: draw,
    brokerMinCents: cents('min', 1),
    brokerMaxCents: cents('max', 5_000),
  };
  const byStrategy: Record<CliStrategy, () => Record<string, unknown>> = {
    martingale: () => ({ gales, multiplier: mult }),
    soros: () => ({ levels: num('levels', 2), pct: num('pct', 100), gales, galeMultiplier: mult }),
    masaniello: () => ({
      capitalCents: cents('capital', 100),
      totalOper: num('total', 10),
      totalWin: num('wins', 4),
      gales,
      type: num('type', 1),
      profitTargetCents: cents('target', 0),
      hitsRestart: num('hits-restart', 0),
      restartOnBust: values.restart === true,
    }),
    cycles: () => ({
      cycles: num('cycles', 3),
      cycleMultiplier: num('cycle-mult', 0),
      gales,
      galeMultiplier: mult,
    }),
    custom: () => ({ rows: parseTable(str('table') ?? ''), gales, multiplier: mult }),
    recovery: () => ({
      factor: num('factor', 2) as RecoveryFactor,
      mode: num('mode', 1) as RecoveryMode,
      gales,
      galeMultiplier: mult,
      recoverProfitCents: cents('recover-profit', 0),
      ...(str('max-recovery') === undefined
        ? {}
        : { maxRecoveryStakeCents: cents('max-recovery', 0) }),
    }),
  };
  return {
    strategy,
    results: resultsText === undefined ? null : parseResults(resultsText),
    messagesFile,
    payout,
    startBalanceCents: cents('balance', 1_000),
    config: { ...common, ...byStrategy[strategy]() },
    seed: num('seed', 1),
    nowMs,
    tzHours: num('tz', 0),
    timeframeMin: num('timeframe', 1),
    signalType: signalType as SimulateOptions['signalType'],
  };
}

const STRATEGIES: Record<CliStrategy, MoneyStrategy<unknown, BaseState>> = {
  martingale: martingale as unknown as MoneyStrategy<unknown, BaseState>,
  soros: soros as unknown as MoneyStrategy<unknown, BaseState>,
  masaniello: masaniello as unknown as MoneyStrategy<unknown, BaseState>,
  cycles: cycles as unknown as MoneyStrategy<unknown, BaseState>,
  custom: customCycles as unknown as MoneyStrategy<unknown, BaseState>,
  recovery: lossRecovery as unknown as MoneyStrategy<unknown, BaseState>,
};

/** One printed row. */
export interface TableRow {
  order: number;
  sequence: number;
  galeLevel: number;
  asset?: string;
  stakeCents: number;
  minApplied: boolean;
  result: OrderResult;
  pnlCents: number;
  balanceCents: number;
  summary: StateSummary;
}

function formatSummary(summary: StateSummary): string {
  return Object.entries(summary)
    .map(([key, value]) =>
      key.endsWith('Cents') && typeof value === 'number'
        ? `${key.slice(0, -5)}=${formatCents(value)}`
        : `${key}=${String(value)}`,
    )
    .join(' ');
}

/** Renders rows as an aligned text table, amounts (cents) with two decimals: a stake of 440 prints `4.40`. */
export function formatTable(rows: readonly TableRow[]): string {
  const withAsset = rows.some((r) => r.asset !== undefined);
  const header = [
    'order',
    'seq',
    'gale',
    ...(withAsset ? ['asset'] : []),
    'stake',
    'result',
    'P&L',
    'balance',
    'state',
  ];
  const body = rows.map((r) => [
    String(r.order),
    String(r.sequence),
    String(r.galeLevel),
    ...(withAsset ? [r.asset ?? ''] : []),
    formatCents(r.stakeCents) + (r.minApplied ? '*' : ''),
    r.result,
    (r.pnlCents > 0 ? '+' : '') + formatCents(r.pnlCents),
    formatCents(r.balanceCents),
    formatSummary(r.summary),
  ]);
  const widths = header.map((h, i) =>
    Math.max(h.length, ...body.map((row) => (row[i] ?? '').length)),
  );
  const left = new Set(['asset', 'result', 'state']);
  const line = (cells: string[]): string =>
    cells
      .map((cell, i) => {
        const w = widths[i] ?? 0;
        return left.has(header[i] ?? '') ? cell.padEnd(w) : cell.padStart(w);
      })
      .join('  ')
      .trimEnd();
  return [line(header), ...body.map(line)].join('\n');
}

/**
 * Plays blank-line-separated messages on a seeded paper broker: each signal is one sequence with
 * its next-candle gales; the replay clock starts at `options.nowMs` and advances to each expiry.
 * @example replayMessages('EURUSD;14:30;CALL', options).rows[0].stakeCents // 200
 */
export function replayMessages(
  text: string,
  options: SimulateOptions,
): { rows: TableRow[]; notes: string[] } {
  const strategy = STRATEGIES[options.strategy];
  const broker: PaperBroker = createPaperBroker({
    seed: options.seed,
    defaultPayout: options.payout,
    otcPayout: options.payout,
    balances: { [AccountType.demo]: options.startBalanceCents },
    minStakeCents: options.config.brokerMinCents,
    maxStakeCents: options.config.brokerMaxCents,
  });
  const settings = {
    ...DEFAULT_CHANNEL_SIGNAL_SETTINGS,
    timezoneOffsetHours: options.tzHours,
    defaultTimeframeMin: options.timeframeMin,
  };
  let state = strategy.initial(options.config);
  let clock = options.nowMs;
  const seen = new Set<string>();
  const rows: TableRow[] = [];
  const notes: string[] = [];
  let sequence = 0;
  const blocks = text.split(/\r?\n\s*\r?\n/).filter((b) => b.trim() !== '');
  blocks.forEach((block, b) => {
    const parsed = parseSignal(block, settings, { nowMs: clock, channelId: 'cli', seen });
    for (const r of parsed.rejected)
      notes.push(`message ${b + 1}: rejected (${r.reason})${r.asset ? ` ${r.asset}` : ''}`);
    for (const signal of parsed.signals) {
      seen.add(signalKey(signal));
      if (signal.atMs !== undefined && signal.atMs + signal.timeframeMin * 60_000 <= clock) {
        notes.push(`message ${b + 1}: ${signal.asset} ${signal.time ?? ''} skipped (already past)`);
        continue;
      }
      const entry = planEntry({
        signalType: options.signalType,
        nowMs: clock,
        signalAtMs: signal.atMs,
        timeframeMin: signal.timeframeMin,
      });
      const opened = strategy.next(
        state,
        { type: 'start_sequence', balanceCents: broker.balance(AccountType.demo) },
        options.config,
      );
      state = opened.state;
      let place = firstPlace(opened.commands);
      if (!place) {
        notes.push(`message ${b + 1}: ${signal.asset} not traded (${rejection(opened.commands)})`);
        continue;
      }
      sequence += 1;
      let window: OrderWindow = { sendAtMs: entry.sendAtMs, expiresAtMs: entry.expiresAtMs };
      const candleMs = signal.timeframeMin * 60_000;
      while (place) {
        const stake: PlaceCommand = place;
        const openAtMs = Math.max(window.sendAtMs, clock);
        const placed = broker.placeOrder({
          asset: signal.asset,
          direction: signal.direction,
          stakeCents: stake.stakeCents,
          account: AccountType.demo,
          openAtMs,
          expiresAtMs: window.expiresAtMs,
        });
        if (!placed.ok) {
          notes.push(
            `message ${b + 1}: broker refused ${formatCents(stake.stakeCents)} (${placed.error})`,
          );
          state = strategy.next(state, { type: 'abort_sequence' }, options.config).state;
          break;
        }
        const settled = broker.settle(placed.order.id, window.expiresAtMs);
        if (!settled.ok) throw new Error(`paper broker could not settle: ${settled.error}`);
        const { pnlCents, outcome } = settled.settlement;
        clock = Math.max(clock, window.expiresAtMs);
        const next = strategy.next(
          state,
          { type: 'order_settled', stakeCents: stake.stakeCents, pnlCents },
          options.config,
        );
        state = next.state;
        rows.push({
          order: rows.length + 1,
          sequence,
          galeLevel: stake.galeLevel,
          asset: signal.asset,
          stakeCents: stake.stakeCents,
          minApplied: stake.minApplied,
          result: outcome === 'WIN' ? 'W' : outcome === 'LOSS' ? 'L' : 'D',
          pnlCents,
          balanceCents: broker.balance(AccountType.demo),
          summary: strategy.summarize(state, options.config),
        });
        place = firstPlace(next.commands);
        // Gales go on the next candle of the same asset and direction (ROBOT.md §0 nextCandle).
        window = { sendAtMs: window.expiresAtMs, expiresAtMs: window.expiresAtMs + candleMs };
      }
    }
  });
  return { rows, notes };
}

function firstPlace(commands: readonly MoneyCommand[]): PlaceCommand | null {
  return commands.find((c): c is PlaceCommand => c.type === 'place') ?? null;
}

function rejection(commands: readonly MoneyCommand[]): string {
  const r = commands.find((c) => c.type === 'rejected' || c.type === 'halt');
  return r && 'reason' in r ? String(r.reason) : 'no order';
}

/** Where `main` writes and reads; tests pass their own. */
export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  readFile: (path: string) => string;
}

const nodeIo: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  readFile: (path) => readFileSync(path, 'utf8'),
};

/**
 * Runs the simulator with command-line args; returns the exit code (0 ok, 2 usage error).
 * @example await main(['--results', 'LLLW', '--gales', '3', '--mult', '2.2']) // prints 2.00, 4.40, 9.68, 21.30
 */
export async function main(argv: readonly string[], io: CliIo = nodeIo): Promise<number> {
  let options: SimulateOptions | 'help';
  try {
    options = parseSimulateArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`simulate: ${error.message}`);
    io.err('Try --help.');
    return 2;
  }
  if (options === 'help') {
    io.out(HELP.trimEnd());
    return 0;
  }
  const hit = (breakEvenHitRate(options.payout) * 100).toFixed(2);
  io.out(`strategy ${options.strategy} · payout ${options.payout} · break-even hit rate ${hit} %`);
  let rows: TableRow[];
  const notes: string[] = [];
  if (options.results) {
    const sim = simulatePath(
      STRATEGIES[options.strategy],
      options.config,
      options.results,
      options.payout,
      {
        startBalanceCents: options.startBalanceCents,
      },
    );
    rows = sim.rows;
    if (sim.stoppedBy) notes.push(`stopped before the results ran out: ${sim.stoppedBy}`);
  } else {
    let text: string;
    try {
      text = io.readFile(options.messagesFile ?? '');
    } catch (error) {
      io.err(`simulate: cannot read ${options.messagesFile}: ${(error as Error).message}`);
      return 2;
    }
    const replay = replayMessages(text, options);
    rows = replay.rows;
    notes.push(...replay.notes);
  }
  io.out(formatTable(rows));
  const total = rows.reduce((sum, r) => sum + r.pnlCents, 0);
  const last = rows.at(-1)?.balanceCents ?? options.startBalanceCents;
  io.out(
    `orders ${rows.length} · P&L ${(total > 0 ? '+' : '') + formatCents(total)} · balance ${formatCents(last)}`,
  );
  if (rows.some((r) => r.minApplied)) io.out('* broker minimum applied');
  for (const note of notes) io.out(note);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
