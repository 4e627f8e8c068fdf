import type { EventEmitter } from 'node:events';
import { BOT_COMMANDS, type BotCommandCode, type Language } from '@app/contract';
import { limit } from '@grammyjs/ratelimiter';
import { InlineKeyboard, type Bot, type Context } from 'grammy';
import { sql } from 'kysely';
import type { AppDeps } from '../../plugins/context.ts';
import { queueBotCommand } from '../bot-commands/bot-commands.service.ts';
import { dateTime, say, telegramLanguage } from '../../lib/telegram-catalogue.ts';
import { chatBots, languageOfChat, type ChatBot } from './chat-bots.ts';
import type { ReplyMeta } from './notify-feed.ts';
import { enqueue, PRIORITY_ANSWER, setChatReachable } from './outbox.ts';
import {
  checkStartToken,
  isStartToken,
  redeemStartToken,
  refuseStartToken,
} from './start-tokens.ts';
import { heldByTap, takeBack } from './take-back.ts';

/**
 * What the operator bot does with each update: `/start` (a deep link's verification token, a
 * seller's `s_<id>`, or nothing: the user's id and the registration link), `/menu` (the bot
 * commands 1–16 as buttons), `/status` and `/placar`. Every answer is a row of the outbox
 * (priority: answers first), never a call to Telegram inside the update: Telegram being slow or
 * down never holds an update, and answers count against the same limits as everything else.
 * Only the callback query's acknowledgement goes straight to Telegram (it is not a message).
 */

export interface HandlerDeps {
  deps: AppDeps;
  robotEvents: EventEmitter;
  publicUrl: string | null;
  /** Something was queued for sending: drain now rather than at the next pass. */
  wake(): void;
  onError(err: unknown): void;
}

/** One update a second per chat. */
export const CHAT_PACE_MS = 1000;

/**
 * The ratelimiter's counters (`incr` and `pexpire`, the two calls it makes of a Redis client) in
 * the database, on the app's clock: one statement per update counts it in its chat's one-second
 * window (a fresh window when the last one ended), so several servers taking one chat's webhook
 * updates pace it as one. The window is fixed from its first update: `pexpire` has nothing to do.
 */
function paceStore(deps: AppDeps) {
  return {
    async incr(key: string): Promise<number> {
      const t = deps.now();
      const ended = t - CHAT_PACE_MS;
      const row = await deps.db
        .insertInto('tg_chat_pace')
        .values({ key, window_at: t, hits: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            hits: sql<number>`case when tg_chat_pace.window_at <= ${ended} then 1 else tg_chat_pace.hits + 1 end`,
            window_at: sql<number>`case when tg_chat_pace.window_at <= ${ended} then ${t} else tg_chat_pace.window_at end`,
          }),
        )
        .returning('hits')
        .executeTakeFirstOrThrow();
      return Number(row.hits);
    },
    async pexpire(): Promise<number> {
      return 1;
    },
  };
}

/** How long a chat's pace row outlives its window (then purged). */
const PACE_MEMORY_MS = 60_000;

/** How long an update id is remembered (Telegram keeps an unconfirmed update for 24 hours). */
export const UPDATE_MEMORY_MS = 24 * 60 * 60_000;

/** Where notifications and replies go: a chat id is the bot id of a messaging-app bot. */
export function chatIdOf(ctx: Context): string | null {
  return ctx.chat?.type === 'private' ? String(ctx.chat.id) : null;
}

/**
 * Whether this update is new: its id is recorded in the same statement that tells, so two
 * deliveries of one update (a webhook retried, a poller restarted before confirming its offset,
 * two servers) are handled once.
 */
