import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.ts';
import { compactJsonRows, selectArrays, type BulkColumns } from './bulk.ts';

const t = useTestApp();
const COLUMNS: BulkColumns = { n: 'bigint', label: 'text', score: 'double precision' };

describe('bulk rows as one JSON parameter', () => {
  it('writes shared values once and per-row values per row, with their types, on either database', async () => {
    const db = t.app.deps.db;
    await sql`create table bulk_probe (n bigint, label text, score double precision)`.execute(db);
    const rows = [
      { n: 1, label: 'same', score: 0.5 },
      { n: 2, label: 'same', score: 1.25 },
      { n: 3, label: 'same', score: null },
    ];
    const { from, col } = compactJsonRows(db, COLUMNS, rows, ['n']);
    await sql`insert into bulk_probe (n, label, score)
      select ${col('n')}, ${col('label')}, ${col('score')} from ${from} as v`.execute(db);
    const back = await selectArrays(db, [sql`n`, sql`label`, sql`score`], sql`from bulk_probe`);
    expect(back.sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [1, 'same', 0.5],
      [2, 'same', 1.25],
      [3, 'same', null],
    ]);
    await sql`drop table bulk_probe`.execute(db);
  });

  it('reads nothing as an empty list', async () => {
    const db = t.app.deps.db;
    expect(await selectArrays(db, [sql`id`], sql`from bots where id < 0`)).toEqual([]);
  });
});
