import { ErrorCode, type Chat, type ChatChoice, type ChannelSettings } from '@app/contract';
import { HttpError } from '../../lib/http-error.ts';
import { botIdOf } from '../../lib/owned-bot.ts';
import type { AppDeps } from '../../plugins/context.ts';
import { defaultCard, traderTimezoneOf, type ChannelCard } from '../../reader/cards.ts';
import type { ReaderDeps } from '../../reader/deps.ts';
import { ensureReaderCursor } from '../../reader/messages.ts';
import {
  botRef,
  botRefById,
  isTrader,
  mayCopyRooms,
  roomOwnerOf,
  type BotRef,
} from '../../reader/copy-rooms.ts';
import {
  cardsOf,
  chatList,
  removeChat,
  replaceChatList,
  upsertCard,
} from './channels.repository.ts';
import { checkedVocabulary } from './vocabulary-check.ts';

/** The caller's bot (ownership already checked by the route pipeline). */
export async function ownBot(deps: AppDeps, userid: string): Promise<BotRef> {
  const bot = await botRefById(deps.db, await botIdOf(deps, userid));
  if (!bot) throw new HttpError(403, ErrorCode.forbidden);
  return bot;
}

/**
 * The bot whose rooms a request names (SPEC §6): the caller's own (`traderid` = its user id) or
 * the trader whose rooms it copies (`traderid` = its trader id) while that trader lets it
 * (`mayCopyRooms`: none otherwise); any other is not the caller's.
 */
async function roomsNamed(deps: AppDeps, bot: BotRef, traderid: string): Promise<BotRef | null> {
  if (traderid === bot.userid) return bot;
  if (traderid !== bot.traderid) throw new HttpError(403, ErrorCode.forbidden);
  const owner = await roomOwnerOf(deps.db, bot);
  return owner.id === bot.id ? null : owner;
}

export function requireTrader(bot: BotRef, code: string): void {
  if (!isTrader(bot)) throw new HttpError(403, code);
}

/** Every chat the bot's sources offer, plus chosen ones a source no longer lists. */
async function offeredChats(reader: ReaderDeps, owner: BotRef) {
  const offered = [
    ...(await reader.inbox.listChats(owner)).map((c) => ({ ...c, source: 'inbox' as const })),
    ...(reader.telegram ? await reader.telegram.listChats(owner) : []).map((c) => ({
      ...c,
      source: 'telegram' as const,
    })),
  ];
  return offered;
}

export async function getChatList(
  deps: AppDeps,
  reader: ReaderDeps,
  userid: string,
  traderid: string,
): Promise<Chat[]> {
  const owner = await roomsNamed(deps, await ownBot(deps, userid), traderid);
  if (!owner) return [];
  const chosen = await chatList(deps.db, owner.id);
  const selected = new Set(chosen.map((c) => c.chat_id));
  const offered = await offeredChats(reader, owner);
  const offeredIds = new Set(offered.map((c) => c.chatId));
  return [
    ...offered.map((c) => ({
      chid: c.chatId,
      chname: c.name,
      selected: selected.has(c.chatId),
      source: c.source,
    })),
    ...chosen
      .filter((c) => !offeredIds.has(c.chat_id))
      .map((c) => ({
        chid: c.chat_id,
        chname: c.name,
        selected: true,
        source: c.chat_id.startsWith('inbox-') ? ('inbox' as const) : ('telegram' as const),
      })),
  ];
}

/**
 * Saves the chosen chats (only a trader, SPEC §6): the reader follows exactly these from now
 * on; a newly chosen chat gets a default card.
 */
