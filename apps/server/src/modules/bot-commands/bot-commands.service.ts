import {
  RobotMessageSchema,
  type BotCommand,
  type BotCommandEntry,
  type RobotMessage,
} from '@app/contract';
import { botIdOf } from '../../lib/owned-bot.ts';
import type { AppDeps } from '../../plugins/context.ts';
import { insertCommand, recentCommands } from './bot-commands.repository.ts';

/** How many commands the form lists under it. */
export const RECENT_COMMANDS = 20;

/** Queues the command for the robot runtime, which settles it to 'done' or 'failed'. */
export async function queueCommand(deps: AppDeps, command: BotCommand): Promise<void> {
  await insertCommand(deps.db, await botIdOf(deps, command.userid), command.botCmd, deps.now());
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
