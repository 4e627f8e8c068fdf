import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.ts';
import { precompiled } from './precompiled.ts';

const t = useTestApp();

describe('a precompiled query', () => {
  it('binds each run its own values by name and keeps the constants, on either database', async () => {
    const db = t.app.deps.db;
    await sql`create table precompiled_probe (n integer, label text, kind text)`.execute(db);
    await db
      .insertInto('precompiled_probe' as never)
      .values([
        { n: 1, label: 'a', kind: 'x' },
        { n: 2, label: 'b', kind: 'x' },
        { n: 2, label: 'c', kind: 'y' },
      ] as never)
      .execute();
    let builds = 0;
    const byN = precompiled<{ n: number; label: string }, { label: string }>((d, param) => {
      builds += 1;
      return d
        .selectFrom('precompiled_probe' as never)
        .select(sql<string>`label`.as('label'))
        .where(sql`kind`, '=', 'x')
        .where(sql`n`, '>=', param('n'))
        .where(sql`label`, '<>', param('label'))
        .orderBy(sql`n`) as never;
    });
    expect(await byN(db, { n: 1, label: 'a' })).toEqual([{ label: 'b' }]);
    expect(await byN(db, { n: 1, label: 'z' })).toEqual([{ label: 'a' }, { label: 'b' }]);
    expect(await byN(db, { n: 3, label: 'z' })).toEqual([]);
    // Built and compiled once for this database, whatever the values.
    expect(builds).toBe(1);
    // A transaction is its own instance and compiles its own text.
    await db.transaction().execute(async (trx) => {
      expect(await byN(trx, { n: 2, label: 'z' })).toEqual([{ label: 'b' }]);
    });
    expect(builds).toBe(2);
    await sql`drop table precompiled_probe`.execute(db);
  });
});
