import { processMetrics } from '../../lib/metrics.ts';
import { GrammyError, HttpError, type Api } from 'grammy';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { CODE_TTL_MS } from '../bots/bot-verification.ts';

/**
 * Everything the operator bot says goes through one queue (`tg_outbox`) and its drainer: the
 * notifications, and the answers too (verification codes, command replies and their edits), so
 * nothing the bot sends waits on Telegram inside a request and nothing escapes the limits.
 * Producers only insert rows, so a trade burst to 10,000 followers costs 10,000 inserts and a
 * registration never waits for Telegram. One process drains (the receiver's lease), within
 * Telegram's limits (https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this):
 * at most one message a second per chat and 30 a second overall, answers (priority 0) before
 * notifications (1), oldest first within each.
 *
 * What Telegram answers decides a row's fate: a 429 pauses all sending for its `retry_after`; a
 * 403 (the user blocked the bot) marks the chat unreachable and drops its queue until the user
 * writes to the bot again; a 400 (chat not found: the user never wrote to the bot; text or
 * buttons refused) drops that row alone. A verification code that cannot reach its chat yet
 * waits (`waiting`) and goes when that chat writes to the bot. A 401 (the token was revoked)
 * stops sending. A network failure or a 5xx leaves the row queued and pauses sending, 1 s then
 * doubling up to a minute, logged once per outage. Rows queued longer than a day are not sent
 * (`expired`): a day-old notification is noise. The rows a pass sent are marked sent in one
 * statement at its end (per-row updates made draining a burst 4× slower, bench
 * telegram-burst): a process killed mid-pass sends those (at most 30) again — at least once.
 */

export const PER_CHAT_INTERVAL_MS = 1000;
export const GLOBAL_PER_SECOND = 30;
/** Answers to someone waiting for them: codes, command replies, edits. */
export const PRIORITY_ANSWER = 0;
export const PRIORITY_NOTICE = 1;
/** Queued longer than this, a row is not sent. */
export const MAX_QUEUED_MS = 24 * 60 * 60_000;
/** Sending pauses after a network or server failure: 1 s, doubling, at most a minute. */
export const FIRST_BACKOFF_MS = 1000;
export const MAX_BACKOFF_MS = 60_000;
/** Telegram's limit on a message's text (sendMessage: 1–4096 characters). */
export const MAX_TEXT_LENGTH = 4096;
/** Rows one pass looks at (answers first, then oldest first). */
const PASS_ROWS = 300;
const INSERT_CHUNK = 500;

type Db = Kysely<Database>;

export interface OutboxItem {
  chatId: string;
  kind: string;
  text: string;
  markup?: unknown;
  /** PRIORITY_ANSWER or PRIORITY_NOTICE (default). */
  priority?: number;
  /** The bot of a `code`, the command of a `reply`. */
  ref?: number;
  /** The chat message an `edit` replaces. */
  messageId?: number;
  meta?: string;
}

/** A verification code is stored sealed (encrypted, bound to its chat and bot) until sent. */
function codeSlot(chatId: string, botId: number | null) {
  return { table: 'tg_outbox', rowId: `${chatId}:${botId ?? ''}`, field: 'text' };
}

export function sealCode(secrets: Secrets, chatId: string, botId: number, text: string): string {
  return secrets.encrypt(codeSlot(chatId, botId), text);
}

/**
 * Queues messages, leaving out chats that blocked the bot (a code for such a chat waits for it).
 * A new code for a bot replaces its earlier ones still waiting to go.
 */
export async function enqueue(db: Db, items: readonly OutboxItem[], now: number): Promise<number> {
  if (items.length === 0) return 0;
  const chats = [...new Set(items.map((i) => i.chatId))];
  const unreachable = new Set<string>();
  for (let i = 0; i < chats.length; i += INSERT_CHUNK) {
    const rows = await db
      .selectFrom('tg_chats')
      .select('chat_id')
      .where('chat_id', 'in', chats.slice(i, i + INSERT_CHUNK))
      .where('unreachable_at', 'is not', null)
      .execute();
    for (const r of rows) unreachable.add(r.chat_id);
  }
  const codes = items.filter((i) => i.kind === 'code' && i.ref !== undefined).map((i) => i.ref!);
  if (codes.length > 0) {
    await db
      .updateTable('tg_outbox')
      .set({ status: 'expired', text: '' })
      .where('kind', '=', 'code')
      .where('ref', 'in', codes)
      .where('status', 'in', ['queued', 'waiting'])
      .execute();
  }
  const rows = items
    .filter((i) => i.kind === 'code' || !unreachable.has(i.chatId))
    .map((i) => ({
      chat_id: i.chatId,
      kind: i.kind,
      // Telegram refuses a text above 4096 characters outright: a long one (a follower's name
      // is the trader's to choose) is cut rather than lost. A code is sealed, and short.
      text:
        i.kind !== 'code' && i.text.length > MAX_TEXT_LENGTH
          ? `${i.text.slice(0, MAX_TEXT_LENGTH - 1)}…`
          : i.text,
      markup: i.markup === undefined ? null : JSON.stringify(i.markup),
      status:
        i.kind === 'code' && unreachable.has(i.chatId) ? ('waiting' as const) : ('queued' as const),
      created_at: now,
      sent_at: null,
      priority: i.priority ?? PRIORITY_NOTICE,
      ref: i.ref ?? null,
      message_id: i.messageId ?? null,
      meta: i.meta ?? null,
    }));
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db
      .insertInto('tg_outbox')
      .values(rows.slice(i, i + INSERT_CHUNK))
      .execute();
  }
  return rows.length;
}