export async function saveChatList(
  deps: AppDeps,
  reader: ReaderDeps,
  userid: string,
  choices: ChatChoice[],
): Promise<void> {
  const bot = await ownBot(deps, userid);
  requireTrader(bot, ErrorCode.channelsTraderOnlySave);
  if (choices.some((c) => c.userid !== userid)) {
    throw new HttpError(400, ErrorCode.invalidParams, { userid: ErrorCode.invalidParams });
  }
  const known = new Set([
    ...(await offeredChats(reader, bot)).map((c) => c.chatId),
    ...(await chatList(deps.db, bot.id)).map((c) => c.chat_id),
  ]);
  const unknown = choices.find((c) => !known.has(c.idNum));
  if (unknown)
    throw new HttpError(400, ErrorCode.channelsUnknown, { idNum: ErrorCode.channelsUnknown });
  const unique = new Map(choices.map((c) => [c.idNum, c.name]));
  const timezone = await traderTimezoneOf(deps.db, bot.id);
  const now = deps.now();
  await replaceChatList(
    deps.db,
    bot.id,
    [...unique].map(([chatId, name]) => ({ chatId, name })),
    (chat) => defaultCard(chat.chatId, chat.name, bot.userid, timezone),
    now,
  );
  await ensureReaderCursor(deps.db, bot.id, now);
}

/** Re-reads the chats from the sources (only a trader). */
export async function updateChatList(deps: AppDeps, reader: ReaderDeps, userid: string) {
  const bot = await ownBot(deps, userid);
  requireTrader(bot, ErrorCode.channelsTraderOnlySave);
  await reader.inbox.refresh(bot);
  if (reader.telegram) await reader.telegram.refresh(bot);
}

export async function getGroups(
  deps: AppDeps,
  userid: string,
  traderid: string,
): Promise<ChannelSettings[]> {
  const owner = await roomsNamed(deps, await ownBot(deps, userid), traderid);
  if (!owner) return [];
  return (await cardsOf(deps.db, owner.id)).map((card) => ({ ...card, userid }));
}

/** Saves one card of a chat in the trader's own list (SPEC §6: only the trader). */
export async function saveGroup(deps: AppDeps, settings: ChannelSettings): Promise<void> {
  const bot = await ownBot(deps, settings.userid);
  requireTrader(bot, ErrorCode.channelsNotTrader);
  if (settings.traderid !== bot.userid && settings.traderid !== '0') {
    throw new HttpError(400, ErrorCode.invalidParams, { traderid: ErrorCode.invalidParams });
  }
  const chat = (await chatList(deps.db, bot.id)).find((c) => c.chat_id === settings.idNum);
  if (!chat) throw new HttpError(404, ErrorCode.channelsUnknown);
  const { userid: _userid, vocabulary, ...fields } = settings;
  const card: ChannelCard = { ...fields, name: chat.name };
  // Checked like every field, before anything is written; absent, the stored one stays.
  if (vocabulary !== undefined) card.vocabulary = checkedVocabulary(vocabulary);
  await upsertCard(deps.db, bot.id, card, deps.now());
}

export async function removeGroup(deps: AppDeps, userid: string, idNum: string): Promise<void> {
  const bot = await ownBot(deps, userid);
  requireTrader(bot, ErrorCode.channelsTraderOnlyRemove);
  if (!(await removeChat(deps.db, bot.id, idNum))) {
    throw new HttpError(404, ErrorCode.channelsUnknown);
  }
}

/**
 * Copy rooms (`/copyid`): the bot reads the chat list and cards of the trader whose user id it
 * names (its own id makes it a trader again). The trader must be a trader that accepted this bot
 * as a follower (or a bot of the same account): one answer, 404 `copyRooms.errors.notAccepted`,
 * whether the id is unknown, no trader, or has not accepted — so it tells nobody which ids exist.
 */
export async function copyRooms(deps: AppDeps, userid: string, traderid: string): Promise<void> {
  const bot = await ownBot(deps, userid);
  if (traderid !== bot.userid) {
    const trader = await botRef(deps.db, traderid);
    if (!trader || !(await mayCopyRooms(deps.db, bot, trader))) {
      throw new HttpError(404, ErrorCode.copyRoomsNotAccepted, {
        traderid: ErrorCode.copyRoomsNotAccepted,
      });
    }
  }
  const now = deps.now();
  await deps.db.updateTable('bots').set({ traderid }).where('id', '=', bot.id).execute();
  await ensureReaderCursor(deps.db, bot.id, now);
}
