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

  it("never sees another request's open transaction, on either database", async () => {
    const db = t.app.deps.db;
    await sql`create table precompiled_tx (n integer)`.execute(db);
    const all = precompiled<{ min: number }, { n: number }>(
      (d, param) =>
        d
          .selectFrom('precompiled_tx' as never)
          .select(sql<number>`n`.as('n'))
          .where(sql`n`, '>=', param('min'))
          .orderBy(sql`n`) as never,
    );
    await db
      .insertInto('precompiled_tx' as never)
      .values({ n: 1 } as never)
      .execute();
    expect(await all(db, { min: 0 })).toEqual([{ n: 1 }]);
    // A read asked for while a transaction holds uncommitted rows, which it then rolls back.
    const pending: { read?: Promise<{ n: number }[]> } = {};
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('precompiled_tx' as never)
          .values({ n: 2 } as never)
          .execute();
        pending.read = all(db, { min: 0 });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await pending.read).toEqual([{ n: 1 }]);
    // And one asked for during a transaction that commits sees all of it or none of it.
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('precompiled_tx' as never)
        .values({ n: 3 } as never)
        .execute();
      pending.read = all(db, { min: 0 });
      await trx
        .insertInto('precompiled_tx' as never)
        .values({ n: 4 } as never)
        .execute();
    });
    const seen = (await pending.read)?.map((r) => r.n);
    expect([[1], [1, 3, 4]]).toContainEqual(seen);
    await sql`drop table precompiled_tx`.execute(db);
  });
});
