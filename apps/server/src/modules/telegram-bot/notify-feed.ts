import {
  RobotMessageSchema,
  type Language,
  type RobotMessage,
  type TelegramNotifyKind,
} from '@app/contract';
import type { SignalResult } from '@app/robot';
import { fromDbJson } from '../../db/dialect.ts';
import type { AppDeps } from '../../plugins/context.ts';
import { money, say, signedMoney, type CatalogueKey } from '../../lib/telegram-catalogue.ts';
import { paperBotsAmong } from '../../robot/brokers/paper-bots.ts';
import { signalResultIn } from '../../robot/ledger/bot-score.ts';
import { chatsOfBots, type BotChat } from './chat-bots.ts';
import { enqueue, PRIORITY_ANSWER, type OutboxItem } from './outbox.ts';
import { feedDailySummaries, feedFollows, once as onceIn, purgeOutbox } from './producers.ts';
import { displayParams, robotText } from './robot-text.ts';

/**
 * Turns the robot's activity lines into notifications: the feed is tailed by id from a cursor in
 * `tg_runtime` (the robot writes its lines and knows nothing of Telegram), each line becomes at
 * most one queued message to its bot's chat, in the trader's panel language, unless the trader
 * switched that kind off. The cursor moves in the same transaction as the queueing, so a line is
 * notified once. On first start the cursor begins at the newest line: history is not replayed.
 */

/** The kinds a trader can switch off per bot (all on by default). */
export { TELEGRAM_NOTIFY_KINDS as NOTIFY_KINDS } from '@app/contract';
type NotifyKind = TelegramNotifyKind;

const CURSOR = 'activity';
/** The expiry notice comes this many days before (SPEC's expiry warning also says 3). */
const EXPIRY_NOTICE_DAYS = 3;
const LINES_PER_PASS = 2000;
/** The daily summaries and the purge look once a minute. */
const SLOW_PASS_MS = 60_000;
/** Refusals that come with every signal while the robot is off or out of hours: not news. */
const QUIET_REFUSALS = new Set(['robot.refusal.bot_off', 'robot.refusal.outside_windows']);

interface ActivityRow {
  id: number;
  bot_id: number;
  signal_id?: number | null;
  kind: string;
  order_id: number | null;
  message: unknown;
  trader: string | null;
  asset: string | null;
  direction: string | null;
  stake_cents: number | null;
  gale_level: number | null;
}

function stepOf(language: Language, gale: unknown): string {
  const n = Number(gale ?? 0);
  return n > 0 ? say(language, 'step.gale', { n }) : say(language, 'step.entry');
}

/**
 * "Não entendi esta mensagem do canal X: … — toque para ensinar": only for a feed line the reader
 * marked `notify` (one per channel per 10 minutes). The link opens the tester on the stored
 * message by its id (no secret: the tester shows it only to a bot that reads those rooms); an
 * https panel address also gets a button (Telegram refuses buttons to other addresses).
 */
function doubtNotification(
  l: Language,
  bot: string,
  p: RobotMessage['params'],
  publicUrl: string | null,
): { kind: NotifyKind; text: string; markup?: unknown } | null {
  if (p.notify !== true) return null;
  const params = { bot, channel: String(p.channel ?? ''), excerpt: String(p.excerpt ?? '') };
  if (publicUrl === null) return { kind: 'doubts', text: say(l, 'notify.doubtNoLink', params) };
  const query = new URLSearchParams({
    channel: String(p.channelId ?? ''),
    message: String(p.messageId ?? ''),
  });
  const link = `${publicUrl.replace(/\/+$/, '')}/signal-tester?${query.toString()}`;
  const note = { kind: 'doubts' as const, text: say(l, 'notify.doubt', { ...params, link }) };
  if (!link.startsWith('https://')) return note;
  return {
    ...note,
    markup: { inline_keyboard: [[{ text: say(l, 'notify.doubtButton', {}), url: link }]] },
  };
}

/** A signal's result in the chat's words: "win no G1", "loss", "empate". */
function outcomeText(l: Language, result: SignalResult): string | null {
  const { outcome } = result;
  if (outcome.kind === 'won')
    return outcome.step === 0
      ? say(l, 'outcome.wonAtEntry')
      : say(l, 'outcome.wonAtGale', { n: outcome.step });
  if (outcome.kind === 'lost') return say(l, 'outcome.lost');
  if (outcome.kind === 'draw') return say(l, 'outcome.draw');
  return null;
}