/**
 * Marks a chat reachable again (the user wrote to the bot: its codes waiting for it are queued
 * again) or unreachable (403).
 */
export async function setChatReachable(
  db: Db,
  chatId: string,
  reachable: boolean,
  now: number,
  language?: string,
): Promise<void> {
  const values = {
    unreachable_at: reachable ? null : now,
    ...(language !== undefined ? { language } : {}),
  };
  await db
    .insertInto('tg_chats')
    .values({ chat_id: chatId, language: language ?? null, unreachable_at: values.unreachable_at })
    .onConflict((oc) => oc.column('chat_id').doUpdateSet(values))
    .execute();
  if (reachable) {
    await db
      .updateTable('tg_outbox')
      .set({ status: 'queued' })
      .where('status', '=', 'waiting')
      .where('chat_id', '=', chatId)
      .where('created_at', '>', now - CODE_TTL_MS)
      .execute();
  }
}

export interface DrainerHooks {
  /** Telegram refused the token (401): nothing more is sent until a restart. */
  unauthorized(err: unknown): void;
  /** A failure: `first` of a streak of network or server failures (log it), or a refusal. */
  failed(err: unknown, first: boolean): void;
  /** Sending works again after a streak of failures. */
  recovered(): void;
  /** Sending paused until then (epoch ms). */
  paused(until: number): void;
}

export interface Drainer {
  /** Sends what the limits allow now; returns how many went out. */
  drainOnce(): Promise<number>;
  /** Until when sending is paused (epoch ms; 0 = not paused). */
  pausedUntil(): number;
}

interface Row {
  id: number;
  chat_id: string;
  kind: string;
  text: string;
  markup: string | null;
  ref: number | null;
  message_id: number | null;
  created_at: number;
}

/** Telegram's "message is not modified": an edit that was already made. */
function notModified(err: GrammyError): boolean {
  return err.error_code === 400 && /message is not modified/i.test(err.description);
}

/** The user never wrote to the bot (a bot cannot start a conversation). */
function chatNotFound(err: GrammyError): boolean {
  return err.error_code === 400 && /chat not found/i.test(err.description);
}

