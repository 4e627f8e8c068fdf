// Throughput of parseSignal over the hand-checked fixtures, against a bare split + regex loop over
// the same messages: the ratio says what the full reading (filters, templates, dates) costs. Then
// the parser against the previous one (PREVIOUS_PARSER_COMMIT) on the fixtures and the corpus, in
// the same run: what reading more costs. The
// budget is 50,000 messages/s: a busy channel's messages must never queue up behind
// the reader. The two loops run in alternating short rounds, so a machine busy with other work
// slows both alike and the ratio stays meaningful.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';
import {
  DEFAULT_CHANNEL_SIGNAL_SETTINGS,
  parseSignal,
  type ChannelSignalSettings,
} from '@app/robot';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../..');
const fixturesDir = join(repoRoot, 'packages/robot/src/signals/fixtures');
const corpusDir = join(repoRoot, 'packages/robot/src/signals/corpus');

/**
 * The previous parser the reading is measured against, on the same inputs in the same run: main
 * before token accounting and the reading families (2026-11-26), taken from git at run time.
 */
export const PREVIOUS_PARSER_COMMIT = '0f2f1e7';

type Parse = typeof parseSignal;

/** The previous parser's `parseSignal`, from `git archive` into a temporary folder; null without git. */
async function previousParser(): Promise<Parse | null> {
  const dir = join(tmpdir(), `copybot-parser-${PREVIOUS_PARSER_COMMIT}-esm`);
  const entry = join(dir, 'packages/robot/src/signals/parse-signal.ts');
  try {
    if (!existsSync(entry)) {
      mkdirSync(dir, { recursive: true });
      const tar = execFileSync(
        'git',
        ['archive', PREVIOUS_PARSER_COMMIT, 'packages/robot/src/signals'],
        { cwd: repoRoot, maxBuffer: 64 * 1024 * 1024 },
      );
      execFileSync('tar', ['-x', '-C', dir], { input: tar });
      // Loaded as the robot package is (an ES module), so both run under the same transform.
      writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
    }
    const module = (await import(pathToFileURL(entry).href)) as { parseSignal: Parse };
    return module.parseSignal;
  } catch {
    return null;
  }
}

interface Case {
  text: string;
  nowMs: number;
  settings: ChannelSignalSettings;
}

/** The corpus (both splits): with the fixtures, every message the parser is tested on. */
function loadCorpus(): Case[] {
  return ['train.json', 'held-out.json']
    .flatMap(
      (f) =>
        JSON.parse(readFileSync(join(corpusDir, f), 'utf8')) as {
          text: string;
          now: string;
          settings: Partial<ChannelSignalSettings>;
        }[],
    )
    .map((m) => ({
      text: m.text,
      nowMs: Date.parse(m.now),
      settings: { ...DEFAULT_CHANNEL_SIGNAL_SETTINGS, ...m.settings },
    }));
}

/** The hand-checked fixtures: what the budget is judged on. */
function loadCases(): Case[] {
  const fixtures = readdirSync(fixturesDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => {
      const fx = JSON.parse(readFileSync(join(fixturesDir, f), 'utf8')) as {
        text: string;
        now: string;
        settings?: Partial<ChannelSignalSettings>;
      };
      return {
        text: fx.text,
        nowMs: Date.parse(fx.now),
        settings: { ...DEFAULT_CHANNEL_SIGNAL_SETTINGS, ...fx.settings },
      };
    });
  return fixtures;
}

const BASELINE = /\b[A-Z]{3}\/?[A-Z]{3}\b.*\b\d{1,2}:\d{2}\b.*\b(?:CALL|PUT)\b/i;

/** Parsing budget, in messages per second. */
export const BUDGET_MESSAGES_PER_S = 50_000;

/** Runs `loop` over all cases until `minMs` has passed; returns messages and milliseconds. */
function measure(
  cases: readonly Case[],
  minMs: number,
  loop: (c: Case) => number,
): { messages: number; ms: number } {
  let messages = 0;
  let sink = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < minMs) {
    for (const c of cases) sink += loop(c);
    messages += cases.length;
    elapsed = performance.now() - start;
  }
  if (sink === -1) console.log('unreachable');
  return { messages, ms: elapsed };
}

/** Alternates `rounds` rounds of each loop; returns messages per second of each. */
function compare(
  cases: readonly Case[],
  rounds: number,
  roundMs: number,
  a: (c: Case) => number,
  b: (c: Case) => number,
): [number, number] {
  const total = { a: { messages: 0, ms: 0 }, b: { messages: 0, ms: 0 } };
  for (let r = 0; r < rounds; r += 1) {
    for (const [key, loop] of [
      ['a', a],
      ['b', b],
    ] as const) {
      const m = measure(cases, roundMs, loop);
      total[key].messages += m.messages;
      total[key].ms += m.ms;
    }
  }
  return [(total.a.messages / total.a.ms) * 1000, (total.b.messages / total.b.ms) * 1000];
}

const full = (c: Case): number =>
  parseSignal(c.text, c.settings, { nowMs: c.nowMs, channelId: 'bench' }).signals.length;

const bare = (c: Case): number => {
  let hits = 0;
  for (const line of c.text.split('\n')) if (BASELINE.test(line)) hits += 1;
  return hits;
};

export async function run(): Promise<void> {
  const cases = loadCases();
  const lines = cases.reduce((n, c) => n + c.text.split('\n').length, 0);
  compare(cases, 2, 150, full, bare); // warm-up
  const [parseRate, baseRate] = compare(cases, 10, 150, full, bare);
  const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');
  const verdict = parseRate >= BUDGET_MESSAGES_PER_S ? 'within budget' : 'OVER BUDGET';
  console.log(`messages: ${cases.length} fixtures, ${lines} lines`);
  const previous = await previousParser();
  const all = [...cases, ...loadCorpus()];
  if (previous === null) {
    console.log(`previous parser (${PREVIOUS_PARSER_COMMIT}): not available (no git checkout)`);
  } else {
    const old = (c: Case): number =>
      previous(c.text, c.settings, { nowMs: c.nowMs, channelId: 'bench' }).signals.length;
    compare(all, 2, 150, full, old); // warm-up
    const [nowRate, oldRate] = compare(all, 10, 150, full, old);
    console.log(`same inputs: ${all.length} messages (fixtures and corpus), alternating rounds`);
    console.log(`parseSignal now       ${fmt(nowRate)} messages/s`);
    console.log(
      `parseSignal ${PREVIOUS_PARSER_COMMIT}   ${fmt(oldRate)} messages/s (previous parser)`,
    );
    console.log(`ratio now/previous:   ${(nowRate / oldRate).toFixed(3)}`);
  }
  console.log(`parseSignal           ${fmt(parseRate)} messages/s`);
  console.log(`budget                ${fmt(BUDGET_MESSAGES_PER_S)} messages/s (${verdict})`);
  console.log(`baseline split+regex  ${fmt(baseRate)} messages/s`);
  console.log(`ratio parseSignal/baseline: ${(parseRate / baseRate).toFixed(3)}`);
  console.log(`ratio parseSignal/budget:   ${(parseRate / BUDGET_MESSAGES_PER_S).toFixed(2)}`);
  // The same loop on the process's own CPU time: what a machine busy with other work does not
  // take away (information beside the wall-clock figure the budget is judged on).
  const cpuStart = process.cpuUsage();
  const { messages } = measure(cases, 1_000, full);
  const cpu = process.cpuUsage(cpuStart);
  const cpuRate = messages / ((cpu.user + cpu.system) / 1e6);
  console.log(`parseSignal on CPU time: ${fmt(cpuRate)} messages per CPU-second`);
}
