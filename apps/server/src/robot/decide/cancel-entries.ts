import { sql, type Kysely } from 'kysely';
import { jsonIds } from '../../db/bulk.ts';
import type { Database } from '../../db/schema.ts';
import { appendActivity } from '../activity.ts';
import { enqueueBotEvent } from '../bot-events.ts';

/** Longest cancelling text kept with an entry (the feed quotes it). */
const BY_MAX = 200;
/** A cancel post is about the channel's recent signals: older ones are not matched. */
const CANCEL_LOOKBACK_MS = 6 * 3_600_000;

/** What cancels: the channel's cancel post (its text) or the trader (`by` null). */
export interface CancelSource {
  at: number;
  /** The cancelling message's text; null = the trader's Cancel button. */
  text: string | null;
}

/** What a cancellation did to each entry it matched. */
export type CancelOutcome = 'cancelled' | 'too_late';

function quoted(text: string | null): string {
  if (text === null) return '';
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > BY_MAX ? `${one.slice(0, BY_MAX - 1)}…` : one;
}

/**
 * Cancels one entry of a bot, in the caller's transaction: not decided yet →
 * refused `cancelled`; decided, its order not sent yet → marked, and the runtime fails the order
 * `cancelled` (its ladder stops) at its next run, rung at once; sent already → "too late to
 * cancel". Every outcome is a line of the bot's feed with the cancelling message.
 */
export async function cancelEntry(
  trx: Kysely<Database>,
  botId: number,
  signalId: number,
  source: CancelSource,
): Promise<CancelOutcome | null> {
  const signal = await trx
    .selectFrom('signals')
    .select(['id', 'asset', 'direction', 'signal_time', 'decided_at', 'decision', 'cancelled_at'])
    .where('id', '=', signalId)
    .where('bot_id', '=', botId)
    .where('status', '=', 'accepted')
    .executeTakeFirst();
  if (!signal || signal.cancelled_at !== null) return null;
  if (signal.decided_at !== null && signal.decision !== 'traded') return null;
  const by = quoted(source.text);
  const params = {
    asset: signal.asset ?? '',
    direction: signal.direction ?? '',
    time: signal.signal_time ?? '',
    by,
  };
  let outcome: CancelOutcome = 'cancelled';
  if (signal.decided_at === null) {
    const done = await trx
      .updateTable('signals')
      .set({
        decided_at: source.at,
        decision: 'refused',
        decision_reason: 'cancelled',
        cancelled_at: source.at,
        cancelled_by: by,
      })
      .where('id', '=', signal.id)
      .where('decided_at', 'is', null)
      .executeTakeFirst();
    if (done.numUpdatedRows !== 1n) return null;
  } else {
    const orders = await trx
      .selectFrom('orders')
      .select(['state', 'attempted_at'])
      .where('signal_id', '=', signal.id)
      .where('bot_id', '=', botId)
      .where('copy_of', 'is', null)
      .execute();
    const sent = orders.some((o) => o.state !== 'placed' || o.attempted_at !== null);
    if (sent) outcome = 'too_late';
    else {
      await trx
        .updateTable('signals')
        .set({ cancelled_at: source.at, cancelled_by: by })
        .where('id', '=', signal.id)
        .execute();
      await enqueueBotEvent(trx, { botId, kind: 'signal', refId: signal.id, dueAt: source.at });
    }
  }
  await appendActivity(trx, {
    botId,
    at: source.at,
    kind: 'decision',
    signalId: signal.id,
    message: {
      key:
        outcome === 'too_late'
          ? 'robot.activity.tooLateToCancel'
          : source.text === null
            ? 'robot.activity.cancelledByTrader'
            : 'robot.activity.cancelled',
      params,
    },
  });
  return outcome;
}

/**
 * A channel's cancel post: cancels the bot's matching entries of that channel (same asset, and
 * same signal time when the post names one) that are pending or not sent yet; each sent one is
 * logged "too late to cancel". How many entries it matched.
 */
export async function cancelFromChannel(
  trx: Kysely<Database>,
  target: { botId: number; channelId: string; asset: string; time: string | null },
  source: CancelSource,
): Promise<number> {
  let q = trx
    .selectFrom('signals')
    .select('id')
    .where('bot_id', '=', target.botId)
    .where('channel_id', '=', target.channelId)
    .where('status', '=', 'accepted')
    .where('asset', '=', target.asset)
    .where('cancelled_at', 'is', null)
    .where('received_at', '>=', source.at - CANCEL_LOOKBACK_MS)
    .where((eb) => eb.or([eb('decided_at', 'is', null), eb('decision', '=', 'traded')]));
  if (target.time !== null) q = q.where('signal_time', '=', target.time);
  const rows = await q.orderBy('id').execute();
  let matched = 0;
  for (const row of rows) {
    if ((await cancelEntry(trx, target.botId, row.id, source)) !== null) matched += 1;
  }
  return matched;
}

/**
 * A channel's cancel post read for many bots at once (the reader's fan-in): their matching
 * entries found in one query, each cancelled as {@link cancelFromChannel} does. Entries of the
 * cancel post's own message written after its line are not matched (they came after it). How
 * many entries it matched.
 */
export async function cancelFromChannelFor(
  trx: Kysely<Database>,
  botIds: readonly number[],
  target: {
    channelId: string;
    asset: string;
    time: string | null;
    messageId: number;
    line: number;
  },
  source: CancelSource,
): Promise<number> {
  if (botIds.length === 0) return 0;
  let q = trx
    .selectFrom('signals')
    .select(['id', 'bot_id'])
    .where(sql<boolean>`bot_id in ${jsonIds(trx, botIds)}`)
    .where('channel_id', '=', target.channelId)
    .where('status', '=', 'accepted')
    .where('asset', '=', target.asset)
    .where('cancelled_at', 'is', null)
    .where('received_at', '>=', source.at - CANCEL_LOOKBACK_MS)
    .where((eb) => eb.or([eb('decided_at', 'is', null), eb('decision', '=', 'traded')]))
    .where((eb) =>
      eb.or([
        eb('message_id', 'is', null),
        eb('message_id', '<>', target.messageId),
        eb('line', '<', target.line),
      ]),
    );
  if (target.time !== null) q = q.where('signal_time', '=', target.time);
  const rows = await q.orderBy('id').execute();
  let matched = 0;
  for (const row of rows) {
    if ((await cancelEntry(trx, Number(row.bot_id), row.id, source)) !== null) matched += 1;
  }
  return matched;
}
