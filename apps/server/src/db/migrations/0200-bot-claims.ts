import { sql, type Kysely, type Migration } from 'kysely';
import type { ColumnTypes } from '../dialect.ts';

/**
 * Pending claims on one messaging-app id coexist (docs/decisions/2026-11-26-bot-claims.md): the
 * unique constraint on `bots.userid` becomes a unique index over the rows that HOLD the id
 * (verified, which every virtual bot is), plus one row per id and account. SQLite cannot drop
 * a column's inline UNIQUE, so there the table is rebuilt (SQLite's documented 12 steps; the
 * migrator runs with foreign keys off, see `migrateToLatest`).
 */
export function botClaims(t: ColumnTypes): Migration {
  const sqlite = t.boolean === 'integer';
  return {
    async up(db: Kysely<unknown>) {
      if (sqlite) {
        const table = await sql<{ sql: string }>`
          select sql from sqlite_master where type = 'table' and name = 'bots'`.execute(db);
        const create = table.rows[0]?.sql ?? '';
        const relaxed = create.replace(/("userid" varchar\(32\) not null) unique/i, '$1');
        if (relaxed === create) throw new Error('bots.userid: unique constraint not found');
        await sql
          .raw(relaxed.replace(/^create table "bots"/i, 'create table "bots_new"'))
          .execute(db);
        await sql`insert into "bots_new" select * from "bots"`.execute(db);
        await sql`drop table "bots"`.execute(db);
        await sql`alter table "bots_new" rename to "bots"`.execute(db);
        await db.schema.createIndex('bots_account_id').on('bots').column('account_id').execute();
      } else {
        await sql`alter table bots drop constraint if exists bots_userid_key`.execute(db);
      }
      await db.schema
        .createIndex('bots_userid_holder')
        .on('bots')
        .column('userid')
        .unique()
        .where(sql.ref('verified'), '=', sqlite ? sql.lit(1) : sql.lit(true))
        .execute();
      await db.schema
        .createIndex('bots_account_userid')
        .on('bots')
        .columns(['account_id', 'userid'])
        .unique()
        .execute();
      // Claims by the same id are found by it (verification drops the others).
      await db.schema.createIndex('bots_userid').on('bots').column('userid').execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('bots_userid').execute();
      await db.schema.dropIndex('bots_account_userid').execute();
      await db.schema.dropIndex('bots_userid_holder').execute();
    },
  };
}
