import { sql, type Kysely, type Migration } from 'kysely';
import type { ColumnTypes } from '../dialect.ts';

/**
 * The trading runtime (DESIGN §7.1):
 * - `bot_events`: one inbox per bot — commands, signals and timer wake-ups, each due at an instant;
 *   the runtime takes a bot whose oldest undone event is due, instead of polling every second.
 * - `orders`: the ledger and outbox, written before the broker call; `(bot_id, client_ref)` is the
 *   idempotency key (signal, gale level), so nothing is placed twice.
 * - `paper_accounts` / `paper_orders`: the paper broker's balances and orders, in the database.
 * - `activity`: the feed the panel shows (signal, decision, order, result, session).
 * - `bot_leases`: one writer per bot across worker processes.
 * - `bot_sessions.version`: optimistic concurrency; the saved state no longer holds its config.
 */
export function trading(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const botRef = 'bigint';
      await t
        .id(db.schema.createTable('bot_events'))
        .addColumn('bot_id', botRef, (c) => c.notNull().references('bots.id').onDelete('cascade'))
        .addColumn('kind', 'varchar(8)', (c) =>
          c.notNull().check(sql`kind in ('command', 'signal', 'wake')`),
        )
        .addColumn('ref_id', 'bigint')
        .addColumn('due_at', t.timestamp, (c) => c.notNull())
        .addColumn('done_at', t.timestamp)
        .execute();
      await db.schema
        .createIndex('bot_events_due')
        .on('bot_events')
        .columns(['done_at', 'due_at'])
        .execute();
      await db.schema
        .createIndex('bot_events_bot')
        .on('bot_events')
        .columns(['bot_id', 'done_at', 'due_at'])
        .execute();

      await t
        .id(db.schema.createTable('orders'))
        .addColumn('bot_id', botRef, (c) => c.notNull().references('bots.id').onDelete('cascade'))
        .addColumn('signal_id', 'bigint')
        .addColumn('channel_id', 'varchar(64)')
        .addColumn('client_ref', 'varchar(64)', (c) => c.notNull())
        .addColumn('session_ref', 'varchar(64)', (c) => c.notNull())
        .addColumn('gale_level', 'integer', (c) => c.notNull())
        .addColumn('broker_id', 'integer', (c) => c.notNull())
        .addColumn('account_type', 'integer', (c) => c.notNull())
        .addColumn('asset', 'varchar(32)', (c) => c.notNull())
        .addColumn('direction', 'varchar(4)', (c) => c.notNull())
        .addColumn('stake_cents', 'bigint', (c) => c.notNull())
        .addColumn('payout_pct', t.real, (c) => c.notNull())
        .addColumn('state', 'varchar(8)', (c) =>
          c.notNull().check(sql`state in ('placed', 'open', 'won', 'lost', 'draw', 'failed')`),
        )
        .addColumn('fail_reason', 'varchar(48)')
        .addColumn('send_at', t.timestamp, (c) => c.notNull())
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .addColumn('attempted_at', t.timestamp)
        .addColumn('confirmed_at', t.timestamp)
        .addColumn('settled_at', t.timestamp)
        .addColumn('broker_order_id', 'varchar(64)')
        .addColumn('pnl_cents', 'bigint')
        .addColumn('balance_after_cents', 'bigint')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('orders_bot_client_ref')
        .on('orders')
        .columns(['bot_id', 'client_ref'])
        .unique()
        .execute();
      await db.schema.createIndex('orders_bot_id').on('orders').columns(['bot_id', 'id']).execute();
      await db.schema
        .createIndex('orders_state')
        .on('orders')
        .columns(['state', 'expires_at'])
        .execute();

      await db.schema
        .createTable('paper_accounts')
        .addColumn('bot_id', botRef, (c) => c.notNull().references('bots.id').onDelete('cascade'))
        .addColumn('account_type', 'integer', (c) => c.notNull())
        .addColumn('balance_cents', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('paper_accounts_pk', ['bot_id', 'account_type'])
        .execute();
      await t
        .id(db.schema.createTable('paper_orders'))
        .addColumn('bot_id', botRef, (c) => c.notNull().references('bots.id').onDelete('cascade'))
        .addColumn('client_ref', 'varchar(64)', (c) => c.notNull())
        .addColumn('account_type', 'integer', (c) => c.notNull())
        .addColumn('asset', 'varchar(32)', (c) => c.notNull())
        .addColumn('direction', 'varchar(4)', (c) => c.notNull())
        .addColumn('stake_cents', 'bigint', (c) => c.notNull())
        .addColumn('payout', t.real, (c) => c.notNull())
        .addColumn('open_at', t.timestamp, (c) => c.notNull())
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .addColumn('settled_at', t.timestamp)
        .addColumn('pnl_cents', 'bigint')
        .execute();
      await db.schema
        .createIndex('paper_orders_bot_client_ref')
        .on('paper_orders')
        .columns(['bot_id', 'client_ref'])
        .unique()
        .execute();

      await t
        .id(db.schema.createTable('activity'))
        .addColumn('bot_id', botRef, (c) => c.notNull().references('bots.id').onDelete('cascade'))
        .addColumn('at', t.timestamp, (c) => c.notNull())
        .addColumn('kind', 'varchar(8)', (c) => c.notNull())
        .addColumn('signal_id', 'bigint')
        .addColumn('order_id', 'bigint')
        .addColumn('message', t.json, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('activity_bot_id')
        .on('activity')
        .columns(['bot_id', 'id'])
        .execute();

      await db.schema
        .createTable('bot_leases')
        .addColumn('bot_id', botRef, (c) =>
          c.primaryKey().references('bots.id').onDelete('cascade'),
        )
        .addColumn('owner', 'varchar(64)', (c) => c.notNull())
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .alterTable('bot_sessions')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('bot_sessions')
        .addColumn('money_key', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      // Existing sessions kept their config inside the state; the config is now read from the
      // saved settings on every run, so drop it (and remember what the money plan was built from).
      const rows = await sql<{ bot_id: number; state: unknown }>`
        select bot_id, state from bot_sessions`.execute(db);
      for (const row of rows.rows) {
        const state = (typeof row.state === 'string' ? JSON.parse(row.state) : row.state) as Record<
          string,
          unknown
        >;
        const config = state.config as { strategySel?: unknown; money?: unknown } | undefined;
        delete state.config;
        const moneyKey = JSON.stringify({
          strategySel: config?.strategySel ?? null,
          money: config?.money ?? null,
        });
        await sql`update bot_sessions set state = ${JSON.stringify(state)}, money_key = ${moneyKey}
          where bot_id = ${row.bot_id}`.execute(db);
      }
    },

    async down(db: Kysely<unknown>) {
      for (const table of [
        'bot_leases',
        'activity',
        'paper_orders',
        'paper_accounts',
        'orders',
        'bot_events',
      ]) {
        await db.schema.dropTable(table).execute();
      }
      await db.schema.alterTable('bot_sessions').dropColumn('money_key').execute();
      await db.schema.alterTable('bot_sessions').dropColumn('version').execute();
    },
  };
}
