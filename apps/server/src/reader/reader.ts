import type { Kysely, Selectable } from 'kysely';
import type { Database, ReaderMessagesTable } from '../db/schema.ts';
import { appendActivity } from '../robot/activity.ts';
import { cancelFromChannel } from '../robot/decide/cancel-entries.ts';
import { cardFromRow, defaultCard, traderTimezoneOf, type ChannelCard } from './cards.ts';
import type { ReaderDeps } from './deps.ts';
import { clockTime, readMessage, type ReadLine } from './read-message.ts';
import { roomOwnerOf, type BotRef } from './copy-rooms.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Dedupe keys of the bot's signals of the last day (older entry instants are past anyway). */
export async function seenKeys(
  db: Kysely<Database>,
  botId: number,
  nowMs: number,
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('signals')
    .select('dedupe_key')
    .where('bot_id', '=', botId)
    .where('dedupe_key', 'is not', null)
    .where('parsed_at', '>', nowMs - DAY_MS)
    .execute();
  return new Set(rows.flatMap((r) => (r.dedupe_key === null ? [] : [r.dedupe_key])));
}

/** Bots that follow at least one chat, theirs or their copied trader's. */
async function readingBots(db: Kysely<Database>): Promise<BotRef[]> {
  return db
    .selectFrom('bots as b')
    .select(['b.id', 'b.userid', 'b.traderid', 'b.account_id'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('copy_rooms as c')
          .innerJoin('bots as r', 'r.id', 'c.bot_id')
          .select('c.bot_id')
          .where((w) =>
            w.or([w('r.id', '=', w.ref('b.id')), w('r.userid', '=', w.ref('b.traderid'))]),
          ),
      ),
    )
    .orderBy('b.id')
    .execute();
}

interface Room {
  /** The bot whose chat list and cards these are. */
  owner: BotRef;
  chats: Map<string, string>;
  cards: Map<string, ChannelCard>;
  timezone: number;
}

async function loadRoom(db: Kysely<Database>, owner: BotRef): Promise<Room> {
  const [chats, cards, timezone] = await Promise.all([
    db
      .selectFrom('copy_rooms')
      .select(['chat_id', 'name'])
      .where('bot_id', '=', owner.id)
      .execute(),
    db.selectFrom('channel_cards').selectAll().where('bot_id', '=', owner.id).execute(),
    traderTimezoneOf(db, owner.id),
  ]);
  return {
    owner,
    chats: new Map(chats.map((c) => [c.chat_id, c.name])),
    cards: new Map(cards.map((c) => [c.id_num, cardFromRow(c)])),
    timezone,
  };
}

/**
 * Whether this bot takes the channel's signals (SPEC §3 card `botID`): a card that names a robot
 * routes its channel to that one among the owner account's bots; the account's other bots skip
 * it. Bots of other accounts that copy these rooms are not the owner's to route.
 */
function takesChannel(card: ChannelCard, bot: BotRef, owner: BotRef): boolean {
  if (card.botID === '' || bot.account_id !== owner.account_id) return true;
  return card.botID === bot.userid;
}

/**
 * The feed line of a message's new pending entries ("Lista recebida de sala-vip: 4 entradas…"):
 * the trader sees that the robot read the channel, and the panel's live stream re-reads the
 * dashboard's next entries at once instead of when the first one is decided.
 */
async function noteReceived(
  trx: Kysely<Database>,
  botId: number,
  channel: string,
  taken: readonly ReadLine['row'][],
  traderTimezone: number,
  nowMs: number,
): Promise<void> {
  const first = [...taken].sort((a, b) => (a.entry_at ?? 0) - (b.entry_at ?? 0))[0];
  if (!first) return;
  const at = first.signal_at ?? first.entry_at;
  const params = {
    channel,
    asset: first.asset ?? '',
    direction: first.direction ?? '',
    time: at ? clockTime(at, traderTimezone) : '',
  };
  await appendActivity(trx, {
    botId,
    at: nowMs,
    kind: 'signal',
    message:
      taken.length === 1
        ? { key: 'robot.activity.received', params }
        : { key: 'robot.activity.receivedList', params: { ...params, count: taken.length } },
  });
}

/**
 * Reads one message for one bot and advances its cursor, in one transaction: the signal rows and
 * the cursor commit together, so after a restart no message is read twice and none is skipped.
 * Returns how many accepted signals it wrote.
 */
