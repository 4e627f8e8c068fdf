import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Telegram Bot API (https://core.telegram.org/bots/api) for tests, reached through
 * `TELEGRAM_BOT_API_URL`: `POST /bot<token>/<method>` with a JSON or form body, answering
 * `{ ok: true, result }` or Telegram's error shape `{ ok: false, error_code, description,
 * parameters? }`. It plays what our bot relies on:
 *
 * - `getMe`; a wrong token answers 401 "Unauthorized", like Telegram;
 * - `getUpdates` with `offset` (updates below it are confirmed and forgotten), `limit` and
 *   `timeout` (long polling: the call waits until an update arrives or the timeout passes); 409
 *   "Conflict" while a webhook is set, as Telegram answers;
 * - `setWebhook` / `deleteWebhook` / `getWebhookInfo` (the `secret_token` is kept so a test can
 *   post updates to our webhook with the header Telegram sends);
 * - `sendMessage`, `editMessageText`, `answerCallbackQuery`, `setMyCommands`;
 * - 429 "Too Many Requests: retry after N" with `parameters.retry_after` (on demand, or when a
 *   chat gets more than one message a second or the bot more than 30 a second, the limits
 *   https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this names);
 * - 403 "Forbidden: bot was blocked by the user" for a chat that blocked the bot.
 */

export interface FakeUser {
  id: number;
  first_name?: string;
  language_code?: string;
}

export interface SentMessage {
  message_id: number;
  chat_id: number;
  text: string;
  reply_markup?: unknown;
  /** The fake's clock when it was accepted. */
  at: number;
  /** Edits replace `text`; this keeps the count. */
  edits: number;
}

export interface ApiCall {
  method: string;
  params: Record<string, unknown>;
}

interface Waiter {
  resolve: () => void;
}

export interface FakeBotApiOptions {
  token?: string;
  username?: string;
  /** The fake's clock for the rate limits (default Date.now). */
  now?: () => number;
  /** Enforce Telegram's limits (1/s per chat, 30/s overall) with 429s. Default off. */
  enforceLimits?: boolean;
}

export interface FakeBotApi {
  /** The API root to configure: `TELEGRAM_BOT_API_URL`. */
  url: string;
  token: string;
  username: string;
  /** Every message the bot sent, in order. */
  sent: SentMessage[];
  /** Every method call, in order. */
  calls: ApiCall[];
  /** Answers of `answerCallbackQuery`. */
  callbackAnswers: { callback_query_id: string; text?: string }[];
  webhook: { url: string; secret_token?: string } | null;
  /** Queues an update as Telegram would, delivering it to a waiting long poll; returns its id. */
  pushUpdate(update: Record<string, unknown>): number;
  /** A private-chat text message from `user` (a `/command` carries its bot_command entity). */
  sendText(user: FakeUser, text: string): number;
  /** The user presses an inline button of a message the bot sent. */
  pressButton(user: FakeUser, message: SentMessage, data: string): number;
  /** The user blocks the bot: sending to that chat answers 403. */
  block(chatId: number): void;
  unblock(chatId: number): void;
  /** The next `count` sendMessage calls answer 429 with this retry_after (seconds). */
  floodNext(count: number, retryAfter: number): void;
  /** Messages sent to one chat, texts only. */
  textsTo(chatId: number): string[];
  /** Updates not yet confirmed by an offset. */
  pending(): number;
  close(): Promise<void>;
}

function apiError(res: ServerResponse, code: number, description: string, parameters?: object) {
  res.writeHead(code, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      ok: false,
      error_code: code,
      description,
      ...(parameters ? { parameters } : {}),
    }),
  );
}

function ok(res: ServerResponse, result: unknown) {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ ok: true, result }));
}

function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://fake');
      const params: Record<string, unknown> = Object.fromEntries(url.searchParams);
      const type = String(req.headers['content-type'] ?? '');
      if (raw && type.includes('json')) Object.assign(params, JSON.parse(raw) as object);
      else if (raw && type.includes('x-www-form-urlencoded')) {
        for (const [k, v] of new URLSearchParams(raw)) params[k] = v;
      }
      resolve(params);
    });
  });
}

export async function startFakeBotApi(options: FakeBotApiOptions = {}): Promise<FakeBotApi> {
  const token = options.token ?? '123456:TEST-token';
  const username = options.username ?? 'CopyBotTestBot';
  const now = options.now ?? Date.now;
  const botId = Number(token.split(':')[0]);
  const updates: { update_id: number; [k: string]: unknown }[] = [];
  let nextUpdateId = 1000;
  let nextMessageId = 1;
  let nextCallbackId = 1;
  const waiters = new Set<Waiter>();
  const blocked = new Set<number>();
  let flood: { count: number; retryAfter: number } | null = null;
  const lastPerChat = new Map<number, number>();
  const recentAll: number[] = [];

  const fake: FakeBotApi = {
    url: '',
    token,
    username,
    sent: [],
    calls: [],
    callbackAnswers: [],
    webhook: null,
    pushUpdate(update) {
      const update_id = nextUpdateId++;
      updates.push({ update_id, ...update });
      for (const w of [...waiters]) w.resolve();
      return update_id;
    },
    sendText(user, text) {
      const command = /^\/\w+/.exec(text);
      return fake.pushUpdate({
        message: {
          message_id: nextMessageId++,
          from: { is_bot: false, first_name: 'Trader', ...user },
          chat: { id: user.id, type: 'private', first_name: user.first_name ?? 'Trader' },
          date: Math.floor(now() / 1000),
          text,
          ...(command
            ? { entities: [{ type: 'bot_command', offset: 0, length: command[0].length }] }
            : {}),
        },
      });
    },
    pressButton(user, message, data) {
      return fake.pushUpdate({
        callback_query: {
          id: String(nextCallbackId++),
          from: { is_bot: false, first_name: 'Trader', ...user },
          chat_instance: `ci${user.id}`,
          data,
          message: {
            message_id: message.message_id,
            from: { id: botId, is_bot: true, first_name: 'CopyBot', username },
            chat: { id: message.chat_id, type: 'private' },
            date: Math.floor(message.at / 1000),
            text: message.text,
          },
        },
      });
    },
    block: (chatId) => void blocked.add(chatId),
    unblock: (chatId) => void blocked.delete(chatId),
    floodNext(count, retryAfter) {
      flood = { count, retryAfter };
    },
    textsTo: (chatId) => fake.sent.filter((m) => m.chat_id === chatId).map((m) => m.text),
    pending: () => updates.length,
    close: async () => {},
  };

  /** Rate check of one outgoing message; answers the 429 itself and returns false when over. */
  function withinLimits(res: ServerResponse, chatId: number): boolean {
    if (flood && flood.count > 0) {
      flood.count -= 1;
      apiError(res, 429, `Too Many Requests: retry after ${flood.retryAfter}`, {
        retry_after: flood.retryAfter,
      });
      return false;
    }
    if (!options.enforceLimits) return true;
    const t = now();
    while (recentAll.length > 0 && (recentAll[0] ?? 0) <= t - 1000) recentAll.shift();
    const last = lastPerChat.get(chatId);
    if ((last !== undefined && t - last < 1000) || recentAll.length >= 30) {
      apiError(res, 429, 'Too Many Requests: retry after 1', { retry_after: 1 });
      return false;
    }
    lastPerChat.set(chatId, t);
    recentAll.push(t);
    return true;
  }

  async function getUpdates(params: Record<string, unknown>): Promise<unknown[]> {
    const offset = Number(params.offset ?? 0);
    // Confirmed updates are forgotten (a negative offset counts from the end; unused here).
    if (offset > 0)
      while (updates.length > 0 && (updates[0]?.update_id ?? 0) < offset) updates.shift();
    const limit = Math.min(Math.max(Number(params.limit ?? 100), 1), 100);
    const timeoutSec = Number(params.timeout ?? 0);
    if (updates.length === 0 && timeoutSec > 0) {
      await new Promise<void>((resolve) => {
        const waiter: Waiter = {
          resolve: () => {
            clearTimeout(timer);
            waiters.delete(waiter);
            resolve();
          },
        };
        const timer = setTimeout(waiter.resolve, timeoutSec * 1000);
        waiters.add(waiter);
      });
    }
    return updates.slice(0, limit);
  }

  const server = createServer((req, res) => {
    void (async () => {
      const params = await readBody(req);
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(new URL(req.url ?? '/', 'http://fake').pathname);
      if (!match) return apiError(res, 404, 'Not Found');
      if (match[1] !== token) return apiError(res, 401, 'Unauthorized');
      const method = match[2] ?? '';
      fake.calls.push({ method, params });
      const chatId = Number(params.chat_id);
      switch (method) {
        case 'getMe':
          return ok(res, {
            id: botId,
            is_bot: true,
            first_name: 'CopyBot',
            username,
            can_join_groups: true,
            can_read_all_group_messages: false,
            supports_inline_queries: false,
            can_connect_to_business: false,
            has_main_web_app: false,
          });
        case 'getUpdates':
          if (fake.webhook) {
            return apiError(
              res,
              409,
              "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
            );
          }
          return ok(res, await getUpdates(params));
        case 'setWebhook':
          fake.webhook = {
            url: String(params.url),
            ...(params.secret_token ? { secret_token: String(params.secret_token) } : {}),
          };
          return ok(res, true);
        case 'deleteWebhook':
          fake.webhook = null;
          if (params.drop_pending_updates === true || params.drop_pending_updates === 'true') {
            updates.length = 0;
          }
          return ok(res, true);
        case 'getWebhookInfo':
          return ok(res, {
            url: fake.webhook?.url ?? '',
            has_custom_certificate: false,
            pending_update_count: updates.length,
          });
        case 'setMyCommands':
          return ok(res, true);
        case 'sendMessage': {
          if (!Number.isFinite(chatId) || typeof params.text !== 'string' || params.text === '') {
            return apiError(res, 400, 'Bad Request: message text is empty');
          }
          if (blocked.has(chatId))
            return apiError(res, 403, 'Forbidden: bot was blocked by the user');
          if (!withinLimits(res, chatId)) return;
          const markup =
            typeof params.reply_markup === 'string'
              ? (JSON.parse(params.reply_markup) as unknown)
              : params.reply_markup;
          const message: SentMessage = {
            message_id: nextMessageId++,
            chat_id: chatId,
            text: params.text,
            ...(markup ? { reply_markup: markup } : {}),
            at: now(),
            edits: 0,
          };
          fake.sent.push(message);
          return ok(res, {
            message_id: message.message_id,
            from: { id: botId, is_bot: true, first_name: 'CopyBot', username },
            chat: { id: chatId, type: 'private' },
            date: Math.floor(message.at / 1000),
            text: message.text,
            ...(markup ? { reply_markup: markup } : {}),
          });
        }
        case 'editMessageText': {
          const message = fake.sent.find(
            (m) => m.chat_id === chatId && m.message_id === Number(params.message_id),
          );
          if (!message) return apiError(res, 400, 'Bad Request: message to edit not found');
          if (blocked.has(chatId))
            return apiError(res, 403, 'Forbidden: bot was blocked by the user');
          if (message.text === params.text) {
            return apiError(
              res,
              400,
              'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
            );
          }
          message.text = String(params.text);
          message.edits += 1;
          return ok(res, {
            message_id: message.message_id,
            chat: { id: chatId, type: 'private' },
            date: Math.floor(now() / 1000),
            text: message.text,
          });
        }
        case 'answerCallbackQuery':
          fake.callbackAnswers.push({
            callback_query_id: String(params.callback_query_id),
            ...(params.text ? { text: String(params.text) } : {}),
          });
          return ok(res, true);
        default:
          return apiError(res, 404, 'Not Found: method not found');
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  fake.close = () =>
    new Promise<void>((resolve, reject) => {
      for (const w of [...waiters]) w.resolve();
      server.closeAllConnections();
      server.close((err) => (err ? reject(err) : resolve()));
    });
  return fake;
}
