import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { endpointList } from './endpoints.ts';
import type { RawValues } from './rules.ts';

/**
 * Rules run on raw JSON bodies, also when the schema refused them (to give the panel's message),
 * so each must be total over any JSON: never throw, always a failure or null. Generated from the
 * endpoint table, so the rules of every row are covered, built or not.
 */

function deepArray(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** JSON values that broke rules before: objects posing as primitives, very deep nesting. */
const HOSTILE: readonly unknown[] = [
  JSON.parse('{"toString":1}'),
  JSON.parse('{"valueOf":1,"toString":{}}'),
  JSON.parse('{"__proto__":{"toString":1}}'),
  deepArray(20_000),
  [],
  {},
  null,
  '',
  ' ',
  '1,5',
  -1,
  1e308,
];

const withRules = endpointList.filter((e) => e.rules !== undefined);

function fieldsOf(e: (typeof endpointList)[number]): string[] {
  const shape = (e.body as unknown as { shape?: Record<string, z.ZodType> } | undefined)?.shape;
  return Object.keys(shape ?? {});
}

function expectTotal(rules: (v: RawValues) => unknown, values: RawValues) {
  const result = rules(values);
  if (result !== null) {
    expect(result).toMatchObject({ key: expect.stringMatching(/^[a-zA-Z]+(\.[a-zA-Z]+)+$/) });
  }
}

describe('rules are total over any JSON', () => {
  it('covers at least the rows that carry SPEC §5 rules', () => {
    expect(withRules.length).toBeGreaterThan(10);
  });

  it.each(withRules.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s: hostile values in every field never throw',
    (_name, e) => {
      const rules = e.rules as (v: RawValues) => unknown;
      for (const field of fieldsOf(e)) {
        for (const value of HOSTILE) expectTotal(rules, { [field]: value });
      }
      expectTotal(rules, Object.fromEntries(fieldsOf(e).map((f) => [f, HOSTILE[0]])));
    },
  );

  it.each(withRules.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s: random JSON under its field names never throws',
    (_name, e) => {
      const rules = e.rules as (v: RawValues) => unknown;
      const fields = fieldsOf(e);
      const key =
        fields.length > 0 ? fc.oneof(fc.constantFrom(...fields), fc.string()) : fc.string();
      fc.assert(
        fc.property(fc.dictionary(key, fc.jsonValue(), { maxKeys: 8 }), (values) => {
          expectTotal(rules, values);
        }),
        { numRuns: 200 },
      );
    },
  );
});
