import { ErrorCode, type InboxChannel } from '@app/contract';
import { HttpError } from '../../lib/http-error.ts';
import type { AppDeps } from '../../plugins/context.ts';
import { inboxChatId, inboxRowId } from '../../reader/inbox-source.ts';
import { deliverMessage } from '../../reader/messages.ts';
import { ownBot } from '../channels/channels.service.ts';

export async function listInboxChannels(deps: AppDeps, userid: string): Promise<InboxChannel[]> {
  const bot = await ownBot(deps, userid);
  const [rows, counts] = await Promise.all([
    deps.db
      .selectFrom('inbox_channels')
      .select(['id', 'name', 'created_at'])
      .where('bot_id', '=', bot.id)
      .orderBy('id')
      .execute(),
    deps.db
      .selectFrom('reader_messages')
      .select(['channel_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('bot_id', '=', bot.id)
      .groupBy('channel_id')
      .execute(),
  ]);
  const byChannel = new Map(counts.map((c) => [c.channel_id, Number(c.n)]));
  return rows.map((r) => ({
    idNum: inboxChatId(r.id),
    name: r.name,
    createdAt: r.created_at,
    messageCount: byChannel.get(inboxChatId(r.id)) ?? 0,
  }));
}

export async function createInboxChannel(
  deps: AppDeps,
  userid: string,
  name: string,
): Promise<InboxChannel> {
  const bot = await ownBot(deps, userid);
  const taken = await deps.db
    .selectFrom('inbox_channels')
    .select('id')
    .where('bot_id', '=', bot.id)
    .where('name', '=', name)
    .executeTakeFirst();
  if (taken) throw new HttpError(409, ErrorCode.inboxNameTaken, { name: ErrorCode.inboxNameTaken });
  const createdAt = deps.now();
  try {
    const row = await deps.db
      .insertInto('inbox_channels')
      .values({ bot_id: bot.id, name, created_at: createdAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { idNum: inboxChatId(row.id), name, createdAt, messageCount: 0 };
  } catch (err) {
    // Two creates raced past the check: the unique index decides.
    if (/unique|duplicate/i.test(err instanceof Error ? err.message : '')) {
      throw new HttpError(409, ErrorCode.inboxNameTaken, { name: ErrorCode.inboxNameTaken });
    }
    throw err;
  }
}

/** The bot's local channel row named by `idNum`, or 404. */
async function ownChannel(deps: AppDeps, botId: number, idNum: string) {
  const id = inboxRowId(idNum);
  const row =
    id === null
      ? undefined
      : await deps.db
          .selectFrom('inbox_channels')
          .select(['id', 'name'])
          .where('id', '=', id)
          .where('bot_id', '=', botId)
          .executeTakeFirst();
  if (!row) throw new HttpError(404, ErrorCode.inboxUnknownChannel);
  return row;
}

/** Removes a local channel, its messages, its place in the chat list and its card. */
export async function removeInboxChannel(deps: AppDeps, userid: string, idNum: string) {
  const bot = await ownBot(deps, userid);
  const channel = await ownChannel(deps, bot.id, idNum);
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('copy_rooms')
      .where('bot_id', '=', bot.id)
      .where('chat_id', '=', idNum)
      .execute();
    await trx
      .deleteFrom('channel_cards')
      .where('bot_id', '=', bot.id)
      .where('id_num', '=', idNum)
      .execute();
    await trx
      .deleteFrom('reader_messages')
      .where('bot_id', '=', bot.id)
      .where('channel_id', '=', idNum)
      .execute();
    await trx.deleteFrom('inbox_channels').where('id', '=', channel.id).execute();
  });
}

/** Posts a message to a local channel as if the channel had written it. */
export async function postInboxMessage(
  deps: AppDeps,
  userid: string,
  idNum: string,
  text: string,
): Promise<number> {
  const bot = await ownBot(deps, userid);
  await ownChannel(deps, bot.id, idNum);
  const id = await deliverMessage(deps.db, {
    botId: bot.id,
    channelId: idNum,
    sourceId: null,
    text,
    receivedAtMs: deps.now(),
  });
  if (id === null) throw new Error('A local message is never a repeat');
  return id;
}