async function readOne(
  deps: ReaderDeps,
  bot: BotRef,
  room: Room,
  traderTimezone: number,
  seen: Set<string>,
  message: Selectable<ReaderMessagesTable>,
): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    let state = trx
      .selectFrom('reader_state')
      .select('last_message_id')
      .where('bot_id', '=', bot.id);
    if (deps.dialect === 'postgres') state = state.forUpdate();
    const cursor = Number((await state.executeTakeFirst())?.last_message_id ?? 0);
    if (message.id <= cursor) return 0; // another reader took it

    let accepted = 0;
    const name = room.chats.get(message.channel_id);
    const card =
      room.cards.get(message.channel_id) ??
      (name === undefined
        ? undefined
        : defaultCard(message.channel_id, name, bot.traderid, room.timezone));
    if (name !== undefined && card?.chanEnable && takesChannel(card, bot, room.owner)) {
      const nowMs = deps.now();
      const lines = readMessage(message.text, card, {
        botId: bot.id,
        channelId: message.channel_id,
        nowMs,
        receivedAtMs: message.received_at,
        messageId: message.id,
        seen,
        traderTimezone,
      });
      const taken: ReadLine['row'][] = [];
      for (const { row } of lines) {
        const inserted = await trx
          .insertInto('signals')
          .values(row)
          .onConflict((oc) => oc.columns(['bot_id', 'dedupe_key']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (inserted && row.status === 'accepted') taken.push(row);
        if (!inserted && row.status === 'accepted') {
          // Taken since the seen set was read (another reader): record it as a duplicate.
          await trx
            .insertInto('signals')
            .values({ ...row, status: 'rejected', reason: 'duplicate', dedupe_key: null })
            .execute();
        }
        if (row.dedupe_key) seen.add(row.dedupe_key);
        // A cancel post about a signal cancels this channel's matching entries not sent yet.
        if (row.status === 'rejected' && row.reason === 'cancelled' && row.asset) {
          await cancelFromChannel(
            trx,
            {
              botId: bot.id,
              channelId: message.channel_id,
              asset: row.asset,
              time: row.signal_time ?? null,
            },
            { at: nowMs, text: message.text },
          );
        }
      }
      accepted = taken.length;
      await noteReceived(trx, bot.id, name, taken, traderTimezone, nowMs);
    }
    const values = {
      last_message_id: message.id,
      last_message_at: message.received_at,
      updated_at: deps.now(),
    };
    await trx
      .insertInto('reader_state')
      .values({ bot_id: bot.id, ...values })
      .onConflict((oc) => oc.column('bot_id').doUpdateSet(values))
      .execute();
    return accepted;
  });
}

/** Reads the new messages of one bot's rooms; returns how many accepted signals it wrote. */
export async function readBot(deps: ReaderDeps, bot: BotRef, limit: number): Promise<number> {
  const owner = await roomOwnerOf(deps.db, bot);
  const cursorRow = await deps.db
    .selectFrom('reader_state')
    .select('last_message_id')
    .where('bot_id', '=', bot.id)
    .executeTakeFirst();
  const messages = await deps.db
    .selectFrom('reader_messages')
    .selectAll()
    .where('bot_id', '=', owner.id)
    .where('id', '>', Number(cursorRow?.last_message_id ?? 0))
    .orderBy('id')
    .limit(limit)
    .execute();
  if (messages.length === 0) return 0;
  const [room, traderTimezone, seen] = await Promise.all([
    loadRoom(deps.db, owner),
    traderTimezoneOf(deps.db, bot.id),
    seenKeys(deps.db, bot.id, deps.now()),
  ]);
  let accepted = 0;
  for (const message of messages) {
    accepted += await readOne(deps, bot, room, traderTimezone, seen, message);
  }
  return accepted;
}

/**
 * One pass of the reader over every bot that follows chats: new messages → card settings →
 * `parseSignal` → `signals` rows. One bot's failure is reported and never stops the others.
 * Returns the bots that got new accepted signals (for the trading runtime's wake-up).
 */
export async function readNewMessages(
  deps: ReaderDeps,
  { limit = 200 }: { limit?: number } = {},
): Promise<number[]> {
  const woken: number[] = [];
  for (const bot of await readingBots(deps.db)) {
    try {
      if ((await readBot(deps, bot, limit)) > 0) woken.push(bot.id);
    } catch (err) {
      deps.onError?.(err, { botId: bot.id });
    }
  }
  return woken;
}
