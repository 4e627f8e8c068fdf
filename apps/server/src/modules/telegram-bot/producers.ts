import { groupBySignal, signalScoreOf, type SignalScoredOrder } from '@app/robot';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { money, say } from '../../lib/telegram-catalogue.ts';
import { chatsOfBots } from './chat-bots.ts';
import { enqueue, type OutboxItem } from './outbox.ts';

/**
 * The notifications no activity line carries: the daily summary (a clock time, not an event),
 * follow requests and their answers (rows of `copy_follows`), and the outbox's housekeeping.
 * Each is produced once: follow requests by an id cursor, answers and summaries by a marker row
 * in `tg_runtime` (`fa:<follow id>`, `d:<bot id>:<minute of the boundary>`).
 */

type Db = Kysely<Database>;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** A summary is news for an hour after the score-clear time; a receiver down longer skips it. */
export const DAILY_LATE_MS = HOUR_MS;
/** Sent (and dropped) rows of the queue are kept this long, then purged. */
export const OUTBOX_RETENTION_MS = 3 * DAY_MS;
/** Answers are looked for this far behind the last pass: a slow transaction still commits. */
const ANSWER_LAG_MS = 60_000;
/** How long a one-time marker (`name:…`) is kept. */
const MARKER_KEEP_MS = 7 * DAY_MS;
const FOLLOWS_CURSOR = 'follows';
const ANSWERS_CURSOR = 'follows-answered';

/**
 * The latest score-clear time at or before `now`, Unix ms: `clock` (HH:MM, '' = midnight) in the
 * reader's zone, `utcOffsetHours` from UTC.
 * @example scoreClearBefore(Date.UTC(2026, 0, 2, 12), -3, '18:00') // Date.UTC(2026, 0, 1, 21)
 */
export function scoreClearBefore(now: number, utcOffsetHours: number, clock: string): number {
  const m = /^(\d\d):(\d\d)$/.exec(clock);
  const minutes = m ? Number(m[1]) * 60 + Number(m[2]) : 0;
  const offset = utcOffsetHours * HOUR_MS;
  const localDay = Math.floor((now + offset) / DAY_MS) * DAY_MS;
  const today = localDay + minutes * 60_000 - offset;
  return today <= now ? today : today - DAY_MS;
}

async function readValue(db: Db, name: string): Promise<number | null> {
  const row = await db
    .selectFrom('tg_runtime')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.value == null ? null : Number(row.value);
}

async function writeValue(db: Db, name: string, value: number): Promise<void> {
  await db
    .insertInto('tg_runtime')
    .values({ name, owner: null, expires_at: null, value })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
    .execute();
}

/**
 * Marks a one-time notification as done; false when it was done before. The marker is kept a
 * week: every pass that could produce its notification again looks at most a day back.
 */
