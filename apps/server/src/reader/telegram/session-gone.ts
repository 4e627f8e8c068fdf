import { errors } from 'telegram';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { appendActivity } from '../../robot/activity.ts';

/**
 * Telegram's answers that say the stored session will never work again (the user ended it from
 * another device, or the account is gone): the reader of that bot is down until the trader
 * connects the phone again. https://core.telegram.org/api/errors#401-unauthorized
 */
const SESSION_GONE = new Set([
  'AUTH_KEY_UNREGISTERED',
  'AUTH_KEY_INVALID',
  'AUTH_KEY_PERM_EMPTY',
  'SESSION_REVOKED',
  'SESSION_EXPIRED',
  'USER_DEACTIVATED',
  'USER_DEACTIVATED_BAN',
]);

export function isSessionGone(err: unknown): boolean {
  return err instanceof errors.RPCError && SESSION_GONE.has(err.errorMessage);
}

/**
 * Forgets a session refused for good, with the chat list it offered (the panel then shows the
 * reader not connected; the subscriptions stay for when the trader connects the phone again),
 * and says in the bot's activity feed that the reader is down (the operator's Telegram bot
 * notifies it). Reported once: nothing is left to fail again at the next start.
 */
export async function forgetLostSession(
  db: Kysely<Database>,
  botId: number,
  at: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('messaging_chats').where('bot_id', '=', botId).execute();
    await trx.deleteFrom('messaging_sessions').where('bot_id', '=', botId).execute();
    await appendActivity(trx, {
      botId,
      at,
      kind: 'session',
      message: { key: 'robot.activity.readerDown', params: {} },
    });
  });
}
