/**
 * Per-field errors that say what is wrong and what the field takes ("payout 150" used to get only
 * "some fields are invalid" and lost the help text with the range). A numeric field's problem is
 * one of {@link FieldProblem}'s keys, and its {@link FieldLimits} come from the contract schema
 * itself, so the panel's check and the server's answer name the same range.
 */
export const FieldProblem = {
  tooBig: 'errors.field.tooBig',
  tooSmall: 'errors.field.tooSmall',
  notInteger: 'errors.field.notInteger',
  notNumber: 'errors.field.notNumber',
} as const;
export type FieldProblem = (typeof FieldProblem)[keyof typeof FieldProblem];

/** The range a numeric field takes; a missing bound is open (`FieldLimitsSchema` checks it). */
export interface FieldLimits {
  min?: number;
  max?: number;
  integer?: boolean;
}

/** What is wrong with a number field, from the schema check's issue (`code`, `expected`). */
export function fieldProblem(issue: { code?: unknown; expected?: unknown }): FieldProblem {
  if (issue.code === 'too_big') return FieldProblem.tooBig;
  if (issue.code === 'too_small') return FieldProblem.tooSmall;
  if (issue.code === 'invalid_type' && issue.expected === 'int') return FieldProblem.notInteger;
  return FieldProblem.notNumber;
}

/** The i18n key that states a range (`{{min}}`, `{{max}}`), or null when the field is open. */
export function rangeKey(limits: FieldLimits): string | null {
  const suffix = limits.integer ? 'Int' : '';
  if (limits.min !== undefined && limits.max !== undefined) return `errors.range.between${suffix}`;
  if (limits.min !== undefined) return `errors.range.atLeast${suffix}`;
  if (limits.max !== undefined) return `errors.range.atMost${suffix}`;
  return limits.integer ? 'errors.range.integer' : null;
}
