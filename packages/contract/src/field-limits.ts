import { z } from 'zod';

/**
 * Per-field errors that say what is wrong and what the field takes (issue 11: "payout 150" got only
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

/** The range a numeric field takes; a missing bound is open. */
export const FieldLimitsSchema = z.object({
  min: z.number().optional(),
  max: z.number().optional(),
  integer: z.boolean().optional(),
});
export type FieldLimits = z.infer<typeof FieldLimitsSchema>;

interface Unwrappable {
  _zod: { def: { type: string; innerType?: z.ZodType; in?: z.ZodType; shape?: unknown } };
}

/** The schema under optional / nullable / default / pipe wrappers. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema as unknown as Unwrappable;
  for (let depth = 0; depth < 10; depth += 1) {
    const def = current._zod.def;
    const inner = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
    if (!inner) break;
    current = inner as unknown as Unwrappable;
  }
  return current as unknown as z.ZodType;
}

/**
 * The limits of the number field `field` of an object schema, or null when it is not a number.
 * Example: `fieldLimits(GlobalParamsSchema, 'payout')` → `{ min: 0, max: 100 }`.
 */
export function fieldLimits(schema: z.ZodType | undefined, field: string): FieldLimits | null {
  if (!schema) return null;
  const object = unwrap(schema);
  if (!(object instanceof z.ZodObject)) return null;
  const shape = object.shape as Record<string, z.ZodType | undefined>;
  const own = Object.hasOwn(shape, field) ? shape[field] : undefined;
  const number = own ? unwrap(own) : undefined;
  if (!(number instanceof z.ZodNumber)) return null;
  const limits: FieldLimits = {};
  if (number.minValue !== null && Number.isFinite(number.minValue)) limits.min = number.minValue;
  if (number.maxValue !== null && Number.isFinite(number.maxValue)) limits.max = number.maxValue;
  if (number.isInt) limits.integer = true;
  return limits;
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
