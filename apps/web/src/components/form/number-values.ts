/**
 * The form side of an all-number settings record: each value a number, or `''` while its input is
 * empty (a select never chosen, a cleared input). Screens map their wire names through these.
 */
export type NumberValues<K extends string> = Record<K, number | ''>;

/** A read's values for the form: `null`/missing become `''`. */
export function toNumberValues<K extends string>(
  names: readonly K[],
  read: Partial<Record<K, unknown>>,
): NumberValues<K> {
  return Object.fromEntries(
    names.map((name) => {
      const value = read[name];
      return [name, typeof value === 'number' ? value : ''];
    }),
  ) as NumberValues<K>;
}

/** Empty form values for `names`. */
export function emptyNumberValues<K extends string>(names: readonly K[]): NumberValues<K> {
  return Object.fromEntries(names.map((name) => [name, ''])) as NumberValues<K>;
}

/** The form's values as numbers for the body; an empty input is left out (the schema refuses it). */
export function fromNumberValues<K extends string>(
  names: readonly K[],
  values: NumberValues<K>,
): Partial<Record<K, number>> {
  return Object.fromEntries(
    names.flatMap((name) => (values[name] === '' ? [] : [[name, Number(values[name])]])),
  ) as Partial<Record<K, number>>;
}

/** The form's values as numbers for a preview, or `null` while any is empty or not finite. */
export function completeNumbers<K extends string>(
  names: readonly K[],
  values: Partial<Record<K, unknown>>,
): Record<K, number> | null {
  const out: Partial<Record<K, number>> = {};
  for (const name of names) {
    const value = values[name];
    if (value === '' || value === null || value === undefined) return null;
    const n = Number(value);
    if (!Number.isFinite(n)) return null;
    out[name] = n;
  }
  return out as Record<K, number>;
}
