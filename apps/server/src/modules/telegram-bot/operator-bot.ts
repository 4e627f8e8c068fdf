import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { autoRetry } from '@grammyjs/auto-retry';
import { run, type RunnerHandle } from '@grammyjs/runner';
import { BOT_COMMANDS, type BotCommandCode, type Language } from '@app/contract';
import { Api, Bot, InlineKeyboard, type Context } from 'grammy';
import type { Update } from 'grammy/types';
import type { AppDeps } from '../../plugins/context.ts';
import type { BotMessenger } from '../../lib/messenger.ts';
import { queueCommand } from '../bot-commands/bot-commands.service.ts';
import { say, telegramLanguage } from './catalogue.ts';
import { createFeed } from './notify-feed.ts';
import { createDrainer, setChatReachable } from './outbox.ts';
import { chatBots, languageOfChat } from './chat-bots.ts';
import { robotText } from './robot-text.ts';
import { isStartToken, redeemStartToken } from './start-tokens.ts';
import { RobotMessageSchema } from '@app/contract';

/**
 * The operator's Telegram bot, on grammY (https://grammy.dev): `/start` (a deep link's
 * verification token, a seller's `s_<id>`, or nothing: the user's id and the registration link),
 * `/menu` (the bot commands 1–16 as buttons), `/status` and `/placar`; the notification queue's
 * drainer and the activity feed that fills it. Exactly one process receives updates and drains
 * (a lease in `tg_runtime`): long polling with @grammyjs/runner by default, a webhook checked by
 * Telegram's secret-token header when the panel's public address is https.
 */

export interface TelegramBotConfig {
  /** TELEGRAM_BOT_TOKEN. */
  token: string;
  /** TELEGRAM_BOT_API_URL: the Bot API root (tests, a local Bot API server); default Telegram's. */
  apiRoot?: string;
  /**
   * false: nothing runs by itself (tests call pollOnce, drainOnce and feedOnce); default true.
   */
  run?: boolean;
  /** Long-poll timeout of getUpdates, seconds (default 30). */
  pollTimeoutSec?: number;
}

export interface TelegramBotHandle {
  /** The bot's @username once getMe answered, else null. */
  username(): string | null;
  mode: 'polling' | 'webhook';
  /** Waits for getMe (throws when Telegram refused the token). */
  ready(): Promise<void>;
  /** `https://t.me/<bot>?start=<payload>`, or null before getMe answered. */
  deepLink(payload?: string): string | null;
  messenger: BotMessenger;
  /** One getUpdates without waiting, its updates handled; how many there were. */
  pollOnce(): Promise<number>;
  drainOnce(): Promise<number>;
  feedOnce(): Promise<number>;
  /** A webhook request: false when its secret header is wrong. */
  handleWebhook(secretHeader: string | undefined, update: unknown): Promise<boolean>;
  start(): void;
  stop(): Promise<void>;
}

const LEASE_NAME = 'receiver';
const LEASE_MS = 30_000;
const RENEW_MS = 10_000;
const FEED_MS = 2_000;

