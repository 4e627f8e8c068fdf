import { endpoints, TELEGRAM_NOTIFY_KINDS, type Language, type TelegramKinds } from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { fromDbBool } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { botIdOf } from '../../lib/owned-bot.ts';
import { panelLanguage } from '../../lib/panel-language.ts';
import { route } from '../../plugins/route.ts';
import { chatsOfBots } from './chat-bots.ts';
import type { TelegramBotHandle } from './operator-bot.ts';
import { issueStartToken } from './start-tokens.ts';

/**
 * The panel's language when the request shows one (its `i18next` cookie, `?lng=` or
 * Accept-Language); undefined otherwise, and the stored one stays.
 */
function languageShown(req: FastifyRequest): Language | undefined {
  const query = req.query as Record<string, unknown> | undefined;
  const shown =
    req.cookies.i18next !== undefined ||
    typeof query?.lng === 'string' ||
    req.headers['accept-language'] !== undefined;
  return shown ? panelLanguage(req) : undefined;
}

/** Webhook bodies are single updates: a few KiB. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

async function savePrefs(
  db: Kysely<Database>,
  botId: number,
  values: { language?: Language | undefined; off_kinds?: string },
): Promise<void> {
  const update = {
    ...(values.language ? { language: values.language } : {}),
    ...(values.off_kinds !== undefined ? { off_kinds: values.off_kinds } : {}),
  };
  await db
    .insertInto('tg_bot_prefs')
    .values({
      bot_id: botId,
      language: values.language ?? 'pt-BR',
      off_kinds: values.off_kinds ?? '',
    })
    .onConflict((oc) =>
      Object.keys(update).length > 0
        ? oc.column('bot_id').doUpdateSet(update)
        : oc.column('bot_id').doNothing(),
    )
    .execute();
}

/**
 * The panel's side of the operator's Telegram bot (the link that verifies by a tap, the
 * notification switches) and Telegram's webhook. `bot` is null when no token is configured.
 */
export function telegramBotRoutes(app: FastifyInstance, bot: TelegramBotHandle | null): void {
  const { db } = app.deps;

  route(app, endpoints.telegramVerifyLink, async ({ body, req }) => {
    const botId = await botIdOf(app.deps, body.userid);
    const row = await db
      .selectFrom('bots')
      .select(['verified', 'virtual'])
      .where('id', '=', botId)
      .executeTakeFirstOrThrow();
    await savePrefs(db, botId, { language: languageShown(req) });
    if (!bot || bot.username() === null || fromDbBool(row.verified) || fromDbBool(row.virtual)) {
      return { url: null };
    }
    const token = await issueStartToken(db, botId, app.deps.now());
    return { url: bot.deepLink(token) };
  });

  route(app, endpoints.telegramNotifications, async ({ query, req }) => {
    const botId = await botIdOf(app.deps, query.userid);
    // The panel's language now is the one its notifications are written in.
    await savePrefs(db, botId, { language: languageShown(req) });
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

  route(app, endpoints.saveTelegramNotifications, async ({ body, req }) => {
    const botId = await botIdOf(app.deps, body.userid);
    const off = TELEGRAM_NOTIFY_KINDS.filter((k) => !body.kinds[k]).join(',');
    await savePrefs(db, botId, { language: languageShown(req), off_kinds: off });
    return { ok: true as const };
  });

  if (!bot) return;
  // Telegram calling, not the panel: no session, no Origin; the secret-token header Telegram
  // sends back (set with setWebhook) authenticates it.
  void app.register(async (scope) => {
    scope.post('/api/telegram/webhook', { bodyLimit: WEBHOOK_BODY_LIMIT }, async (req, reply) => {
      const header = req.headers['x-telegram-bot-api-secret-token'];
      const accepted = await bot.handleWebhook(
        typeof header === 'string' ? header : undefined,
        req.body,
      );
      if (!accepted) return reply.code(401).send({ ok: false });
      return { ok: true };
    });
  });
}