async function firstDelivery(deps: AppDeps, updateId: number): Promise<boolean> {
  const result = await deps.db
    .insertInto('tg_updates')
    .values({ update_id: updateId, received_at: deps.now() })
    .onConflict((oc) => oc.column('update_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Forgets update ids older than Telegram keeps them, and chats' pace windows long ended. */
export async function purgeUpdates(deps: AppDeps): Promise<void> {
  await deps.db
    .deleteFrom('tg_updates')
    .where('received_at', '<', deps.now() - UPDATE_MEMORY_MS)
    .execute();
  await deps.db
    .deleteFrom('tg_chat_pace')
    .where('window_at', '<', deps.now() - PACE_MEMORY_MS)
    .execute();
}

export function registerHandlers(bot: Bot, h: HandlerDeps): void {
  const { deps } = h;

  async function answer(
    chatId: string,
    text: string,
    extra: { markup?: unknown; kind?: string; ref?: number; meta?: ReplyMeta } = {},
  ): Promise<void> {
    await enqueue(
      deps.db,
      [
        {
          chatId,
          kind: extra.kind ?? 'answer',
          text,
          priority: PRIORITY_ANSWER,
          ...(extra.markup !== undefined ? { markup: extra.markup } : {}),
          ...(extra.ref !== undefined ? { ref: extra.ref } : {}),
          ...(extra.meta ? { meta: JSON.stringify(extra.meta) } : {}),
        },
      ],
      deps.now(),
    );
    h.wake();
  }

  async function edit(chatId: string, messageId: number, text: string, markup: unknown) {
    await enqueue(
      deps.db,
      [{ chatId, kind: 'edit', text, markup, messageId, priority: PRIORITY_ANSWER }],
      deps.now(),
    );
    h.wake();
  }

  bot.use(async (ctx, next) => {
    if (!(await firstDelivery(deps, ctx.update.update_id))) return;
    await next();
  });

  // A chat's updates are paced: one a second (Telegram's own pace for answers to one chat), the
  // first one over answered "aguarde", the rest of that second dropped unread. A flood of
  // /status from one chat queues one command, not hundreds.
  bot.use(
    limit({
      timeFrame: CHAT_PACE_MS,
      limit: 1,
      storageClient: paceStore(deps),
      keyGenerator: (ctx) => chatIdOf(ctx) ?? undefined,
      onLimitExceeded: async (ctx) => {
        const chatId = chatIdOf(ctx);
        if (!chatId) return;
        const text = say(telegramLanguage(ctx.from?.language_code), 'chat.wait');
        if (ctx.callbackQuery) ctx.answerCallbackQuery({ text }).catch(h.onError);
        else await answer(chatId, text);
      },
    }),
  );

  // Anyone who writes to the bot is reachable again (a chat that had blocked it came back, a
  // code waiting for the chat to start goes now).
  bot.use(async (ctx, next) => {
    const chatId = chatIdOf(ctx);
    if (chatId && (ctx.message || ctx.callbackQuery)) {
      await setChatReachable(deps.db, chatId, true, deps.now(), ctx.from?.language_code);
    }
    await next();
  });

  bot.command('start', async (ctx) => {
    const chatId = chatIdOf(ctx);
    if (!chatId) return;
    const payload = ctx.match.trim();
    const language = telegramLanguage(ctx.from?.language_code);
    if (isStartToken(payload)) {
      // The first tap only shows who claims the id; the second ("Sim, sou eu") verifies.
      const check = await checkStartToken(deps.db, payload, chatId, deps.now());
      if (check.result === 'claim') {
        await answer(chatId, say(language, 'verify.confirm', check), {
          markup: new InlineKeyboard()
            .text(say(language, 'verify.yes'), `vy:${payload}`)
            .row()
            .text(say(language, 'verify.no'), `vn:${payload}`),
        });
      } else if (check.result === 'already') {
        await answer(chatId, say(language, 'verify.already', { userid: check.userid }));
      } else {
        await answer(
          chatId,
          say(language, check.result === 'wrongChat' ? 'verify.wrongChat' : 'verify.expired'),
        );
      }
      return;
    }
    const seller = /^s_([A-Za-z0-9_-]{1,60})$/.exec(payload)?.[1];
    if (!h.publicUrl) {
      await answer(chatId, say(language, 'start.helloNoLink', { id: chatId }));
    } else {
      const link = new URL('/cadastrar', `${h.publicUrl}/`);
      link.searchParams.set('userid', chatId);
      if (seller) link.searchParams.set('sellerid', seller);
      await answer(chatId, say(language, 'start.hello', { id: chatId, link: link.toString() }));
    }
    await offerTakeBack(chatId, language);
  });

  /**
   * After a /start without a token: when a tap proved this chat's id for some panel account
   * lately, the chat is shown which one (masked) and may take the id back (take-back.ts).
   */
  async function offerTakeBack(chatId: string, language: Language): Promise<void> {
    const held = await heldByTap(deps.db, chatId, deps.now());
    if (!held) return;
    await answer(
      chatId,
      say(language, 'takeBack.offer', { ...held, date: dateTime(language, held.verifiedAt) }),
      {
        markup: new InlineKeyboard().text(say(language, 'takeBack.button'), `tb:${held.botId}`),
      },
    );
  }

  /** The chat's verified bots, or an answer saying there is none. */
  async function botsOfChat(ctx: Context) {
    const chatId = chatIdOf(ctx);
    if (!chatId) return null;
    const bots = await chatBots(deps.db, chatId);
    if (bots.length === 0) {
      await answer(chatId, say(telegramLanguage(ctx.from?.language_code), 'menu.notVerified'));
      return null;
    }
    return { chatId, bots, language: await languageOfChat(deps.db, bots) };
  }

  function menuKeyboard(language: Language, userid: string): InlineKeyboard {
    const kb = new InlineKeyboard();
    const codes = Object.keys(BOT_COMMANDS).map(Number) as BotCommandCode[];
    codes.forEach((code, i) => {
      kb.text(say(language, `cmd.${code}` as 'cmd.1'), `c:${code}:${userid}`);
      // Two buttons a row; no row after the last (Telegram would show an empty one).
      if (i % 2 === 1 && i < codes.length - 1) kb.row();
    });
    return kb;
  }

  function chooserKeyboard(bots: { userid: string }[], then: string): InlineKeyboard {
    const kb = new InlineKeyboard();
    for (const b of bots) kb.text(b.userid, `${then}:${b.userid}`).row();
    return kb;
  }

  /** Queues command `code` for the chat's bot; its message is edited with the robot's reply. */
  async function runCommand(
    chatId: string,
    language: Language,
    bot: ChatBot,
    code: BotCommandCode,
  ) {
    const commandId = await queueBotCommand(deps, bot.id, code);
    h.robotEvents.emit('queued', bot.id);
    const title = `${say(language, `cmd.${code}` as 'cmd.1')} — ${bot.userid}`;
    await answer(chatId, `${title}\n${say(language, 'menu.queued')}`, {
      kind: 'reply',
      ref: commandId,
      meta: { language, title },
    });
  }

  bot.command('menu', async (ctx) => {
    const found = await botsOfChat(ctx);
    if (!found) return;
    if (found.bots.length > 1) {
      await answer(found.chatId, say(found.language, 'menu.choose'), {
        markup: chooserKeyboard(found.bots, 'm'),
      });
      return;
    }
    const only = found.bots[0]!;
    await answer(found.chatId, say(found.language, 'menu.title', { bot: only.userid }), {
      markup: menuKeyboard(found.language, only.userid),
    });
  });

  for (const [command, code] of [
    ['status', 3],
    ['placar', 5],
  ] as const) {
    bot.command(command, async (ctx) => {
      const found = await botsOfChat(ctx);
      if (!found) return;
      if (found.bots.length > 1) {
        await answer(found.chatId, say(found.language, 'menu.choose'), {
          markup: chooserKeyboard(found.bots, `x:${code}`),
        });
        return;
      }
      await runCommand(found.chatId, found.language, found.bots[0]!, code);
    });
  }

  /** The second tap on a verification link's confirmation: yes verifies, no refuses the claim. */
  async function confirmTap(ctx: Context, yes: boolean, token: string) {
    const chatId = chatIdOf(ctx);
    const messageId = ctx.callbackQuery?.message?.message_id;
    if (!chatId || messageId === undefined || !isStartToken(token)) return;
    const language = telegramLanguage(ctx.from?.language_code);
    let text: string;
    if (!yes) {
      const refused = await refuseStartToken(deps.db, token, chatId, deps.now());
      text = refused ? say(language, 'verify.refused', refused) : say(language, 'verify.expired');
    } else {
      const outcome = await redeemStartToken(deps.db, deps.dialect, token, chatId, deps.now());
      if (outcome.result === 'verified') {
        h.robotEvents.emit('change', outcome.botId);
        h.robotEvents.emit('verified', outcome.botId);
        text = say(language, 'verify.ok', { userid: outcome.userid });
      } else if (outcome.result === 'already' || outcome.result === 'taken') {
        text = say(language, outcome.result === 'already' ? 'verify.already' : 'verify.taken', {
          userid: outcome.userid,
        });
      } else {
        text = say(
          language,
          outcome.result === 'wrongChat' ? 'verify.wrongChat' : 'verify.expired',
        );
      }
    }
    // The question is replaced by its answer: its buttons go with it.
    await edit(chatId, messageId, text, { inline_keyboard: [] });
  }

  /** "Não fui eu: retomar o ID": the holding account's bot turns pending, the chat is told. */
  async function takeBackTap(ctx: Context, botId: number) {
    const chatId = chatIdOf(ctx);
    const messageId = ctx.callbackQuery?.message?.message_id;
    if (!chatId || messageId === undefined) return;
    const language = telegramLanguage(ctx.from?.language_code);
    const taken = await takeBack(deps.db, deps.dialect, chatId, botId, deps.now());
    if (taken) h.robotEvents.emit('change', taken.botId);
    const text = taken
      ? say(language, 'takeBack.done', { userid: taken.userid, email: taken.email })
      : say(language, 'takeBack.gone', { userid: chatId });
    await edit(chatId, messageId, text, { inline_keyboard: [] });
  }

  bot.on('callback_query:data', async (ctx) => {
    // Telegram wants the tap acknowledged soon; it is no message and waits for nothing here.
    ctx.answerCallbackQuery().catch(h.onError);
    const tap = /^v([yn]):(.+)$/.exec(ctx.callbackQuery.data);
    if (tap) return confirmTap(ctx, tap[1] === 'y', tap[2]!);
    const back = /^tb:(\d{1,15})$/.exec(ctx.callbackQuery.data);
    if (back) return takeBackTap(ctx, Number(back[1]));
    const found = await botsOfChat(ctx);
    if (!found) return;
    const [what, a, b] = ctx.callbackQuery.data.split(':');
    // Only this chat's bots: a button naming any other id does nothing.
    const mine = (userid: string | undefined) => found.bots.find((x) => x.userid === userid);
    const messageId = ctx.callbackQuery.message?.message_id;
    const chosen = mine(a);
    if (what === 'm' && chosen && messageId !== undefined) {
      await edit(
        found.chatId,
        messageId,
        say(found.language, 'menu.title', { bot: chosen.userid }),
        menuKeyboard(found.language, chosen.userid),
      );
      return;
    }
    const target = mine(b);
    if ((what === 'c' || what === 'x') && target) {
      const code = Number(a);
      if (Number.isInteger(code) && code >= 1 && code <= 16) {
        await runCommand(found.chatId, found.language, target, code as BotCommandCode);
      }
    }
  });

  // Anything else written to the bot (free text, a command it does not have) gets an answer
  // saying what it understands, never silence.
  bot.on('message', async (ctx) => {
    const chatId = chatIdOf(ctx);
    if (!chatId) return;
    const bots = await chatBots(deps.db, chatId);
    const language =
      bots.length > 0
        ? await languageOfChat(deps.db, bots)
        : telegramLanguage(ctx.from?.language_code);
    await answer(chatId, say(language, 'chat.unknown'));
  });
}
