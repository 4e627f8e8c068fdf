import {
  CUSTOM_CYCLE_ROWS,
  isMissing,
  toNumber,
  type CustomCycleRow,
  type RawValues,
} from '@app/contract';
import { dedupeCustomCycles } from '@app/robot';
import type { ScreenRuleFailure } from '../../components/form/form-shell.tsx';

/** The value columns of a row: entry, then MG1–MG7 (SPEC §3 "Custom cycle row"). */
export const VALUE_COLUMNS = ['entrada', 'mg1', 'mg2', 'mg3', 'mg4', 'mg5', 'mg6', 'mg7'] as const;
type ValueColumn = (typeof VALUE_COLUMNS)[number];

/** One table row as typed: every cell text (SPEC: editable text cells), the cycle number too. */
export type CellRow = Record<'cycle' | ValueColumn, string>;
export interface CustomCyclesForm {
  rows: CellRow[];
}

function emptyRow(index: number): CellRow {
  const cells = Object.fromEntries(VALUE_COLUMNS.map((column) => [column, ''])) as Record<
    ValueColumn,
    string
  >;
  return { cycle: String(index + 1), ...cells };
}

export const EMPTY_CUSTOM_CYCLES_FORM: CustomCyclesForm = {
  rows: Array.from({ length: CUSTOM_CYCLE_ROWS }, (_, index) => emptyRow(index)),
};

/** The saved rows in the 10-row table: cycle n on line n; the other lines empty. */
export function toCustomCyclesForm(read: readonly CustomCycleRow[]): CustomCyclesForm {
  const rows = EMPTY_CUSTOM_CYCLES_FORM.rows.map((row) => ({ ...row }));
  for (const saved of read) {
    const cells = Object.fromEntries(
      VALUE_COLUMNS.map((column) => [column, saved[column] === null ? '' : String(saved[column])]),
    ) as Record<ValueColumn, string>;
    rows[saved.cycle - 1] = { cycle: String(saved.cycle), ...cells };
  }
  return { rows };
}

function rowsOf(values: RawValues): CellRow[] {
  return Array.isArray(values.rows) ? (values.rows as CellRow[]) : [];
}

function isFilled(row: CellRow): boolean {
  return VALUE_COLUMNS.some((column) => !isMissing(row[column]));
}

function isCycleNumber(text: string): boolean {
  const n = toNumber(text);
  return Number.isInteger(n) && n >= 1 && n <= CUSTOM_CYCLE_ROWS;
}

/**
 * Checks the table before anything is sent: each cell a non-negative number or empty, each
 * filled row with a cycle number 1–10, and at least one filled row (else nothing is sent).
 */
export function checkCustomCycles(values: RawValues): ScreenRuleFailure | null {
  const rows = rowsOf(values);
  for (const [index, row] of rows.entries()) {
    for (const column of VALUE_COLUMNS) {
      const text = row[column];
      if (isMissing(text)) continue;
      const n = toNumber(text);
      if (!Number.isFinite(n) || n < 0) {
        return { key: 'customCycles.errors.cell', field: `rows.${index}.${column}` };
      }
    }
    if (isFilled(row) && !isCycleNumber(row.cycle)) {
      return { key: 'customCycles.errors.cycleNumber', field: `rows.${index}.cycle` };
    }
  }
  if (!rows.some(isFilled)) return { key: 'customCycles.errors.nothingToSave' };
  return null;
}

/** The filled rows as wire rows, before dropping duplicate cycle numbers. */
function filledRows(form: CustomCyclesForm): CustomCycleRow[] {
  return form.rows.filter(isFilled).map((row) => {
    const cells = Object.fromEntries(
      VALUE_COLUMNS.map((column) => [
        column,
        isMissing(row[column]) ? null : toNumber(row[column]),
      ]),
    ) as Record<ValueColumn, number | null>;
    return { cycle: toNumber(row.cycle), ...cells };
  });
}

/** The body (SPEC §4): the filled rows, a repeated cycle number keeping only its first row. */
export function toCustomCyclesBody(form: CustomCyclesForm): CustomCycleRow[] {
  return dedupeCustomCycles(filledRows(form));
}

/** Cycle numbers of filled rows that appear more than once (their later rows are not sent). */
export function duplicateCycles(form: CustomCyclesForm): number[] {
  const counts = new Map<number, number>();
  for (const row of form.rows.filter((r) => isFilled(r) && isCycleNumber(r.cycle))) {
    const n = toNumber(row.cycle);
    counts.set(n, (counts.get(n) ?? 0) + 1);
  }
  return [...counts].filter(([, count]) => count > 1).map(([n]) => n);
}
