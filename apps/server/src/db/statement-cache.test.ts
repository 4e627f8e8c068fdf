import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache.ts';

describe('withStatementCache', () => {
  it('prepares a SQL text once and runs it again with new parameters', () => {
    const sqlite = new SqliteDatabase(':memory:');
    const db = withStatementCache(sqlite);
    db.prepare('create table t (n integer)').run([]);
    const insert = db.prepare('insert into t (n) values (?)');
    insert.run([1]);
    expect(db.prepare('insert into t (n) values (?)')).toBe(insert);
    db.prepare('insert into t (n) values (?)').run([2]);
    expect(db.prepare('select n from t order by n').all([])).toEqual([{ n: 1 }, { n: 2 }]);
    db.close();
  });

  it('forgets the oldest statement when full', () => {
    const sqlite = new SqliteDatabase(':memory:');
    const db = withStatementCache(sqlite, 2);
    const first = db.prepare('select 1');
    db.prepare('select 2');
    db.prepare('select 3');
    expect(db.prepare('select 1')).not.toBe(first);
    expect(db.prepare('select 1').all([])).toEqual([{ 1: 1 }]);
    db.close();
  });

  it('binds booleans as 1 and 0', () => {
    const sqlite = new SqliteDatabase(':memory:');
    const db = withStatementCache(sqlite);
    db.prepare('create table t (b integer)').run([]);
    db.prepare('insert into t (b) values (?), (?)').run([true, false]);
    expect(db.prepare('select b from t where b = ?').all([true])).toEqual([{ b: 1 }]);
    db.close();
  });
});
