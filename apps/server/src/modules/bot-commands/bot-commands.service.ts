import type { BotCommand, BotCommandEntry } from '@app/contract';
import { botIdOf } from '../../lib/owned-bot.ts';
import type { AppDeps } from '../../plugins/context.ts';
import { enqueueBotEvent } from '../../robot/inbox.ts';
import { insertCommand, recentCommands } from './bot-commands.repository.ts';

/** How many commands the form lists under it. */
export const RECENT_COMMANDS = 20;

/** Queues the command for the robot runtime, which settles it to 'done' or 'failed'. */
export async function queueCommand(deps: AppDeps, command: BotCommand): Promise<number> {
  const botId = await botIdOf(deps, command.userid);
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const id = await insertCommand(trx, botId, command.botCmd, now);
    await enqueueBotEvent(trx, { botId, kind: 'command', refId: id, dueAt: now });
  });
  return botId;
}

export async function listRecentCommands(
  deps: AppDeps,
  userid: string,
): Promise<BotCommandEntry[]> {
  const rows = await recentCommands(deps.db, await botIdOf(deps, userid), RECENT_COMMANDS);
  return rows.map((r) => ({
    id: r.id,
    botCmd: r.code,
    createdAt: r.created_at,
    status: r.status,
    reply: r.reply,
  }));
}
