import { z } from 'zod';
import type { FieldLimits } from './field-problems.ts';

// The zod-free half (problem keys, range keys) lives in field-problems.ts so the login page's
// first chunk can use it without zod; re-exported here for existing importers.
export { FieldProblem, fieldProblem, rangeKey, type FieldLimits } from './field-problems.ts';

/** The range a numeric field takes; a missing bound is open ({@link FieldLimits}). */
export const FieldLimitsSchema = z.object({
  min: z.number().optional(),
  max: z.number().optional(),
  integer: z.boolean().optional(),
});

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
