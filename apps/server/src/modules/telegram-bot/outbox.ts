import { GrammyError, type Api } from 'grammy';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * The notification queue (`tg_outbox`) and its drainer. Producers only insert rows (the feed,
 * payments, expiries), so a trade burst to 10,000 followers costs 10,000 inserts and never waits
 * for Telegram. One process drains (the receiver's lease), within Telegram's limits
 * (https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this): at most one
 * message a second per chat and 30 a second overall; a 429 pauses all sending for its
 * `retry_after`; a 403 (the user blocked the bot) marks the chat unreachable and drops its queue
 * until the user writes to the bot again. Nothing queued is dropped for any other reason: a
 * network error leaves the row queued for the next pass. The rows a pass sent are marked sent in
 * one statement at its end (per-row updates made draining a burst 4× slower, bench
 * telegram-burst): a process killed mid-pass sends those (at most 30) again — at least once.
 */

export const PER_CHAT_INTERVAL_MS = 1000;
export const GLOBAL_PER_SECOND = 30;
/** Rows one pass looks at (oldest first). */
const PASS_ROWS = 300;
const INSERT_CHUNK = 500;

type Db = Kysely<Database>;

export interface OutboxItem {
  chatId: string;
  kind: string;
  text: string;
  markup?: unknown;
}

/** Queues messages, leaving out chats that blocked the bot. */
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
  const rows = items
    .filter((i) => !unreachable.has(i.chatId))
    .map((i) => ({
      chat_id: i.chatId,
      kind: i.kind,
      text: i.text,
      markup: i.markup === undefined ? null : JSON.stringify(i.markup),
      status: 'queued' as const,
      created_at: now,
      sent_at: null,
    }));
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db
      .insertInto('tg_outbox')
      .values(rows.slice(i, i + INSERT_CHUNK))
      .execute();
  }
  return rows.length;
}

/** Marks a chat reachable again (the user wrote to the bot) or unreachable (403). */
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
}

export interface Drainer {
  /** Sends what the limits allow now; returns how many were sent. */
  drainOnce(): Promise<number>;
  /** Until when a 429 paused sending (epoch ms; 0 = not paused). */
  pausedUntil(): number;
}

export function createDrainer(
  db: Db,
  api: Pick<Api, 'sendMessage'>,
  now: () => number,
  onError: (err: unknown) => void,
): Drainer {
  let pausedUntil = 0;
  const nextPerChat = new Map<string, number>();
  const recent: number[] = [];

  async function drainOnce(): Promise<number> {
    if (now() < pausedUntil) return 0;
    // The second's 30 are spent: no need to read the queue (most passes of a burst).
    const start = now();
    while (recent.length > 0 && (recent[0] ?? 0) <= start - 1000) recent.shift();
    if (recent.length >= GLOBAL_PER_SECOND) return 0;
    const rows = await db
      .selectFrom('tg_outbox')
      .select(['id', 'chat_id', 'text', 'markup'])
      .where('status', '=', 'queued')
      .orderBy('id')
      .limit(PASS_ROWS)
      .execute();
    let sent = 0;
    const done: number[] = [];
    // A chat waiting for its second keeps its later rows waiting too: its messages stay in order.
    const waiting = new Set<string>();
    for (const row of rows) {
      const t = now();
      for (const [chat, at] of nextPerChat) if (at <= t) nextPerChat.delete(chat);
      if (waiting.has(row.chat_id) || (nextPerChat.get(row.chat_id) ?? 0) > t) {
        waiting.add(row.chat_id);
        continue;
      }
      while (recent.length > 0 && (recent[0] ?? 0) <= t - 1000) recent.shift();
      if (recent.length >= GLOBAL_PER_SECOND) break;
      try {
        await api.sendMessage(row.chat_id, row.text, {
          ...(row.markup ? { reply_markup: JSON.parse(row.markup) as never } : {}),
          link_preview_options: { is_disabled: true },
        });
      } catch (err) {
        if (err instanceof GrammyError && err.error_code === 429) {
          pausedUntil = now() + (err.parameters.retry_after ?? 1) * 1000;
          break;
        }
        if (err instanceof GrammyError && err.error_code === 403) {
          await setChatReachable(db, row.chat_id, false, now());
          await db
            .updateTable('tg_outbox')
            .set({ status: 'unreachable' })
            .where('chat_id', '=', row.chat_id)
            .where('status', '=', 'queued')
            .execute();
          waiting.add(row.chat_id);
          continue;
        }
        if (err instanceof GrammyError && err.error_code === 400) {
          // Telegram will never take this one (e.g. chat not found): drop it, keep the rest.
          await db
            .updateTable('tg_outbox')
            .set({ status: 'failed' })
            .where('id', '=', row.id)
            .execute();
          onError(err);
          continue;
        }
        // Network or server trouble: the row stays queued for the next pass.
        onError(err);
        break;
      }
      const at = now();
      recent.push(at);
      nextPerChat.set(row.chat_id, at + PER_CHAT_INTERVAL_MS);
      waiting.add(row.chat_id);
      done.push(row.id);
      sent += 1;
    }
    if (done.length > 0) {
      await db
        .updateTable('tg_outbox')
        .set({ status: 'sent', sent_at: now() })
        .where('id', 'in', done)
        .execute();
    }
    return sent;
  }

  return { drainOnce, pausedUntil: () => pausedUntil };
}