export interface OperatorBotDeps {
  deps: AppDeps;
  robotEvents: EventEmitter;
  publicUrl: string | null;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** The secret Telegram sends back in X-Telegram-Bot-Api-Secret-Token: derived from the token. */
export function webhookSecret(token: string): string {
  return createHash('sha256').update(`webhook:${token}`).digest('hex').slice(0, 64);
}

/** Where notifications and replies go: a chat id is the bot id of a messaging-app bot. */
function chatIdOf(ctx: Context): string | null {
  return ctx.chat?.type === 'private' ? String(ctx.chat.id) : null;
}

export function createOperatorBot(
  config: TelegramBotConfig,
  o: OperatorBotDeps,
): TelegramBotHandle {
  const { deps } = o;
  const clientOptions = config.apiRoot ? { apiRoot: config.apiRoot.replace(/\/+$/, '') } : {};
  const bot = new Bot(config.token, { client: clientOptions });
  // Replies and one-off calls retry a 429 themselves (briefly); the queue's drainer uses a plain
  // Api so it can pause everything for the retry_after instead of holding one call.
  bot.api.config.use(autoRetry({ maxRetryAttempts: 2, maxDelaySeconds: 5 }));
  const plainApi = new Api(config.token, clientOptions);
  const webhook = o.publicUrl?.startsWith('https://') ?? false;
  const secret = webhookSecret(config.token);
  const owner = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const onError = (err: unknown) =>
    o.log.warn(
      { error: (err as Error)?.name, description: (err as Error)?.message },
      'telegram bot: call failed',
    );

  let initPromise: Promise<void> | null = null;
  const ready = () => {
    initPromise ??= bot.init().catch((err: unknown) => {
      initPromise = null;
      throw err;
    });
    return initPromise;
  };

  const drainer = createDrainer(deps.db, plainApi, deps.now, onError);
  const feed = createFeed(deps, bot.api, onError);

  // Anyone who writes to the bot is reachable again (a chat that had blocked it came back).
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
      const outcome = await redeemStartToken(deps.db, deps.dialect, payload, chatId, deps.now());
      if (outcome.result === 'verified') {
        o.robotEvents.emit('change', outcome.botId);
        o.robotEvents.emit('verified', outcome.botId);
        await ctx.reply(say(language, 'verify.ok', { userid: outcome.userid }));
      } else if (outcome.result === 'already') {
        await ctx.reply(say(language, 'verify.already', { userid: outcome.userid }));
      } else if (outcome.result === 'taken') {
        await ctx.reply(say(language, 'verify.taken', { userid: outcome.userid }));
      } else {
        await ctx.reply(
          say(language, outcome.result === 'wrongChat' ? 'verify.wrongChat' : 'verify.expired'),
        );
      }
      return;
    }
    const seller = /^s_([A-Za-z0-9_-]{1,60})$/.exec(payload)?.[1];
    if (!o.publicUrl) {
      await ctx.reply(say(language, 'start.helloNoLink', { id: chatId }));
      return;
    }
    const link = new URL('/cadastrar', `${o.publicUrl}/`);
    link.searchParams.set('userid', chatId);
    if (seller) link.searchParams.set('sellerid', seller);
    await ctx.reply(say(language, 'start.hello', { id: chatId, link: link.toString() }), {
      link_preview_options: { is_disabled: true },
    });
  });

  /** The chat's verified bots, or a reply saying there is none. */
  async function botsOfChat(ctx: Context) {
    const chatId = chatIdOf(ctx);
    if (!chatId) return null;
    const bots = await chatBots(deps.db, chatId);
    if (bots.length === 0) {
      await ctx.reply(say(telegramLanguage(ctx.from?.language_code), 'menu.notVerified'));
      return null;
    }
    return { chatId, bots, language: await languageOfChat(deps.db, bots) };
  }

  function menuKeyboard(language: Language, userid: string): InlineKeyboard {
    const kb = new InlineKeyboard();
    for (const code of Object.keys(BOT_COMMANDS).map(Number) as BotCommandCode[]) {
      kb.text(say(language, `cmd.${code}` as 'cmd.1'), `c:${code}:${userid}`);
      if (code % 2 === 0) kb.row();
    }
    return kb;
  }

  function chooserKeyboard(bots: { userid: string }[], then: string): InlineKeyboard {
    const kb = new InlineKeyboard();
    for (const b of bots) kb.text(b.userid, `${then}:${b.userid}`).row();
    return kb;
  }

  /** Queues command `code` for `userid` and answers with the robot's reply once it settles. */
  async function runCommand(
    ctx: Context,
    language: Language,
    userid: string,
    code: BotCommandCode,
  ) {
    const botId = await queueCommand(deps, { userid, botCmd: code });
    o.robotEvents.emit('queued', botId);
    const sent = await ctx.reply(
      `${say(language, `cmd.${code}` as 'cmd.1')} — ${userid}\n${say(language, 'menu.queued')}`,
    );
    await feed.awaitReply(
      botId,
      Number(sent.chat.id),
      sent.message_id,
      language,
      `${say(language, `cmd.${code}` as 'cmd.1')} — ${userid}`,
    );
  }

  bot.command('menu', async (ctx) => {
    const found = await botsOfChat(ctx);
    if (!found) return;
    if (found.bots.length > 1) {
      await ctx.reply(say(found.language, 'menu.choose'), {
        reply_markup: chooserKeyboard(found.bots, 'm'),
      });
      return;
    }
    const only = found.bots[0]!;
    await ctx.reply(say(found.language, 'menu.title', { bot: only.userid }), {
      reply_markup: menuKeyboard(found.language, only.userid),
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
        await ctx.reply(say(found.language, 'menu.choose'), {
          reply_markup: chooserKeyboard(
            found.bots.map((b) => ({ userid: b.userid })),
            `x:${code}`,
          ),
        });
        return;
      }
      await runCommand(ctx, found.language, found.bots[0]!.userid, code);
    });
  }

  bot.on('callback_query:data', async (ctx) => {
    const found = await botsOfChat(ctx);
    await ctx.answerCallbackQuery();
    if (!found) return;
    const data = ctx.callbackQuery.data;
    const [what, a, b] = data.split(':');
    // Only this chat's bots: a button naming any other id does nothing.
    const mine = (userid: string | undefined) => found.bots.some((x) => x.userid === userid);
    if (what === 'm' && mine(a)) {
      await ctx.editMessageText(say(found.language, 'menu.title', { bot: a! }), {
        reply_markup: menuKeyboard(found.language, a!),
      });
    } else if ((what === 'c' || what === 'x') && mine(b)) {
      const code = Number(a);
      if (Number.isInteger(code) && code >= 1 && code <= 16) {
        await runCommand(ctx, found.language, b!, code as BotCommandCode);
      }
    }
  });

  bot.catch((err) => onError(err.error));

  const messenger: BotMessenger = {
    async sendVerificationCode(userid, code, language) {
      await bot.api.sendMessage(userid, say(language, 'verify.code', { code }));
    },
  };

  // ---- The receiver: one process, by lease ----
  let runner: RunnerHandle | null = null;
  let timers: NodeJS.Timeout[] = [];
  let holding = false;
  let stopped = false;
  let pollOffset = 0;

  async function takeLease(): Promise<boolean> {
    const now = deps.now();
    await deps.db
      .insertInto('tg_runtime')
      .values({ name: LEASE_NAME, owner, expires_at: now + LEASE_MS, value: null })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ owner, expires_at: now + LEASE_MS })
          .where((eb) =>
            eb.or([
              eb('tg_runtime.owner', '=', owner),
              eb('tg_runtime.expires_at', '<', now),
              eb('tg_runtime.owner', 'is', null),
            ]),
          ),
      )
      .execute();
    const row = await deps.db
      .selectFrom('tg_runtime')
      .select('owner')
      .where('name', '=', LEASE_NAME)
      .executeTakeFirst();
    return row?.owner === owner;
  }

  async function beginReceiving(): Promise<void> {
    await ready();
    if (webhook) {
      await bot.api.setWebhook(`${o.publicUrl}/api/telegram/webhook`, {
        secret_token: secret,
        allowed_updates: ['message', 'callback_query'],
      });
      return;
    }
    await bot.api.deleteWebhook();
    runner = run(bot, {
      runner: {
        fetch: {
          timeout: config.pollTimeoutSec ?? 30,
          allowed_updates: ['message', 'callback_query'],
        },
        silent: true,
      },
    });
  }

  async function tick(): Promise<void> {
    if (stopped) return;
    try {
      const mine = await takeLease();
      if (mine && !holding) {
        holding = true;
        await beginReceiving();
      } else if (!mine && holding) {
        holding = false;
        if (runner?.isRunning()) await runner.stop();
        runner = null;
      }
    } catch (err) {
      holding = false;
      onError(err);
    }
  }

  function loop(fn: () => Promise<unknown>, everyMs: number): void {
    const go = () => {
      if (stopped) return;
      const next = () => {
        if (!stopped) timers.push(setTimeout(go, everyMs).unref());
      };
      if (!holding) return next();
      fn().then(next, (err: unknown) => {
        onError(err);
        next();
      });
    };
    go();
  }

  return {
    username: () => (bot.isInited() ? bot.botInfo.username : null),
    mode: webhook ? 'webhook' : 'polling',
    ready,
    deepLink(payload) {
      if (!bot.isInited()) return null;
      const link = `https://t.me/${bot.botInfo.username}`;
      return payload ? `${link}?start=${payload}` : link;
    },
    messenger,
    async pollOnce() {
      await ready();
      const updates = await bot.api.getUpdates({ offset: pollOffset, timeout: 0 });
      for (const u of updates) {
        pollOffset = u.update_id + 1;
        await bot.handleUpdate(u);
      }
      return updates.length;
    },
    drainOnce: () => drainer.drainOnce(),
    feedOnce: () => feed.feedOnce(),
    async handleWebhook(secretHeader, update) {
      const given = Buffer.from(secretHeader ?? '', 'utf8');
      const wanted = Buffer.from(secret, 'utf8');
      if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return false;
      await ready();
      await bot.handleUpdate(update as Update);
      return true;
    },
    start() {
      if (config.run === false) return;
      stopped = false;
      ready().catch((err: unknown) =>
        o.log.error({ error: (err as Error).message }, 'telegram bot: getMe failed (token?)'),
      );
      const renew = () => {
        void tick().finally(() => {
          if (!stopped) timers.push(setTimeout(renew, RENEW_MS).unref());
        });
      };
      renew();
      loop(async () => {
        await drainer.drainOnce();
      }, 250);
      loop(() => feed.feedOnce(), FEED_MS);
    },
    async stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      timers = [];
      if (runner?.isRunning()) await runner.stop();
      runner = null;
      if (holding) {
        holding = false;
        await deps.db
          .updateTable('tg_runtime')
          .set({ owner: null, expires_at: 0 })
          .where('name', '=', LEASE_NAME)
          .where('owner', '=', owner)
          .execute()
          .catch(() => undefined);
      }
    },
  };
}

/** Parses a stored command reply (JSON text) for the chat. */
export function replyOf(stored: string | null, language: Language): string | null {
  if (stored === null) return null;
  try {
    const parsed = RobotMessageSchema.safeParse(JSON.parse(stored));
    if (parsed.success) return robotText(language, parsed.data);
  } catch {
    // not JSON
  }
  return robotText(language, { key: 'robot.reply.failed', params: {} });
}
