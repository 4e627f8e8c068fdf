import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { parseMigrateArgs } from '../cli/migrate.ts';
import { recordKeyCheck, verifyKeyCheck } from '../lib/key-check.ts';
import { ConfigError } from '../lib/config.ts';
import { useTestApp } from '../test/app.ts';
import {
  migrateTo,
  migrateToLatest,
  requireCurrentSchema,
  schemaState,
  SchemaError,
} from './connect.ts';
import { columnTypes } from './dialect.ts';
import { migrations } from './migrations/index.ts';

const t = useTestApp();
const database = () => ({ db: t.app.deps.db, dialect: t.app.deps.dialect });
// The newest migration of this build and the one before it (every helper adds its own).
const names = Object.keys(migrations(columnTypes('sqlite')));
const latest = names.at(-1)!;
const previous = names.at(-2)!;
const table = () => sql.table('kysely_migration');

describe('the migrator', () => {
  it('leaves nothing pending once the server has started', async () => {
    const state = await schemaState(database());
    expect(state).toMatchObject({ pending: [], unknown: [], current: latest });
    await expect(requireCurrentSchema(database())).resolves.toBeUndefined();
  });

  it('refuses a database a newer build migrated, in the server and in a worker', async () => {
    await sql`insert into ${table()} (name, timestamp) values ('9999-from-the-future', '2030-01-01')`.execute(
      t.app.deps.db,
    );
    try {
      await expect(migrateToLatest(database())).rejects.toThrow(
        /migrated by a newer build of CopyBot \(migration 9999-from-the-future/,
      );
      await expect(requireCurrentSchema(database())).rejects.toBeInstanceOf(SchemaError);
    } finally {
      await sql`delete from ${table()} where name = '9999-from-the-future'`.execute(t.app.deps.db);
    }
  });

  it('rolls back to a named migration and forward again', async () => {
    expect(await migrateTo(database(), previous)).toEqual([`down ${latest}`]);
    await expect(requireCurrentSchema(database())).rejects.toThrow(
      `lacks 1 migration(s) of this build (first: ${latest}): run npm run migrate once`,
    );
    expect(await migrateToLatest(database())).toEqual([`up ${latest}`]);
  });

  it('reads its command line', () => {
    expect(parseMigrateArgs([])).toEqual({ kind: 'latest' });
    expect(parseMigrateArgs(['--to', '0850-copy-rooms'])).toEqual({
      kind: 'to',
      name: '0850-copy-rooms',
    });
    expect(parseMigrateArgs(['--down'])).toEqual({ kind: 'usage' });
  });
});

describe('the key check', () => {
  it("refuses a worker whose key is not the server's", async () => {
    const server = randomBytes(32);
    await recordKeyCheck(t.app.deps.db, server, 0);
    await expect(verifyKeyCheck(t.app.deps.db, randomBytes(32), 0)).rejects.toBeInstanceOf(
      ConfigError,
    );
    await expect(verifyKeyCheck(t.app.deps.db, server, 0)).resolves.toBeUndefined();
  });
});
