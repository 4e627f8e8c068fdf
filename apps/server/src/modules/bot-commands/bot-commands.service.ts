import {
  RobotMessageSchema,
  type BotCommand,
  type BotCommandEntry,
  type RobotMessage,
} from '@app/contract';
import { botIdOf } from '../../lib/owned-bot.ts';
import type { AppDeps } from '../../plugins/context.ts';
import { enqueueBotEvent } from '../../robot/bot-events.ts';
import { insertCommand, recentCommands } from './bot-commands.repository.ts';

/** How many commands the form lists under it. */
export const RECENT_COMMANDS = 20;

/** Queues the command for the robot runtime, which settles it to 'done' or 'failed'. */
export async function queueCommand(deps: AppDeps, command: BotCommand): Promise<number> {
  const botId = await botIdOf(deps, command.userid);
  await queueBotCommand(deps, botId, command.botCmd);
  return botId;
}

/** Queues command `code` for the bot row `botId` (its owner already known); the command's id. */
export async function queueBotCommand(
  deps: AppDeps,
  botId: number,
  code: BotCommand['botCmd'],
): Promise<number> {
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const id = await insertCommand(trx, botId, code, now);
    await enqueueBotEvent(trx, { botId, kind: 'command', refId: id, dueAt: now });
    return Number(id);
  });
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
    reply: robotMessageOf(r.reply),
  }));
}

/**
 * A stored reply (JSON text) as the contract's robot message; a row that does not hold one (never
 * written by this runtime) reads as the runtime's own failure rather than breaking the list.
 */
function robotMessageOf(stored: string | null): RobotMessage | null {
  if (stored === null) return null;
  try {
    const parsed = RobotMessageSchema.safeParse(JSON.parse(stored));
    if (parsed.success) return parsed.data;
  } catch {
    // not JSON: fall through
  }
  return { key: 'robot.reply.failed', params: {} };
}
