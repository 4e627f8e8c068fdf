import { botRunOf } from '../robot/bot-run.ts';
import { applyQueuedCommands, type SettledCommand } from '../robot/commands/command-queue.ts';
import type { RuntimeDeps } from '../robot/runtime-deps.ts';

export interface ProcessOptions {
  /** At most this many commands in one call (each in its own transaction). */
  limit: number;
  /** Told about a command that threw; the command is marked failed either way. */
  onError?: (err: unknown, command: { id: number; botId: number; code: number }) => void;
}

/**
 * Applies up to `limit` queued bot commands, oldest first across bots, one at a time through the
 * same per-bot path `runSession` uses, and returns what it settled: the tests' and the bench's
 * way to drain the command queue without running whole sessions. Safe to run from several
 * callers at once (a command is claimed and settled conditionally).
 * @example await processQueuedCommands(rt, { limit: 50 }) // [{ id: 1, status: 'done', reply: { key: 'robot.reply.status', … } }]
 */
export async function processQueuedCommands(
  rt: RuntimeDeps,
  { limit, onError }: ProcessOptions,
): Promise<SettledCommand[]> {
  const settled: SettledCommand[] = [];
  const tried = new Set<number>();
  while (settled.length < limit) {
    const oldest = await rt.db
      .selectFrom('bot_commands')
      .innerJoin('bots', 'bots.id', 'bot_commands.bot_id')
      .select(['bot_commands.id', 'bot_commands.bot_id'])
      .where('bot_commands.status', '=', 'queued')
      .orderBy('bot_commands.id')
      .limit(1)
      .executeTakeFirst();
    if (!oldest || tried.has(oldest.id)) break;
    tried.add(oldest.id);
    const run = await botRunOf(rt, Number(oldest.bot_id));
    settled.push(...(await applyQueuedCommands(run, 1, onError)));
  }
  return settled;
}
