/**
 * A small JSON Schema (draft-04) checker for the keywords the Deriv schema digest keeps: `type`
 * (one or a list; `integer` is a whole number), `required`, `properties`,
 * `additionalProperties` (false or a schema), `patternProperties`, `enum`, `items`, `pattern`.
 * Returns every problem as `path: what`, so a test shows all of them at once.
 */
export interface JsonSchema {
  type?: string | string[];
  required?: string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  patternProperties?: Record<string, JsonSchema>;
  enum?: unknown[];
  items?: JsonSchema;
  pattern?: string;
}

function typeOf(value: unknown): string[] {
  if (value === null) return ['null'];
  if (Array.isArray(value)) return ['array'];
  if (typeof value === 'number')
    return Number.isInteger(value) ? ['integer', 'number'] : ['number'];
  return [typeof value];
}

export function schemaProblems(schema: JsonSchema, value: unknown, path = '$'): string[] {
  const out: string[] = [];
  if (schema.type !== undefined) {
    const allowed = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!typeOf(value).some((t) => allowed.includes(t))) {
      return [`${path}: ${JSON.stringify(value)} is not ${allowed.join('|')}`];
    }
  }
  if (schema.enum && !schema.enum.some((e) => JSON.stringify(e) === JSON.stringify(value))) {
    out.push(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  }
  if (typeof value === 'string' && schema.pattern && !new RegExp(schema.pattern).test(value)) {
    out.push(`${path}: "${value}" does not match ${schema.pattern}`);
  }
  if (Array.isArray(value) && schema.items) {
    value.forEach((item, i) => out.push(...schemaProblems(schema.items!, item, `${path}[${i}]`)));
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const object = value as Record<string, unknown>;
    for (const name of schema.required ?? []) {
      if (!(name in object)) out.push(`${path}: missing required "${name}"`);
    }
    for (const [name, field] of Object.entries(object)) {
      const known = schema.properties?.[name];
      const patterned = Object.entries(schema.patternProperties ?? {}).filter(([p]) =>
        new RegExp(p).test(name),
      );
      if (known) out.push(...schemaProblems(known, field, `${path}.${name}`));
      for (const [, sub] of patterned) out.push(...schemaProblems(sub, field, `${path}.${name}`));
      if (known || patterned.length > 0) continue;
      if (schema.additionalProperties === false) out.push(`${path}: unexpected "${name}"`);
      else if (typeof schema.additionalProperties === 'object') {
        out.push(...schemaProblems(schema.additionalProperties, field, `${path}.${name}`));
      }
    }
  }
  return out;
}
