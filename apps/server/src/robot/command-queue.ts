import type { BotCommandCode, RobotMessage } from '@app/contract';
import {
  initialSession,
  step,
  type CommandArgs,
  type NotifyParams,
  type SessionCommand,
} from '@app/robot';
import type { Kysely } from 'kysely';
import type { BotCommandStatus, Database } from '../db/schema.ts';
import type { AppDeps } from '../plugins/context.ts';
import { loadSessionConfig } from './session-config.ts';
import { findSession, saveSession } from './session-store.ts';

/** What `bot_commands.reply` holds, as JSON: the contract's robot message (key + plain params). */
export interface CommandReply extends Omit<RobotMessage, 'params'> {
  params: NotifyParams;
}

/** The runtime's own answer when applying a command threw (the session never saw it). */
export const FAILED_REPLY: CommandReply = { key: 'robot.reply.failed', params: {} };

/** One command the consumer settled. */
export interface SettledCommand {
  id: number;
  botId: number;
  code: number;
  status: Exclude<BotCommandStatus, 'queued'>;
  reply: CommandReply;
}

export interface ProcessOptions {
  /** At most this many commands in one call (each in its own transaction). */
  limit: number;
  /** Told about a command that threw; the command is marked failed either way. */
  onError?: (err: unknown, command: { id: number; botId: number; code: number }) => void;
}

interface Claimed {
  id: number;
  bot_id: number;
  code: number;
}

/**
 * The oldest queued command whose bot no other transaction holds. On PostgreSQL the command and
 * its bot are locked `FOR UPDATE SKIP LOCKED`: another server instance skips both, so no command
 * is applied twice and one bot's commands are applied one at a time, in order. Locking the
 * command row too matters: a row another instance settled since this statement's snapshot is
 * re-checked against `status = 'queued'` and dropped. SQLite has one writer at a time, so the
 * transaction alone is enough.
 */
async function claimNext(trx: Kysely<Database>, deps: AppDeps): Promise<Claimed | undefined> {
  const query = trx
    .selectFrom('bot_commands')
    .innerJoin('bots', 'bots.id', 'bot_commands.bot_id')
    .select(['bot_commands.id', 'bot_commands.bot_id', 'bot_commands.code'])
    .where('bot_commands.status', '=', 'queued')
    .orderBy('bot_commands.id')
    .limit(1);
  return deps.dialect === 'postgres'
    ? query.forUpdate().skipLocked().executeTakeFirst()
    : query.executeTakeFirst();
}

/** The session's `robot.reply.*` notification among the commands a step returned. */
function replyOf(commands: SessionCommand[]): CommandReply | null {
  for (const c of commands) {
    if (c.type === 'notify' && c.key.startsWith('robot.reply.')) {
      return { key: c.key, params: c.params };
    }
  }
  return null;
}

/** A refusal is still the session's answer (its params say why); the row shows it as failed. */
function statusOf(reply: CommandReply): SettledCommand['status'] {
  return reply.key === 'robot.reply.unknown' || reply.params.ok === false ? 'failed' : 'done';
}

/**
 * Applies one command to its bot's session inside `trx`: loads the saved session (or starts one
 * from the bot's settings), steps it, saves it. Other commands the step returns (`stop`,
 * `resume`, `notify`) have nothing to act on yet: no orders are placed from this slice.
 */
async function applyCommand(deps: AppDeps, command: Claimed): Promise<CommandReply> {
  const saved = await findSession(deps.db, command.bot_id);
  const state = saved ?? initialSession(await loadSessionConfig(deps, command.bot_id));
  // updateBot (14) applies what the trader saved in the panel since the session started.
  const args: CommandArgs =
    command.code === 14 ? { config: await loadSessionConfig(deps, command.bot_id) } : {};
  const clocked = step(state, { type: 'tick', nowMs: deps.now() }).state;
  const result = step(clocked, {
    type: 'command',
    code: command.code as BotCommandCode,
    args,
  });
  const reply = replyOf(result.commands);
  if (!reply) throw new Error(`Command ${command.code} produced no reply`);
  await saveSession(deps.db, command.bot_id, result.state, deps.now());
  return reply;
}

async function settle(
  db: Kysely<Database>,
  id: number,
  status: SettledCommand['status'],
  reply: CommandReply,
): Promise<boolean> {
  const res = await db
    .updateTable('bot_commands')
    .set({ status, reply: JSON.stringify(reply) })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return res.numUpdatedRows === 1n;
}

/**
 * Claims and applies one queued command in its own transaction: `null` when the queue is empty,
 * `'skipped'` when another instance settled it first. If applying throws, the transaction
 * (session included) rolls back and the command is marked failed in a second one, so one bad
 * command never blocks the queue.
 */
async function processOne(
  deps: AppDeps,
  onError: ProcessOptions['onError'],
): Promise<SettledCommand | 'skipped' | null> {
  let claimed: Claimed | undefined;
  try {
    return await deps.db.transaction().execute(async (trx) => {
      claimed = await claimNext(trx, deps);
      if (!claimed) return null;
      const reply = await applyCommand({ ...deps, db: trx }, claimed);
      const status = statusOf(reply);
      if (!(await settle(trx, claimed.id, status, reply))) {
        throw new Error(`Command ${claimed.id} was settled elsewhere`);
      }
      return { id: claimed.id, botId: claimed.bot_id, code: claimed.code, status, reply };
    });
  } catch (err) {
    // Nothing claimed: the database itself failed; the scheduler logs it and tries again later.
    const command = claimed as Claimed | undefined;
    if (!command) throw err;
    const ref = { id: command.id, botId: command.bot_id, code: command.code };
    onError?.(err, ref);
    if (!(await settle(deps.db, command.id, 'failed', FAILED_REPLY))) return 'skipped';
    return { ...ref, status: 'failed', reply: FAILED_REPLY };
  }
}

/**
 * Applies up to `limit` queued bot commands, oldest first, each in its own transaction, and
 * returns what it settled. Safe to run from several callers or server instances at once.
 * @example await processQueuedCommands(app.deps, { limit: 50 }) // [{ id: 1, status: 'done', reply: { key: 'robot.reply.status', … } }]
 */
export async function processQueuedCommands(
  deps: AppDeps,
  { limit, onError }: ProcessOptions,
): Promise<SettledCommand[]> {
  const settled: SettledCommand[] = [];
  for (let i = 0; i < limit; i += 1) {
    const one = await processOne(deps, onError);
    if (one === null) break;
    if (one !== 'skipped') settled.push(one);
  }
  return settled;
}
