import {
  endpoints,
  ErrorCode,
  supportedLanguage,
  TELEGRAM_NOTIFY_KINDS,
  type Language,
  type TelegramKinds,
} from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { fromDbBool } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { botIdOf } from '../../lib/owned-bot.ts';
import { panelLanguage } from '../../lib/panel-language.ts';
import { route } from '../../plugins/route.ts';
import { chatsOfBots } from './chat-bots.ts';
import type { TelegramBotHandle } from '../../plugins/context.ts';
import { issueStartToken } from './start-tokens.ts';

/**
 * The language the trader's panel shows, as its request carries it: `?lng=` or the `i18next`
 * cookie, which the panel writes with the language it displays (apps/web/src/i18n/
 * detect-language.ts). Undefined without either: an Accept-Language alone is a browser's or a
 * client's default, not the trader's choice, and never changes a stored language.
 */
function languageChosen(req: FastifyRequest): Language | undefined {
  const query = req.query as Record<string, unknown> | undefined;
  const lng = typeof query?.lng === 'string' ? query.lng : undefined;
  return (
    (lng && supportedLanguage(lng)) ||
    (req.cookies.i18next && supportedLanguage(req.cookies.i18next)) ||
    undefined
  );
}

/**
 * Stores the bot's notification preferences. Its language is the chosen one when the request
 * shows it; a bot seen for the first time without one starts with the request's best guess
 * (Accept-Language, else pt-BR), which only a choice replaces later.
 */
async function savePrefs(
  db: Kysely<Database>,
  req: FastifyRequest,
  botId: number,
  values: { off_kinds?: string } = {},
): Promise<void> {
  const chosen = languageChosen(req);
  const update = {
    ...(chosen ? { language: chosen } : {}),
    ...(values.off_kinds !== undefined ? { off_kinds: values.off_kinds } : {}),
  };
  await db
    .insertInto('tg_bot_prefs')
    .values({
      bot_id: botId,
      language: chosen ?? panelLanguage(req),
      off_kinds: values.off_kinds ?? '',
    })
    .onConflict((oc) =>
      Object.keys(update).length > 0
        ? oc.column('bot_id').doUpdateSet(update)
        : oc.column('bot_id').doNothing(),
    )
    .execute();
}

/** Webhook bodies are single updates: a few KiB. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * The panel's side of the operator's Telegram bot (the link that verifies by a tap, the
 * notification switches) and Telegram's webhook. `bot` is null when no token is configured.
 */
export function telegramBotRoutes(app: FastifyInstance, bot: TelegramBotHandle | null): void {
  const { db } = app.deps;

  route(app, endpoints.telegramVerifyLink, async ({ body, req, deps }) => {
    const botId = await botIdOf(deps, body.userid);
    const row = await db
      .selectFrom('bots')
      .select(['verified', 'virtual'])
      .where('id', '=', botId)
      .executeTakeFirstOrThrow();
    await savePrefs(db, req, botId);
    if (!bot || bot.username() === null || fromDbBool(row.verified) || fromDbBool(row.virtual)) {
      return { url: null };
    }
    const token = await issueStartToken(db, botId, deps.now());
    return { url: bot.deepLink(token) };
  });

  route(app, endpoints.telegramNotifications, async ({ query, req, deps }) => {
    const botId = await botIdOf(deps, query.userid);
    // The panel's language now is the one its notifications are written in.
    await savePrefs(db, req, botId);
    const prefs = await db
      .selectFrom('tg_bot_prefs')
      .select('off_kinds')
      .where('bot_id', '=', botId)
      .executeTakeFirst();
    const off = new Set((prefs?.off_kinds ?? '').split(','));
    const kinds = Object.fromEntries(
      TELEGRAM_NOTIFY_KINDS.map((k) => [k, !off.has(k)]),
    ) as TelegramKinds;
    const chat = (await chatsOfBots(db, [botId])).get(botId);
    const state = chat
      ? await db
          .selectFrom('tg_chats')
          .select('unreachable_at')
          .where('chat_id', '=', chat.chatId)
          .executeTakeFirst()
      : undefined;
    return { kinds, reachable: state?.unreachable_at == null, configured: bot !== null };
  });

  route(app, endpoints.saveTelegramNotifications, async ({ body, req, deps }) => {
    const botId = await botIdOf(deps, body.userid);
    const off = TELEGRAM_NOTIFY_KINDS.filter((k) => !body.kinds[k]).join(',');
    await savePrefs(db, req, botId, { off_kinds: off });
    return { ok: true as const };
  });

  if (!bot) return;
  // Telegram calling, not the panel: no session, no Origin; the secret-token header Telegram
  // sends back (set with setWebhook) authenticates it.
  void app.register(async (scope) => {
    scope.post('/api/telegram/webhook', { bodyLimit: WEBHOOK_BODY_LIMIT }, async (req) => {
      const header = req.headers['x-telegram-bot-api-secret-token'];
      const outcome = await bot.handleWebhook(
        typeof header === 'string' ? header : undefined,
        req.body,
      );
      if (outcome === 'unauthorized') throw new HttpError(401, ErrorCode.unauthenticated);
      if (outcome === 'invalid') throw new HttpError(400, ErrorCode.invalidInput);
      // A duplicate is answered like the first delivery: Telegram must not send it again.
      return { ok: true };
    });
  });
}
