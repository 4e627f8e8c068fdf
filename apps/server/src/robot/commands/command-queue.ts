import type { BotCommandCode } from '@app/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { commitClaims, type BotRun } from '../bot-run.ts';
import { brokerTimeoutOf } from '../ledger/broker-call.ts';
import { describeError } from '../runtime-deps.ts';
import { loadSession, saveSession, StaleSessionError } from '../session-store.ts';
import { loadBotSettings } from '../settings/bot-settings.ts';
import { applyCommandTo, balancesOf, type CommandReply } from './apply-command.ts';

/** One command the runtime settled. */
export interface SettledCommand {
  id: number;
  botId: number;
  code: number;
  status: 'done' | 'failed';
  reply: CommandReply;
}

/** The runtime's own answer when applying a command threw (the session never saw it). */
export const FAILED_REPLY: CommandReply = { key: 'robot.reply.failed', params: {} };

async function settleCommand(
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
 * Claims the bot's oldest queued command and applies it, in `trx`: the settings are read again
 * inside the transaction (a command applied just before, by this or another consumer, may have
 * switched one), then the session, its reply and its effects are written together. Null when no
 * command is left.
 */
async function applyOldest(
  trx: Kysely<Database>,
  run: BotRun,
  balances: Awaited<ReturnType<typeof balancesOf>>,
  claimed: { command?: { id: number; code: number } },
): Promise<SettledCommand | null> {
  // Joined with its bot so that on PostgreSQL the lock covers the bot too: another consumer
  // skips the whole bot, so one bot's commands apply one at a time, in order.
  const q = trx
    .selectFrom('bot_commands')
    .innerJoin('bots', 'bots.id', 'bot_commands.bot_id')
    .select(['bot_commands.id', 'bot_commands.code'])
    .where('bot_commands.bot_id', '=', run.botId)
    .where('bot_commands.status', '=', 'queued')
    .orderBy('bot_commands.id')
    .limit(1);
  const command =
    run.rt.dialect === 'postgres'
      ? await q.forUpdate().skipLocked().executeTakeFirst()
      : await q.executeTakeFirst();
  if (!command) return null;
  claimed.command = command;
  run.settings = await loadBotSettings(trx, run.botId);
  const loaded = await loadSession(trx, run.botId, run.settings.config);
  const out = await applyCommandTo(
    trx,
    run,
    loaded.state,
    command.code as BotCommandCode,
    balances,
  );
  if (out.state) {
    await saveSession(trx, run.botId, { state: out.state, version: loaded.version }, run.rt.now());
  }
  const status: SettledCommand['status'] =
    out.reply.key === 'robot.reply.unknown' || out.reply.params.ok === false ? 'failed' : 'done';
  if (!(await settleCommand(trx, command.id, status, out.reply))) {
    throw new Error(`Command ${command.id} was settled elsewhere`);
  }
  return { id: command.id, botId: run.botId, code: command.code, status, reply: out.reply };
}

/**
 * Applies up to `limit` of the bot's queued commands, oldest first, each in its own transaction
 * (session, reply and effects together). On PostgreSQL the command is locked `FOR UPDATE SKIP
 * LOCKED` so no command is applied twice. A command that throws rolls back and is marked failed
 * in a second statement, so one bad command never blocks the queue.
 */
export async function applyQueuedCommands(
  run: BotRun,
  limit = Number.POSITIVE_INFINITY,
  onError?: (err: unknown, command: { id: number; botId: number; code: number }) => void,
): Promise<SettledCommand[]> {
  const settled: SettledCommand[] = [];
  while (settled.length < limit) {
    // Most runs have no command: one indexed look before asking the broker for three balances.
    const queued = await run.rt.db
      .selectFrom('bot_commands')
      .select('id')
      .where('bot_id', '=', run.botId)
      .where('status', '=', 'queued')
      .limit(1)
      .executeTakeFirst();
    if (!queued) break;
    const balances = await balancesOf(run.broker, brokerTimeoutOf(run.rt));
    const claimed: { command?: { id: number; code: number } } = {};
    let one: SettledCommand | null | 'skipped';
    run.pendingClaims = [];
    try {
      one = await run.rt.db
        .transaction()
        .execute((trx) => applyOldest(trx, run, balances, claimed));
      commitClaims(run);
    } catch (err) {
      const command = claimed.command;
      if (!command) throw err;
      // Another writer advanced the session meanwhile: the command stays queued for the next run.
      if (err instanceof StaleSessionError) break;
      const ref = { id: command.id, botId: run.botId, code: command.code };
      onError?.(err, ref);
      run.rt.log.error({ err: describeError(err), command: ref }, 'robot: command failed');
      one = (await settleCommand(run.rt.db, command.id, 'failed', FAILED_REPLY))
        ? { ...ref, status: 'failed', reply: FAILED_REPLY }
        : 'skipped';
    }
    if (one === null) break;
    if (one !== 'skipped') settled.push(one);
  }
  // Settings may have changed with the commands (account type): the rest of the run reads them.
  if (settled.length > 0) run.settings = await loadBotSettings(run.rt.db, run.botId);
  return settled;
}
