import {
  initialSession,
  moneyKeyOf,
  moneyPlugFor,
  type SessionConfig,
  type SessionState,
} from '@app/robot';
import type { Kysely } from 'kysely';
import { fromDbJson, toDbJson } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';

/**
 * The saved part of a session: everything but its config, which is read from the settings (the
 * copy switch of command 15 included: it is the trader's copy settings' `copyTraderEn`).
 */
export type StoredSession = Omit<SessionState, 'config'>;

/** A session as loaded: the state with today's config, and the row version it was read at. */
export interface LoadedSession {
  state: SessionState;
  /** `null` before the bot's first save. */
  version: number | null;
}

/**
 * The bot's session with `config` (read from the saved settings now) put back in. A new bot's
 * session starts **off**: nobody switched it on yet. When the strategy or its settings changed
 * since the money state was built and no sequence is in flight, the money state starts afresh
 * from the new settings — a save in the panel takes effect at the next sequence, no command
 * needed; while a sequence is in flight the old plan finishes it.
 */
export async function loadSession(
  db: Kysely<Database>,
  botId: number,
  config: SessionConfig,
): Promise<LoadedSession> {
  const row = await db
    .selectFrom('bot_sessions')
    .select(['state', 'version', 'money_key'])
    .where('bot_id', '=', botId)
    .executeTakeFirst();
  if (!row) return { state: { ...initialSession(config), running: false }, version: null };
  return sessionOfRow(row, config);
}

/** A stored session row with today's config put back in (see {@link loadSession}). */
export function sessionOfRow(
  row: { state: unknown; version: number; money_key: string | null },
  config: SessionConfig,
): LoadedSession {
  const stored = fromDbJson<StoredSession & { config?: unknown; copyEnabled?: unknown }>(
    row.state as never,
  );
  // A row saved before migration 0015 may still carry its old config, and one saved before the
  // copy switch moved to the copy settings its own `copyEnabled`: today's settings win.
  const { config: _old, copyEnabled: _switch, ...rest } = stored;
  let state: SessionState = { ...rest, config };
  if (row.money_key !== moneyKeyOf(config) && !state.sequence && !state.openOrder) {
    const plug = moneyPlugFor(config.strategySel, config.money);
    if (plug) state = { ...state, money: plug.strategy.initial(plug.config) };
  }
  return { state, version: row.version };
}

/** Thrown when another writer saved the session since it was read. */
export class StaleSessionError extends Error {
  constructor(botId: number) {
    super(`Session of bot ${botId} was saved by another writer`);
    this.name = 'StaleSessionError';
  }
}

/**
 * Saves a session without its config, bumping its version; `version` is what `loadSession`
 * returned. A save that finds another version throws {@link StaleSessionError}, so the
 * transaction rolls back instead of overwriting another writer's state.
 */
export async function saveSession(
  db: Kysely<Database>,
  botId: number,
  loaded: { state: SessionState; version: number | null },
  now: number,
): Promise<number> {
  const { config, ...rest } = loaded.state;
  const stored: StoredSession = rest;
  const columns = { state: toDbJson(stored), updated_at: now, money_key: moneyKeyOf(config) };
  if (loaded.version === null) {
    const res = await db
      .insertInto('bot_sessions')
      .values({ bot_id: botId, version: 1, ...columns })
      .onConflict((oc) => oc.column('bot_id').doNothing())
      .executeTakeFirst();
    if (Number(res.numInsertedOrUpdatedRows ?? 0n) !== 1) throw new StaleSessionError(botId);
    return 1;
  }
  const next = loaded.version + 1;
  const res = await db
    .updateTable('bot_sessions')
    .set({ ...columns, version: next })
    .where('bot_id', '=', botId)
    .where('version', '=', loaded.version)
    .executeTakeFirst();
  if (res.numUpdatedRows !== 1n) throw new StaleSessionError(botId);
  return next;
}

/** The saved session without config (for reads that do not need the settings). */
export async function findStoredSession(
  db: Kysely<Database>,
  botId: number,
): Promise<StoredSession | undefined> {
  const row = await db
    .selectFrom('bot_sessions')
    .select('state')
    .where('bot_id', '=', botId)
    .executeTakeFirst();
  return row ? fromDbJson<StoredSession>(row.state) : undefined;
}