/**
 * The notification of one activity line, or null when it is not one we send. `signal` is the
 * ledger's result of the line's signal (`signalResultOf`), for the line that ends its sequence.
 */
export function notificationOf(
  row: ActivityRow,
  message: RobotMessage,
  chat: BotChat,
  publicUrl: string | null = null,
  signal: { result: SignalResult; asset: string } | null = null,
): { kind: NotifyKind; text: string; markup?: unknown } | null {
  const l = chat.language;
  const p = message.params;
  const bot = chat.label;
  const cents = (v: unknown) => money(l, Number(v ?? 0));
  const text = (key: CatalogueKey, params: Record<string, string | number>) =>
    say(l, key, { bot, ...params });
  switch (message.key) {
    case 'robot.activity.orderOpen':
      return {
        kind: 'orders',
        text: text('notify.orderOpen', {
          asset: String(p.asset),
          direction: String(p.direction),
          stake: cents(p.stakeCents),
          step: stepOf(l, p.galeLevel),
        }),
      };
    case 'robot.activity.won':
    case 'robot.activity.lost':
    case 'robot.activity.draw': {
      const which = message.key.split('.').pop() as 'won' | 'lost' | 'draw';
      const result = text(`notify.${which}`, {
        asset: String(p.asset),
        pnl: cents(p.pnlCents),
        balance: cents(p.balanceCents),
        step: stepOf(l, p.galeLevel),
      });
      // A paper result says how it was priced: at the market, or on the simulator's walk.
      const source = typeof p.priceSource === 'string' ? p.priceSource : null;
      const price =
        source === null
          ? ''
          : source === 'simulated'
            ? ` ${say(l, 'notify.priceSimulated', {})}`
            : ` ${say(l, 'notify.priceMarket', { source: source === 'deriv' ? 'Deriv' : source })}`;
      return { kind: 'orders', text: result + price };
    }
    case 'robot.notify.sequenceEnd': {
      // After the order lines: the signal's net, counted as the score counts it (a gale win nets
      // the losses before it).
      const outcome = signal ? outcomeText(l, signal.result) : null;
      if (!signal || outcome === null) return null;
      return {
        kind: 'orders',
        text: text('notify.signalEnd', {
          asset: signal.asset,
          outcome,
          pnl: signedMoney(l, signal.result.pnlCents),
        }),
      };
    }
    case 'robot.activity.orderFailed':
      return {
        kind: 'orders',
        text: text('notify.orderFailed', {
          asset: String(p.asset),
          reason: String(displayParams(l, { reason: p.reason ?? null }).reason),
        }),
      };
    case 'robot.activity.stopped':
      return {
        kind: 'stops',
        text: text('notify.stopped', {
          reason: String(displayParams(l, { stopReason: p.reason ?? null }).stopReason),
        }),
      };
    case 'robot.activity.off':
      return { kind: 'stops', text: text('notify.off', {}) };
    case 'robot.activity.readerDown':
      return { kind: 'reader', text: text('notify.readerDown', {}) };
    case 'robot.activity.doubt':
    case 'robot.activity.unreadable':
      return doubtNotification(l, bot, p, publicUrl);
    case 'robot.activity.copyOpen':
      if (row.asset === null) return null;
      return {
        kind: 'follows',
        text: text('notify.copyOpen', {
          trader: row.trader ?? '—',
          asset: row.asset,
          direction: row.direction ?? '',
          stake: cents(row.stake_cents),
        }),
      };
    default:
      if (message.key.startsWith('robot.refusal.') && !QUIET_REFUSALS.has(message.key)) {
        return {
          kind: 'stops',
          text: text('notify.refused', {
            asset: String(p.asset ?? ''),
            direction: String(p.direction ?? ''),
            // The panel's sentence, without its full stop: the notification ends with its own.
            reason: robotText(l, message).replace(/\.\s*$/, ''),
          }),
        };
      }
      return null;
  }
}

/** A command's chat message is edited with the robot's reply when it settles within this. */
export const REPLY_WAIT_MS = 10 * 60_000;

