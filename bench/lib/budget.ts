// One printed row per budget: the figure, its budget and the ratio between them, so a
// reader sees at a glance what is met. Budgets come from ../budgets.json (the one place they live).
import { readFileSync } from 'node:fs';

export interface Budgets {
  http: { readVsBareFastifyMin: number; p99MsMax: number; errorsMax: number };
  serverProcess: { idleRssMbMax: number; startupMsMax: number };
  parser: { messagesPerSecondMin: number };
  telegram: { burstVsLimitMax: number; drainVsBareMax: number; queueMsMax: number };
  reader: { idlePassMsMax: number; messageMsMax: number };
  lighthouse: { performanceVsBareMin: number; accessibilityMin: number };
  web: {
    loginJsGzipKbMax: number;
    loginJsGzipKbTarget: number;
    screenChunkGzipKbMax: number;
    libraryChunkGzipKbMax?: Record<string, number>;
  };
}

export const budgets = JSON.parse(
  readFileSync(new URL('../budgets.json', import.meta.url), 'utf8'),
) as Budgets;

export interface BudgetRow {
  measure: string;
  value: number;
  unit: string;
  /** `min`: the value must reach the budget; `max`: it must stay at or under it. */
  kind: 'min' | 'max';
  budget: number;
}

export function isMet(row: BudgetRow): boolean {
  return row.kind === 'min' ? row.value >= row.budget : row.value <= row.budget;
}

function fmt(n: number): string {
  return Math.abs(n) >= 100
    ? Math.round(n).toLocaleString('en-US')
    : n.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

/** `measure  value unit  budget ≥/≤ b  ratio r  met|MISSED` — ratio > 1 is headroom either way. */
export function formatRow(row: BudgetRow): string {
  const ratio =
    row.kind === 'min'
      ? row.value / row.budget
      : row.value === 0
        ? Infinity
        : row.budget / row.value;
  return [
    row.measure.padEnd(62),
    `${fmt(row.value)} ${row.unit}`.padEnd(18),
    `budget ${row.kind === 'min' ? '≥' : '≤'} ${fmt(row.budget)}`.padEnd(18),
    `ratio ${Number.isFinite(ratio) ? ratio.toFixed(2) : '∞'}`.padEnd(12),
    isMet(row) ? 'met' : 'MISSED',
  ].join(' ');
}

export function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
