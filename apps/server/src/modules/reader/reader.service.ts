import type { ReaderStatus } from '@app/contract';
import type { AppDeps } from '../../plugins/context.ts';
import type { ReaderDeps } from '../../reader/deps.ts';
import { roomOwnerOf } from '../../reader/copy-rooms.ts';
import { ownBot } from '../channels/channels.service.ts';

/** How many reset/delete requests the status lists. */
export const STATUS_REQUESTS = 5;

/** `+5511999998888` → `+55•••••••8888`: enough to recognise, not to reuse. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/^\+/, '');
  if (digits.length <= 6) return '•'.repeat(digits.length);
  return `+${digits.slice(0, 2)}${'•'.repeat(digits.length - 6)}${digits.slice(-4)}`;
}

export async function readerStatus(
  deps: AppDeps,
  reader: ReaderDeps,
  userid: string,
): Promise<ReaderStatus> {
  const bot = await ownBot(deps, userid);
  const owner = await roomOwnerOf(deps.db, bot);
  const [session, chats, state, requests] = await Promise.all([
    deps.db
      .selectFrom('messaging_sessions')
      .select(['phone', 'status'])
      .where('bot_id', '=', owner.id)
      .executeTakeFirst(),
    deps.db
      .selectFrom('copy_rooms')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('bot_id', '=', owner.id)
      .executeTakeFirst(),
    deps.db
      .selectFrom('reader_rooms')
      .select('last_message_at')
      .where('owner_id', '=', owner.id)
      .executeTakeFirst(),
    deps.db
      .selectFrom('reader_requests')
      .select(['id', 'action', 'status', 'created_at', 'settled_at'])
      .where('bot_id', '=', bot.id)
      .orderBy('id', 'desc')
      .limit(STATUS_REQUESTS)
      .execute(),
  ]);
  const connected = session?.status === 'connected';
  return {
    source: connected ? 'telegram' : 'inbox',
    telegramAvailable: reader.telegram !== null,
    connected,
    phone: connected && session ? maskPhone(session.phone) : null,
    roomsOf: owner.userid,
    chats: Number(chats?.n ?? 0),
    lastMessageAt: state?.last_message_at ?? null,
    requests: requests.map((r) => ({
      id: r.id,
      action: r.action,
      status: r.status,
      createdAt: r.created_at,
      settledAt: r.settled_at,
    })),
  };
}