/** What a reply row keeps for its edit: the chat's language and the message's first line. */
export interface ReplyMeta {
  language: Language;
  title: string;
}

export function createFeed(deps: AppDeps) {
  const db = deps.db;

  async function cursor(): Promise<number> {
    const row = await db
      .selectFrom('tg_runtime')
      .select('value')
      .where('name', '=', CURSOR)
      .executeTakeFirst();
    if (row && row.value !== null) return Number(row.value);
    const last = await db
      .selectFrom('activity')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    const start = Number(last?.id ?? 0);
    await db
      .insertInto('tg_runtime')
      .values({ name: CURSOR, owner: null, expires_at: null, value: start })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    return start;
  }

  async function feedActivity(): Promise<number> {
    const from = await cursor();
    const rows = (await db
      .selectFrom('activity as a')
      .leftJoin('orders as o', 'o.id', 'a.order_id')
      .leftJoin('bots as t', 't.id', 'o.copy_trader_bot_id')
      .select([
        'a.id',
        'a.bot_id',
        'a.kind',
        'a.order_id',
        'a.message',
        'a.signal_id',
        't.userid as trader',
        'o.asset',
        'o.direction',
        'o.stake_cents',
        'o.gale_level',
      ])
      .where('a.id', '>', from)
      .orderBy('a.id')
      .limit(LINES_PER_PASS)
      .execute()) as ActivityRow[];
    if (rows.length === 0) return 0;
    const chats = await chatsOfBots(
      db,
      rows.map((r) => Number(r.bot_id)),
    );
    const items: OutboxItem[] = [];
    for (const row of rows) {
      const chat = chats.get(Number(row.bot_id));
      if (!chat) continue;
      const parsed = RobotMessageSchema.safeParse(fromDbJson(row.message));
      if (!parsed.success) continue;
      const signal =
        parsed.data.key === 'robot.notify.sequenceEnd' && row.signal_id != null
          ? await signalResultIn(db, Number(row.bot_id), Number(row.signal_id))
          : null;
      const note = notificationOf(row, parsed.data, chat, deps.publicUrl, signal);
      if (!note || chat.off.has(note.kind)) continue;
      items.push({
        chatId: chat.chatId,
        kind: note.kind,
        text: note.text,
        ...(note.markup === undefined ? {} : { markup: note.markup }),
      });
    }
    const last = Number(rows[rows.length - 1]!.id);
    await db.transaction().execute(async (trx) => {
      await enqueue(trx, items, deps.now());
      await trx.updateTable('tg_runtime').set({ value: last }).where('name', '=', CURSOR).execute();
    });
    return items.length;
  }

  /**
   * Queues the edit of each command's chat message ("sent to the robot…") whose command settled,
   * with the robot's reply: from the queue's rows, so the reply reaches the chat whichever
   * process took the command. A reply row is settled once (its `ref` cleared with the edit).
   */
  async function settleReplies(): Promise<number> {
    const rows = await db
      .selectFrom('tg_outbox as o')
      .innerJoin('bot_commands as c', 'c.id', 'o.ref')
      .select(['o.id', 'o.chat_id', 'o.message_id', 'o.meta', 'c.reply'])
      .where('o.kind', '=', 'reply')
      .where('o.ref', 'is not', null)
      .where('o.status', '=', 'sent')
      .where('o.created_at', '>', deps.now() - REPLY_WAIT_MS)
      .where('c.status', '<>', 'queued')
      .execute();
    if (rows.length === 0) return 0;
    const items: OutboxItem[] = [];
    for (const row of rows) {
      let reply: RobotMessage = { key: 'robot.reply.failed', params: {} };
      try {
        const parsed = RobotMessageSchema.safeParse(
          row.reply === null ? null : JSON.parse(row.reply),
        );
        if (parsed.success) reply = parsed.data;
      } catch {
        // keep "failed"
      }
      const meta = JSON.parse(row.meta ?? '{}') as Partial<ReplyMeta>;
      const language = meta.language ?? 'pt-BR';
      items.push({
        chatId: row.chat_id,
        kind: 'edit',
        text: `${meta.title ?? ''}\n${robotText(language, reply)}`,
        priority: PRIORITY_ANSWER,
        messageId: Number(row.message_id),
      });
    }
    return db.transaction().execute(async (trx) => {
      await trx
        .updateTable('tg_outbox')
        .set({ ref: null })
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute();
      return enqueue(trx, items, deps.now());
    });
  }

  const once = (name: string) => onceIn(db, name, deps.now());
  /** When the minute-grained passes (daily summaries, purge) last ran; 0 = not yet. */
  let slowPassAt = 0;

  /**
   * Expiry in 3 days and expired, once per bot and expiry date (a renewal moves the date, so the
   * next expiry is notified again). Expiries more than a day past are not news any more.
   */
  async function feedExpiries(): Promise<number> {
    const nowSec = Math.floor(deps.now() / 1000);
    const rows = await db
      .selectFrom('bots')
      .select(['id', 'botexp'])
      .where('botexp', '>', nowSec - 86_400)
      .where('botexp', '<=', nowSec + EXPIRY_NOTICE_DAYS * 86_400)
      .execute();
    if (rows.length === 0) return 0;
    const chats = await chatsOfBots(
      db,
      rows.map((r) => Number(r.id)),
    );
    const items: OutboxItem[] = [];
    for (const row of rows) {
      const chat = chats.get(Number(row.id));
      const botexp = Number(row.botexp);
      const expired = botexp <= nowSec;
      if (!chat || !(await once(`${expired ? 'ex' : 'e3'}:${row.id}:${botexp}`))) continue;
      if (chat.off.has('expiry')) continue;
      const date = new Intl.DateTimeFormat(chat.language, { dateStyle: 'short' }).format(
        new Date(botexp * 1000),
      );
      items.push({
        chatId: chat.chatId,
        kind: 'expiry',
        text: say(chat.language, expired ? 'notify.expired' : 'notify.expirySoon', {
          bot: chat.label,
          date,
        }),
      });
    }
    return enqueue(db, items, deps.now());
  }

  /** Payment confirmed, to the buyer's chat, once per purchase. */
  async function feedPayments(): Promise<number> {
    const since = deps.now() - 86_400_000;
    const rows = await db
      .selectFrom('purchases as p')
      .innerJoin('bots as b', 'b.userid', 'p.buyer_userid')
      .select(['p.id', 'p.days', 'p.bot_ids', 'b.id as bot_id'])
      .where('p.paid_at', 'is not', null)
      .where('p.paid_at', '>', since)
      .execute();
    if (rows.length === 0) return 0;
    const chats = await chatsOfBots(
      db,
      rows.map((r) => Number(r.bot_id)),
    );
    const items: OutboxItem[] = [];
    for (const row of rows) {
      const chat = chats.get(Number(row.bot_id));
      if (!chat || !(await once(`pay:${row.id}`.slice(0, 40)))) continue;
      if (chat.off.has('payments')) continue;
      const ids = fromDbJson<number[]>(row.bot_ids);
      const covered = await db
        .selectFrom('bots')
        .select(['id', 'userid'])
        .where('id', 'in', ids.length > 0 ? ids : [-1])
        .execute();
      const paper = await paperBotsAmong(
        db,
        covered.map((c) => Number(c.id)),
      );
      items.push({
        chatId: chat.chatId,
        kind: 'payments',
        text: say(chat.language, 'notify.payment', {
          days: row.days,
          bots: covered
            .map((c) =>
              paper.has(Number(c.id))
                ? say(chat.language, 'notify.paperBot', { bot: c.userid })
                : c.userid,
            )
            .join(', '),
        }),
      });
    }
    return enqueue(db, items, deps.now());
  }

  return {
    /**
     * One pass: settled command replies, new activity lines, expiries, payments, follow requests;
     * once a minute also the daily summaries and the purge of old sent rows.
     */
    async feedOnce(): Promise<number> {
      let queued =
        (await settleReplies()) +
        (await feedActivity()) +
        (await feedExpiries()) +
        (await feedPayments()) +
        (await feedFollows(db, deps.now()));
      const now = deps.now();
      if (now - slowPassAt >= SLOW_PASS_MS) {
        slowPassAt = now;
        queued += await feedDailySummaries(db, now);
        await purgeOutbox(db, now);
      }
      return queued;
    },
  };
}