export function createDrainer(
  db: Db,
  api: Pick<Api, 'sendMessage' | 'editMessageText'>,
  now: () => number,
  secrets: Secrets,
  hooks: DrainerHooks,
  backoff: { firstMs: number; maxMs: number } = {
    firstMs: FIRST_BACKOFF_MS,
    maxMs: MAX_BACKOFF_MS,
  },
): Drainer {
  let pausedUntil = 0;
  let failures = 0;
  let stopped = false;
  const nextPerChat = new Map<string, number>();
  const recent: number[] = [];

  function pause(until: number): void {
    pausedUntil = until;
    hooks.paused(until);
  }

  async function mark(ids: number[], status: 'failed' | 'expired' | 'waiting'): Promise<void> {
    if (ids.length === 0) return;
    await db.updateTable('tg_outbox').set({ status }).where('id', 'in', ids).execute();
  }

  /** Sends one row; the sent message's id. */
  async function send(row: Row): Promise<number> {
    const markup = row.markup ? (JSON.parse(row.markup) as never) : undefined;
    if (row.kind === 'edit') {
      try {
        await api.editMessageText(row.chat_id, Number(row.message_id), row.text, {
          ...(markup ? { reply_markup: markup } : {}),
          link_preview_options: { is_disabled: true },
        });
      } catch (err) {
        if (!(err instanceof GrammyError && notModified(err))) throw err;
      }
      return Number(row.message_id);
    }
    const text =
      row.kind === 'code' ? secrets.decrypt(codeSlot(row.chat_id, row.ref), row.text) : row.text;
    const sent = await api.sendMessage(row.chat_id, text, {
      ...(markup ? { reply_markup: markup } : {}),
      link_preview_options: { is_disabled: true },
    });
    return sent.message_id;
  }

  async function drainOnce(): Promise<number> {
    if (stopped || now() < pausedUntil) return 0;
    // The second's 30 are spent: no need to read the queue (most passes of a burst).
    const start = now();
    while (recent.length > 0 && (recent[0] ?? 0) <= start - 1000) recent.shift();
    if (recent.length >= GLOBAL_PER_SECOND) return 0;
    const rows = (await db
      .selectFrom('tg_outbox')
      .select(['id', 'chat_id', 'kind', 'text', 'markup', 'ref', 'message_id', 'created_at'])
      .where('status', '=', 'queued')
      .orderBy('priority')
      .orderBy('id')
      .limit(PASS_ROWS)
      .execute()) as Row[];
    // A code whose bot is no longer pending (verified meanwhile, by a tap or another code) is
    // not worth sending.
    const codeBots = [...new Set(rows.filter((r) => r.kind === 'code').map((r) => Number(r.ref)))];
    const pending = new Set<number>();
    if (codeBots.length > 0) {
      const left = await db
        .selectFrom('bot_verifications')
        .select('bot_id')
        .where('bot_id', 'in', codeBots)
        .execute();
      for (const r of left) pending.add(Number(r.bot_id));
    }
    let sent = 0;
    const done: number[] = [];
    const stale: number[] = [];
    const failed: number[] = [];
    const waiting: number[] = [];
    const replies: { id: number; messageId: number }[] = [];
    // A chat waiting for its second keeps its later rows waiting too: its messages stay in order.
    const held = new Set<string>();
    for (const row of rows) {
      const t = now();
      if (
        Number(row.created_at) < t - MAX_QUEUED_MS ||
        (row.kind === 'code' && !pending.has(Number(row.ref)))
      ) {
        stale.push(row.id);
        continue;
      }
      for (const [chat, at] of nextPerChat) if (at <= t) nextPerChat.delete(chat);
      if (held.has(row.chat_id) || (nextPerChat.get(row.chat_id) ?? 0) > t) {
        held.add(row.chat_id);
        continue;
      }
      while (recent.length > 0 && (recent[0] ?? 0) <= t - 1000) recent.shift();
      if (recent.length >= GLOBAL_PER_SECOND) break;
      let messageId: number;
      try {
        messageId = await send(row);
      } catch (err) {
        if (err instanceof GrammyError && err.error_code === 429) {
          pause(now() + (err.parameters.retry_after ?? 1) * 1000);
          break;
        }
        if (err instanceof GrammyError && err.error_code === 401) {
          stopped = true;
          hooks.unauthorized(err);
          break;
        }
        if (err instanceof GrammyError && err.error_code === 403) {
          await setChatReachable(db, row.chat_id, false, now());
          for (const codes of [true, false]) {
            await db
              .updateTable('tg_outbox')
              .set({ status: codes ? 'waiting' : 'unreachable' })
              .where('chat_id', '=', row.chat_id)
              .where('status', '=', 'queued')
              .where('kind', codes ? '=' : '<>', 'code')
              .execute();
          }
          held.add(row.chat_id);
          hooks.failed(err, false);
          continue;
        }
        if (err instanceof GrammyError && err.error_code < 500) {
          // Telegram will never take this one as it is: drop it, keep the rest. A code waits for
          // its chat to write to the bot (the user taps Start, then it can be sent).
          (row.kind === 'code' && chatNotFound(err) ? waiting : failed).push(row.id);
          hooks.failed(err, false);
          continue;
        }
        if (!(err instanceof GrammyError) && !(err instanceof HttpError)) {
          // Not Telegram's answer nor the network's (a code that does not decrypt): drop it.
          failed.push(row.id);
          hooks.failed(err, false);
          continue;
        }
        // Network or server trouble: the row stays queued; sending pauses, longer each time.
        failures += 1;
        processMetrics().outboxFailure('retry');
        pause(now() + Math.min(backoff.maxMs, backoff.firstMs * 2 ** (failures - 1)));
        hooks.failed(err, failures === 1);
        break;
      }
      if (failures > 0) {
        failures = 0;
        hooks.recovered();
      }
      const at = now();
      recent.push(at);
      nextPerChat.set(row.chat_id, at + PER_CHAT_INTERVAL_MS);
      held.add(row.chat_id);
      done.push(row.id);
      if (row.kind === 'reply') replies.push({ id: row.id, messageId });
      sent += 1;
    }
    await mark(stale, 'expired');
    await mark(failed, 'failed');
    const metrics = processMetrics();
    metrics.outboxDelivered(done.length);
    metrics.outboxFailure('dropped', failed.length);
    metrics.outboxFailure('expired', stale.length);
    await mark(waiting, 'waiting');
    if (done.length > 0) {
      await db
        .updateTable('tg_outbox')
        .set((eb) => ({
          status: 'sent',
          sent_at: now(),
          // A code's text is not kept once it went out.
          text: eb.case().when('kind', '=', 'code').then('').else(eb.ref('text')).end(),
        }))
        .where('id', 'in', done)
        .execute();
    }
    // A reply's message is edited with the robot's answer later: remember which message it is.
    for (const r of replies) {
      await db
        .updateTable('tg_outbox')
        .set({ message_id: r.messageId })
        .where('id', '=', r.id)
        .execute();
    }
    return sent;
  }

  return { drainOnce, pausedUntil: () => pausedUntil };
}
