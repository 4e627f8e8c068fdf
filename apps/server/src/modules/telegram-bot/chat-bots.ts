import type { Language } from '@app/contract';
import type { Kysely } from 'kysely';
import { fromDbBool } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { panelLanguageOf, say } from '../../lib/telegram-catalogue.ts';
import { paperBotsAmong } from '../../robot/brokers/paper-bots.ts';

type Db = Kysely<Database>;

export interface ChatBot {
  id: number;
  userid: string;
  virtual: boolean;
  accountId: number;
}

/**
 * The bots a chat may command: the verified messaging-app bot whose id is the chat's id, and the
 * virtual bots of its account (they have no chat of their own). None when the chat's id is not a
 * verified bot: a pending claim proves nothing yet.
 */
export async function chatBots(db: Db, chatId: string): Promise<ChatBot[]> {
  const own = await db
    .selectFrom('bots')
    .select(['id', 'userid', 'account_id', 'verified', 'virtual'])
    .where('userid', '=', chatId)
    .executeTakeFirst();
  if (!own || !fromDbBool(own.verified) || fromDbBool(own.virtual)) return [];
  const virtuals = await db
    .selectFrom('bots')
    .select(['id', 'userid', 'account_id', 'virtual'])
    .where('account_id', '=', own.account_id)
    .orderBy('id')
    .execute()
    .then((rows) => rows.filter((r) => fromDbBool(r.virtual)));
  return [
    { id: Number(own.id), userid: own.userid, virtual: false, accountId: Number(own.account_id) },
    ...virtuals.map((v) => ({
      id: Number(v.id),
      userid: v.userid,
      virtual: true,
      accountId: Number(v.account_id),
    })),
  ];
}

/** The panel language the trader chose for the first of these bots (pt-BR when never set). */
export async function languageOfChat(db: Db, bots: readonly ChatBot[]): Promise<Language> {
  const first = bots[0];
  if (!first) return panelLanguageOf(null);
  const row = await db
    .selectFrom('tg_bot_prefs')
    .select('language')
    .where('bot_id', '=', first.id)
    .executeTakeFirst();
  return panelLanguageOf(row?.language);
}

export interface BotChat {
  chatId: string;
  language: Language;
  off: Set<string>;
  userid: string;
  /** The bot trades on the simulator (the paper broker): every notification says so. */
  paper: boolean;
  /** How a notification names the bot: its id, and "(Simulador)" for a bot on the simulator. */
  label: string;
}

/**
 * Where each bot's notifications go: a verified messaging-app bot's own chat; a virtual bot's,
 * the chat of its account's first verified messaging-app bot. Bots with no such chat are absent.
 * Each says whether the bot is on the simulator, and names it so.
 */
export async function chatsOfBots(
  db: Db,
  botIds: readonly number[],
): Promise<Map<number, BotChat>> {
  const out = new Map<number, BotChat>();
  if (botIds.length === 0) return out;
  const ids = [...new Set(botIds)];
  const bots = [];
  for (let i = 0; i < ids.length; i += 500) {
    bots.push(
      ...(await db
        .selectFrom('bots as b')
        .leftJoin('tg_bot_prefs as p', 'p.bot_id', 'b.id')
        .select([
          'b.id',
          'b.userid',
          'b.account_id',
          'b.verified',
          'b.virtual',
          'p.language',
          'p.off_kinds',
        ])
        .where('b.id', 'in', ids.slice(i, i + 500))
        .execute()),
    );
  }
  const accountsNeeding = [
    ...new Set(bots.filter((b) => fromDbBool(b.virtual)).map((b) => Number(b.account_id))),
  ];
  const accountChat = new Map<number, string>();
  if (accountsNeeding.length > 0) {
    const owners = await db
      .selectFrom('bots')
      .select(['account_id', 'userid', 'id', 'virtual', 'verified'])
      .where('account_id', 'in', accountsNeeding)
      .orderBy('id')
      .execute()
      .then((rows) => rows.filter((r) => !fromDbBool(r.virtual) && fromDbBool(r.verified)));
    for (const r of owners) {
      if (!accountChat.has(Number(r.account_id))) accountChat.set(Number(r.account_id), r.userid);
    }
  }
  const paper = await paperBotsAmong(
    db,
    bots.map((b) => Number(b.id)),
  );
  for (const b of bots) {
    const chatId = fromDbBool(b.virtual)
      ? accountChat.get(Number(b.account_id))
      : fromDbBool(b.verified)
        ? b.userid
        : undefined;
    if (!chatId) continue;
    const language = panelLanguageOf(b.language);
    const onPaper = paper.has(Number(b.id));
    out.set(Number(b.id), {
      chatId,
      language,
      off: new Set((b.off_kinds ?? '').split(',').filter((k) => k !== '')),
      userid: b.userid,
      paper: onPaper,
      label: onPaper ? say(language, 'notify.paperBot', { bot: b.userid }) : b.userid,
    });
  }
  return out;
}