export async function once(db: Db, name: string, now: number): Promise<boolean> {
  const result = await db
    .insertInto('tg_runtime')
    .values({ name, owner: null, expires_at: now + MARKER_KEEP_MS, value: 1 })
    .onConflict((oc) => oc.column('name').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

type MarkedItem = OutboxItem & { marker?: string };

/** Queues the items whose marker was not set before (and sets it), in the caller's transaction. */
async function enqueueOnce(trx: Db, items: readonly MarkedItem[], now: number): Promise<number> {
  const fresh: OutboxItem[] = [];
  for (const { marker, ...item } of items) {
    if (marker === undefined || (await once(trx, marker, now))) fresh.push(item);
  }
  return enqueue(trx, fresh, now);
}

/**
 * The day's results, once per bot and day, at its reader's score-clear time (midnight of its zone
 * when unset), in the trader's panel language: the signals whose entry was due in the 24 hours
 * before, counted per signal as the panel's "today" counts them. A day without a settled signal
 * sends nothing.
 */
export async function feedDailySummaries(db: Db, now: number): Promise<number> {
  const traded = await db
    .selectFrom('orders')
    .select('bot_id')
    .distinct()
    .where('send_at', '>=', now - 2 * DAY_MS)
    .where('send_at', '<=', now)
    .execute();
  if (traded.length === 0) return 0;
  const chats = await chatsOfBots(
    db,
    traded.map((r) => Number(r.bot_id)),
  );
  const items: MarkedItem[] = [];
  for (const [botId, chat] of chats) {
    if (chat.off.has('daily')) continue;
    const params = await db
      .selectFrom('reader_params')
      .select(['timerzone', 'hour_clear_score'])
      .where('bot_id', '=', botId)
      .executeTakeFirst();
    const end = scoreClearBefore(now, params?.timerzone ?? -3, params?.hour_clear_score ?? '');
    if (now - end > DAILY_LATE_MS) continue;
    const marker = `d:${botId}:${Math.floor(end / 60_000)}`;
    const done = await db
      .selectFrom('tg_runtime')
      .select('name')
      .where('name', '=', marker)
      .executeTakeFirst();
    if (done) continue;
    const rows = await db
      .selectFrom('orders')
      .select(['id', 'signal_id', 'gale_level', 'state', 'payout_pct', 'pnl_cents', 'send_at'])
      .where('bot_id', '=', botId)
      // A gale is due minutes after its entry: a day before finds every entry of a signal.
      .where('send_at', '>=', end - 2 * DAY_MS)
      .where('send_at', '<', end + DAY_MS)
      .orderBy('id')
      .execute();
    const orders = rows.map((o): SignalScoredOrder & { sendAt: number } => ({
      id: Number(o.id),
      signalId: o.signal_id === null ? null : Number(o.signal_id),
      galeLevel: o.gale_level,
      state: o.state,
      payoutPct: o.payout_pct,
      pnlCents: o.pnl_cents === null ? null : Number(o.pnl_cents),
      sendAt: Number(o.send_at),
    }));
    const ofTheDay = groupBySignal(orders).filter((group) => {
      const entry = Math.min(...group.map((o) => o.sendAt));
      return entry >= end - DAY_MS && entry < end;
    });
    const score = signalScoreOf(ofTheDay.flat());
    if (score.signals === 0) continue;
    items.push({
      marker,
      chatId: chat.chatId,
      kind: 'daily',
      text: say(chat.language, 'notify.daily', {
        bot: chat.label,
        wins: score.wins,
        losses: score.losses,
        pnl: money(chat.language, score.pnlCents),
      }),
    });
  }
  return db.transaction().execute(async (trx) => enqueueOnce(trx, items, now));
}

/**
 * A follower asked to follow a trader: to the trader's chat (the new rows of `copy_follows`,
 * tailed by id; on first start the cursor begins at the newest). The trader answered: to the
 * follower's chat, once per request.
 */
export async function feedFollows(db: Db, now: number): Promise<number> {
  let from = await readValue(db, FOLLOWS_CURSOR);
  if (from === null) {
    const last = await db
      .selectFrom('copy_follows')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    from = Number(last?.id ?? 0);
    await writeValue(db, FOLLOWS_CURSOR, from);
  }
  const requests = await db
    .selectFrom('copy_follows as f')
    .innerJoin('bots as b', 'b.id', 'f.follower_bot_id')
    .select(['f.id', 'f.trader_bot_id', 'f.follower_name', 'b.userid as follower'])
    .where('f.id', '>', from)
    .orderBy('f.id')
    .limit(2000)
    .execute();
  const answeredSince = (await readValue(db, ANSWERS_CURSOR)) ?? now;
  const answers = await db
    .selectFrom('copy_follows as f')
    .innerJoin('bots as t', 't.id', 'f.trader_bot_id')
    .select(['f.id', 'f.follower_bot_id', 'f.state', 't.userid as trader'])
    .where('f.decided_at', '>', answeredSince - ANSWER_LAG_MS)
    .where('f.state', 'in', ['accepted', 'refused'])
    .orderBy('f.id')
    .execute();
  const chats = await chatsOfBots(db, [
    ...requests.map((r) => Number(r.trader_bot_id)),
    ...answers.map((a) => Number(a.follower_bot_id)),
  ]);
  const items: MarkedItem[] = [];
  for (const r of requests) {
    const chat = chats.get(Number(r.trader_bot_id));
    if (!chat || chat.off.has('follows')) continue;
    items.push({
      chatId: chat.chatId,
      kind: 'follows',
      text: say(chat.language, 'notify.followRequest', {
        bot: chat.label,
        follower: `${r.follower_name} (${r.follower})`,
      }),
    });
  }
  for (const a of answers) {
    const chat = chats.get(Number(a.follower_bot_id));
    if (!chat || chat.off.has('follows')) continue;
    items.push({
      marker: `fa:${a.id}`,
      chatId: chat.chatId,
      kind: 'follows',
      text: say(
        chat.language,
        a.state === 'accepted' ? 'notify.followAccepted' : 'notify.followRefused',
        { bot: chat.label, trader: a.trader },
      ),
    });
  }
  const lastRequest = requests.at(-1);
  return db.transaction().execute(async (trx) => {
    const queued = await enqueueOnce(trx, items, now);
    if (lastRequest) await writeValue(trx, FOLLOWS_CURSOR, Number(lastRequest.id));
    await writeValue(trx, ANSWERS_CURSOR, now);
    return queued;
  });
}

/**
 * Deletes the queue's rows that are done (sent, dropped for a blocked chat, refused by Telegram)
 * and older than the retention window — queued rows are never purged — and the one-time markers
 * past their week (cursors and the lease have no `:` in their names). Returns the rows purged.
 */
export async function purgeOutbox(db: Db, now: number): Promise<number> {
  const result = await db
    .deleteFrom('tg_outbox')
    .where('created_at', '<', now - OUTBOX_RETENTION_MS)
    .where('status', '<>', 'queued')
    .executeTakeFirst();
  await db
    .deleteFrom('tg_runtime')
    .where('name', 'like', '%:%')
    .where('owner', 'is', null)
    .where('expires_at', '<', now)
    .execute();
  return Number(result.numDeletedRows);
}
