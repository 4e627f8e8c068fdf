// Throughput of parseSignal over the hand-checked fixtures, against a bare split + regex loop over
// the same messages: the ratio says what the full reading (filters, templates, dates) costs.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import {
  DEFAULT_CHANNEL_SIGNAL_SETTINGS,
  parseSignal,
  type ChannelSignalSettings,
} from '@app/robot';

const fixturesDir = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../packages/robot/src/signals/fixtures',
);

interface Case {
  text: string;
  nowMs: number;
  settings: ChannelSignalSettings;
}

function loadCases(): Case[] {
  return readdirSync(fixturesDir)
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
}

const BASELINE = /\b[A-Z]{3}\/?[A-Z]{3}\b.*\b\d{1,2}:\d{2}\b.*\b(?:CALL|PUT)\b/i;

/** Runs `loop` over all cases until `minMs` has passed; returns messages per second. */
function measure(cases: readonly Case[], minMs: number, loop: (c: Case) => number): number {
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
  return (messages / elapsed) * 1000;
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
  measure(cases, 300, full);
  measure(cases, 300, bare);
  const parseRate = measure(cases, 1500, full);
  const baseRate = measure(cases, 1500, bare);
  const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');
  console.log(`messages: ${cases.length} fixtures, ${lines} lines`);
  console.log(`parseSignal           ${fmt(parseRate)} messages/s`);
  console.log(`baseline split+regex  ${fmt(baseRate)} messages/s`);
  console.log(`ratio parseSignal/baseline: ${(parseRate / baseRate).toFixed(3)}`);
}
