import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A local Telegram Bot API (https://core.telegram.org/bots/api) for tests, reached through
 * `TELEGRAM_BOT_API_URL`: `POST /bot<token>/<method>` with a JSON or form body, answering
 * `{ ok: true, result }` or Telegram's error shape `{ ok: false, error_code, description,
 * parameters? }`. It plays what our bot relies on, and fails the way Telegram does:
 *
 * - `getMe`; a wrong or revoked token (BotFather's /revoke) answers 401 "Unauthorized" to every
 *   call;
 * - `getUpdates` with `offset` (updates below it are confirmed and forgotten), `limit` and
 *   `timeout` (long polling: the call waits until an update arrives or the timeout passes); a
 *   second poller terminates the first one's waiting call with 409 "Conflict: terminated by other
 *   getUpdates request…", and another instance polling elsewhere (`otherPoller`) makes every
 *   call of ours end so; 409 "Conflict: can't use getUpdates method while webhook is active…"
 *   while a webhook is set;
 * - `setWebhook` (an https URL only, else 400 "bad webhook") / `deleteWebhook` /
 *   `getWebhookInfo` (the `secret_token` is kept so a test can post updates to our webhook with
 *   the header Telegram sends);
 * - `sendMessage`, `editMessageText`, `answerCallbackQuery`, `setMyCommands`, with Telegram's
 *   refusals: 400 "chat not found" for a user who never wrote to the bot (a bot cannot start a
 *   conversation), 403 "bot was blocked by the user", 400 "message is too long" above 4096
 *   characters, 400 "BUTTON_DATA_INVALID" for callback data outside 1–64 bytes, 400 "message
 *   to edit not found" / "message is not modified", 400 "query is too old… or query ID is
 *   invalid" for a callback answered twice or never sent;
 * - 429 "Too Many Requests: retry after N" with `parameters.retry_after` (on demand, or when a
 *   chat gets more than one message a second or the bot more than 30 a second, the limits
 *   https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this names);
 * - 5xx on demand: Telegram's JSON `{ ok: false, error_code: 500 }`, or the HTML page its front
 *   proxy answers a 502/504 with (not JSON at all);
 * - a network that is down (every connection reset, as a dropped link or a refused port look to
 *   the client) or that hangs (requests accepted, never answered, as a black-holed route).
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
  /** Ends the waiting call with 409 and this description: another poller, or a webhook, took over. */
  conflict: (description?: string) => void;
}

/** How the network between the bot and this fake behaves. */
export type FakeNetwork = 'up' | 'down' | 'hang';

export interface ServerErrorOptions {
  /** Only calls of this method (default: any). */
  method?: string;
  /** HTTP status (default 500). */
  status?: number;
  /** The front proxy's HTML page instead of Telegram's JSON (what a 502/504 looks like). */
  html?: boolean;
}

export interface FakeBotApiOptions {
  token?: string;
  username?: string;
  /** The fake's clock for the rate limits (default Date.now). */
  now?: () => number;
  /** Enforce Telegram's limits (1/s per chat, 30/s overall) with 429s. Default off. */
  enforceLimits?: boolean;
  /**
   * Chats the bot may write to from the start, as if their users had pressed Start before
   * (`'any'`: every chat, for benchmarks of the queue alone). Others answer 400 "chat not found"
   * until their user writes to the bot (any update from them) or `startChat`.
   */
  startedChats?: 'any' | number[];
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
  /** These users pressed Start (or wrote) before: the bot may write to them. */
  startChat(...chatIds: number[]): void;
  /** The network from now on (see FakeNetwork); calls in flight fail or hang accordingly. */
  setNetwork(mode: FakeNetwork): void;
  /** BotFather's /revoke: the token stops working, every call answers 401. */
  revokeToken(): void;
  /** The next `count` calls (of `options.method`, or any) answer a 5xx. */
  failNext(count: number, options?: ServerErrorOptions): void;
  /**
   * Another instance polls with the same token until `untilMs` on the fake's clock (null: no
   * more): each getUpdates of ours is terminated with 409 as Telegram does.
   */
  otherPoller(untilMs: number | null): void;
  /** getUpdates calls answered 409 so far. */
  conflicts(): number;
  close(): Promise<void>;
}

/** Telegram's limits on what a message may carry (Bot API: sendMessage, InlineKeyboardButton). */
export const MAX_TEXT_LENGTH = 4096;
export const MAX_CALLBACK_DATA_BYTES = 64;

const TERMINATED =
  'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running';

/** The refusal Telegram gives a message's text or buttons, or null when it would take them. */
function contentProblem(text: unknown, markup: unknown): string | null {
  if (typeof text !== 'string' || text === '') return 'Bad Request: message text is empty';
  if (text.length > MAX_TEXT_LENGTH) return 'Bad Request: message is too long';
  const rows = (markup as { inline_keyboard?: unknown } | undefined)?.inline_keyboard;
  if (rows === undefined) return null;
  if (!Array.isArray(rows)) return 'Bad Request: inline keyboard expected';
  for (const row of rows as unknown[]) {
    for (const button of Array.isArray(row) ? (row as Record<string, unknown>[]) : []) {
      const data = button.callback_data;
      if (data === undefined) continue;
      const bytes = typeof data === 'string' ? Buffer.byteLength(data, 'utf8') : 0;
      if (bytes < 1 || bytes > MAX_CALLBACK_DATA_BYTES) return 'Bad Request: BUTTON_DATA_INVALID';
    }
  }
  return null;
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

/** A JSON-encoded parameter (form bodies carry objects as JSON text) as its value. */
function decoded(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

export async function startFakeBotApi(options: FakeBotApiOptions = {}): Promise<FakeBotApi> {
  let token = options.token ?? '123456:TEST-token';
  const username = options.username ?? 'CopyBotTestBot';
  const now = options.now ?? Date.now;
  const botId = Number(token.split(':')[0]);
  const updates: { update_id: number; [k: string]: unknown }[] = [];
  let nextUpdateId = 1000;
  let nextMessageId = 1;
  let nextCallbackId = 1;
  const waiters = new Set<Waiter>();
  const blocked = new Set<number>();
  const anyChat = options.startedChats === 'any';
  const started = new Set<number>(Array.isArray(options.startedChats) ? options.startedChats : []);
  const openCallbacks = new Set<string>();
  let flood: { count: number; retryAfter: number } | null = null;
  let failures: { count: number; options: ServerErrorOptions } | null = null;
  let otherPollerUntil: number | null = null;
  let conflicts = 0;
  let network: FakeNetwork = 'up';
  const sockets = new Set<Socket>();
  /** Answers not given while the network hangs: they never arrive. */
  const held = new Set<ServerResponse>();
  const lastPerChat = new Map<number, number>();
  const recentAll: number[] = [];

  function dropAll(): void {
    for (const res of held) res.destroy();
    held.clear();
    for (const socket of sockets) socket.destroy();
  }

  /** Sends an answer unless the network hangs (then it is held for ever). */
  function send(res: ServerResponse, status: number, body: string, type = 'application/json') {
    if (network === 'hang') {
      held.add(res);
      return;
    }
    res.writeHead(status, { 'content-type': type });
    res.end(body);
  }
  function apiError(res: ServerResponse, code: number, description: string, parameters?: object) {
    send(
      res,
      code,
      JSON.stringify({
        ok: false,
        error_code: code,
        description,
        ...(parameters ? { parameters } : {}),
      }),
    );
  }
  function ok(res: ServerResponse, result: unknown) {
    send(res, 200, JSON.stringify({ ok: true, result }));
  }

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
      // Whoever writes to the bot (a message, a button) has started a conversation with it.
      for (const part of Object.values(update)) {
        const from = (part as { from?: { id?: unknown } } | null)?.from?.id;
        if (typeof from === 'number') started.add(from);
      }
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
      const id = String(nextCallbackId++);
      openCallbacks.add(id);
      return fake.pushUpdate({
        callback_query: {
          id,
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
    startChat: (...ids) => ids.forEach((id) => started.add(id)),
    setNetwork(mode) {
      const was = network;
      network = mode;
      // A link that drops or stops answering takes what was in flight with it.
      if (mode !== 'up' || was === 'hang') dropAll();
    },
    revokeToken() {
      token = `${botId}:revoked-${nextMessageId}`;
      fake.token = token;
    },
    failNext(count, errorOptions = {}) {
      failures = { count, options: errorOptions };
    },
    otherPoller(untilMs) {
      otherPollerUntil = untilMs;
      // Its first call terminates ours at once, as a second poller's does.
      if (untilMs !== null) for (const w of [...waiters]) w.conflict();
    },
    conflicts: () => conflicts,
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

  /** A 5xx for this call when one is due; true when it answered. */
  function serverError(res: ServerResponse, method: string): boolean {
    if (!failures || failures.count <= 0) return false;
    if (failures.options.method !== undefined && failures.options.method !== method) return false;
    failures.count -= 1;
    const status = failures.options.status ?? 500;
    if (failures.options.html) {
      send(
        res,
        status,
        `<html>\r\n<head><title>${status} Bad Gateway</title></head>\r\n<body>\r\n<center><h1>${status} Bad Gateway</h1></center>\r\n<hr><center>nginx/1.18.0</center>\r\n</body>\r\n</html>\r\n`,
        'text/html',
      );
    } else apiError(res, status, 'Internal Server Error');
    return true;
  }

  /** Whether the bot may write to this chat, else Telegram's refusal is answered. */
  function reachable(res: ServerResponse, chatId: number): boolean {
    if (!Number.isFinite(chatId)) {
      apiError(res, 400, 'Bad Request: chat not found');
      return false;
    }
    if (blocked.has(chatId)) {
      apiError(res, 403, 'Forbidden: bot was blocked by the user');
      return false;
    }
    if (!anyChat && !started.has(chatId)) {
      apiError(res, 400, 'Bad Request: chat not found');
      return false;
    }
    return true;
  }

  async function getUpdates(
    res: ServerResponse,
    params: Record<string, unknown>,
  ): Promise<unknown[] | null> {
    // A new poller terminates the call another one has waiting, as Telegram does.
    for (const w of [...waiters]) w.conflict();
    const offset = Number(params.offset ?? 0);
    // Confirmed updates are forgotten (a negative offset counts from the end; unused here).
    if (offset > 0)
      while (updates.length > 0 && (updates[0]?.update_id ?? 0) < offset) updates.shift();
    const limit = Math.min(Math.max(Number(params.limit ?? 100), 1), 100);
    const timeoutSec = Number(params.timeout ?? 0);
    if (updates.length === 0 && timeoutSec > 0) {
      let why = TERMINATED;
      const ended = await new Promise<'updates' | 'conflict'>((resolve) => {
        const waiter: Waiter = {
          resolve: () => finish('updates'),
          conflict: (description = TERMINATED) => {
            why = description;
            finish('conflict');
          },
        };
        const finish = (how: 'updates' | 'conflict') => {
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(how);
        };
        const timer = setTimeout(waiter.resolve, timeoutSec * 1000);
        waiters.add(waiter);
        res.on('close', () => {
          clearTimeout(timer);
          waiters.delete(waiter);
        });
      });
      if (ended === 'conflict') {
        conflicts += 1;
        apiError(res, 409, why);
        return null;
      }
    }
    return updates.slice(0, limit);
  }

  function message(chatId: number, text: string, markup: unknown) {
    const sent: SentMessage = {
      message_id: nextMessageId++,
      chat_id: chatId,
      text,
      ...(markup ? { reply_markup: markup } : {}),
      at: now(),
      edits: 0,
    };
    fake.sent.push(sent);
    return sent;
  }

  const server = createServer((req, res) => {
    void (async () => {
      const params = await readBody(req);
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(new URL(req.url ?? '/', 'http://fake').pathname);
      if (!match) return apiError(res, 404, 'Not Found');
      if (match[1] !== token) return apiError(res, 401, 'Unauthorized');
      const method = match[2] ?? '';
      fake.calls.push({ method, params });
      if (serverError(res, method)) return;
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
        case 'getUpdates': {
          if (fake.webhook) {
            return apiError(
              res,
              409,
              "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
            );
          }
          if (otherPollerUntil !== null && now() < otherPollerUntil) {
            conflicts += 1;
            return apiError(res, 409, TERMINATED);
          }
          const list = await getUpdates(res, params);
          return list === null ? undefined : ok(res, list);
        }
        case 'setWebhook': {
          const url = String(params.url ?? '');
          if (url !== '' && !url.startsWith('https://')) {
            return apiError(
              res,
              400,
              'Bad Request: bad webhook: An HTTPS URL must be provided for webhook',
            );
          }
          fake.webhook =
            url === ''
              ? null
              : {
                  url,
                  ...(params.secret_token ? { secret_token: String(params.secret_token) } : {}),
                };
          // A webhook ends the long poll waiting, as Telegram does.
          for (const w of [...waiters]) w.conflict('Conflict: terminated by setWebhook request');
          return ok(res, true);
        }
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
          const markup = decoded(params.reply_markup);
          const problem = contentProblem(params.text, markup);
          if (problem) return apiError(res, 400, problem);
          if (!reachable(res, chatId)) return;
          if (!withinLimits(res, chatId)) return;
          const sent = message(chatId, String(params.text), markup);
          return ok(res, {
            message_id: sent.message_id,
            from: { id: botId, is_bot: true, first_name: 'CopyBot', username },
            chat: { id: chatId, type: 'private' },
            date: Math.floor(sent.at / 1000),
            text: sent.text,
            ...(markup ? { reply_markup: markup } : {}),
          });
        }
        case 'editMessageText': {
          const markup = decoded(params.reply_markup);
          const problem = contentProblem(params.text, markup);
          if (problem) return apiError(res, 400, problem);
          const found = fake.sent.find(
            (m) => m.chat_id === chatId && m.message_id === Number(params.message_id),
          );
          if (!found) return apiError(res, 400, 'Bad Request: message to edit not found');
          if (blocked.has(chatId))
            return apiError(res, 403, 'Forbidden: bot was blocked by the user');
          if (
            found.text === params.text &&
            JSON.stringify(found.reply_markup ?? null) === JSON.stringify(markup ?? null)
          ) {
            return apiError(
              res,
              400,
              'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
            );
          }
          found.text = String(params.text);
          if (markup) found.reply_markup = markup;
          found.edits += 1;
          return ok(res, {
            message_id: found.message_id,
            chat: { id: chatId, type: 'private' },
            date: Math.floor(now() / 1000),
            text: found.text,
          });
        }
        case 'answerCallbackQuery': {
          const id = String(params.callback_query_id);
          if (!openCallbacks.delete(id)) {
            return apiError(
              res,
              400,
              'Bad Request: query is too old and response timeout expired or query ID is invalid',
            );
          }
          fake.callbackAnswers.push({
            callback_query_id: id,
            ...(params.text ? { text: String(params.text) } : {}),
          });
          return ok(res, true);
        }
        default:
          return apiError(res, 404, 'Not Found: method not found');
      }
    })();
  });
  server.on('connection', (socket) => {
    if (network === 'down') {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  fake.close = () =>
    new Promise<void>((resolve, reject) => {
      for (const w of [...waiters]) w.resolve();
      dropAll();
      server.closeAllConnections();
      server.close((err) => (err ? reject(err) : resolve()));
    });
  return fake;
}
