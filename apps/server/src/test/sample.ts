import type { z } from 'zod';

/**
 * A small valid value for a contract schema, so generated tests can send requests that pass
 * validation (and reach the ownership check or the handler) for every row of the table without
 * a hand-written fixture per endpoint. Leaves try a few plausible candidates and keep the first
 * the schema accepts; tests still assert the whole sample parses, so a gap shows up clearly.
 */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  values?: unknown[];
  entries?: Record<string, unknown>;
}

const CANDIDATES: Record<string, readonly unknown[]> = {
  string: ['12345', '', 'name', '12:00', '+5511999999999', 'trader@example.com', '123456'],
  number: [1, 2, 0, 5, 0.5, 10, 100],
  int: [1, 2, 0, 5, 10, 100],
  boolean: [true, false],
};

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

export function sampleFor(schema: z.ZodType): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(def.shape ?? {})) out[key] = sampleFor(value);
      return out;
    }
    case 'array':
      return def.element ? [sampleFor(def.element)] : [];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return def.innerType ? sampleFor(def.innerType) : null;
    case 'pipe':
      return def.in ? sampleFor(def.in) : null;
    case 'union':
      for (const option of def.options ?? []) {
        const value = sampleFor(option);
        if (schema.safeParse(value).success) return value;
      }
      return null;
    case 'literal': {
      // Prefer a non-zero code: 0 often means "none" (e.g. broker 0 = All), which some calls refuse.
      const values = def.values ?? [];
      return values.find((v) => v !== 0) ?? values[0];
    }
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    default: {
      const candidates = CANDIDATES[def.type] ?? [null];
      return candidates.find((c) => schema.safeParse(c).success) ?? candidates[0];
    }
  }
}
