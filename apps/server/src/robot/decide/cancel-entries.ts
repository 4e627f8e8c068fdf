import type { RobotMessage } from '@app/contract';
import { sql, type Kysely } from 'kysely';
import { insertJsonRows, jsonIds, type BulkColumns } from '../../db/bulk.ts';
import { ACTIVITY_COLUMNS } from '../activity.ts';
import type { Database } from '../../db/schema.ts';

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

/** An entry a cancellation matched: accepted, not cancelled, pending or traded. */
interface Matched {
  id: number;
  bot_id: number;
  asset: string | null;
  direction: string | null;
  signal_time: string | null;
  decided_at: number | null;
}

const EVENT_COLUMNS: BulkColumns = {
  bot_id: 'bigint',
  kind: 'text',
  ref_id: 'bigint',
  due_at: 'bigint',
};
/**
 * Cancels entries of any number of bots in the caller's transaction, in as many statements for
 * 10,000 entries as for one: not decided yet → refused `cancelled`; decided, the order not sent
 * yet → marked, and the runtime fails the order `cancelled` (its ladder stops) at the bot's next
 * run, rung at once; sent already → "too late to cancel". Every outcome is a line of the bot's
 * feed with the cancelling message. The outcome of each entry it touched, by signal id.
 */
async function cancelMatched(
  trx: Kysely<Database>,
  entries: readonly Matched[],
  source: CancelSource,
): Promise<Map<number, CancelOutcome>> {
  const outcomes = new Map<number, CancelOutcome>();
  if (entries.length === 0) return outcomes;
  const by = quoted(source.text);
  const pending = entries.filter((e) => e.decided_at === null).map((e) => Number(e.id));
  const decided = entries.filter((e) => e.decided_at !== null).map((e) => Number(e.id));
  if (pending.length > 0) {
    // Only those still undecided: the runtime may have decided one since it was read.
    const done = await trx
      .updateTable('signals')
      .set({
        decided_at: source.at,
        decision: 'refused',
        decision_reason: 'cancelled',
        cancelled_at: source.at,
        cancelled_by: by,
      })
      .where(sql<boolean>`id in ${jsonIds(trx, pending)}`)
      .where('decided_at', 'is', null)
      .returning('id')
      .execute();
    for (const r of done) outcomes.set(Number(r.id), 'cancelled');
  }
  if (decided.length > 0) {
    const orders = await trx
      .selectFrom('orders')
      .select(['signal_id', 'state', 'attempted_at'])
      .where(sql<boolean>`signal_id in ${jsonIds(trx, decided)}`)
      .where('copy_of', 'is', null)
      .execute();
    const sent = new Set(
      orders
        .filter((o) => o.state !== 'placed' || o.attempted_at !== null)
        .map((o) => Number(o.signal_id)),
    );
    const stop = decided.filter((id) => !sent.has(id));
    for (const id of decided) outcomes.set(id, sent.has(id) ? 'too_late' : 'cancelled');
    if (stop.length > 0) {
      await trx
        .updateTable('signals')
        .set({ cancelled_at: source.at, cancelled_by: by })
        .where(sql<boolean>`id in ${jsonIds(trx, stop)}`)
        .execute();
      const botOf = new Map(entries.map((e) => [Number(e.id), Number(e.bot_id)]));
      await insertJsonRows(
        trx,
        'bot_events',
        EVENT_COLUMNS,
        stop.map((id) => ({
          bot_id: botOf.get(id),
          kind: 'signal',
          ref_id: id,
          due_at: source.at,
        })),
      ).execute(trx);
    }
  }
  const key = (outcome: CancelOutcome) =>
    outcome === 'too_late'
      ? 'robot.activity.tooLateToCancel'
      : source.text === null
        ? 'robot.activity.cancelledByTrader'
        : 'robot.activity.cancelled';
  const lines = entries.flatMap((e) => {
    const outcome = outcomes.get(Number(e.id));
    if (outcome === undefined) return [];
    const message: RobotMessage = {
      key: key(outcome),
      params: {
        asset: e.asset ?? '',
        direction: e.direction ?? '',
        time: e.signal_time ?? '',
        by,
      },
    };
    return [
      { bot_id: Number(e.bot_id), at: source.at, kind: 'decision', signal_id: e.id, message },
    ];
  });
  if (lines.length > 0) await insertJsonRows(trx, 'activity', ACTIVITY_COLUMNS, lines).execute(trx);
  return outcomes;
}

const MATCHED = [
  'id',
  'bot_id',
  'asset',
  'direction',
  'signal_time',
  'decided_at',
] as const satisfies readonly (keyof Database['signals'])[];

/**
 * Cancels one entry of a bot, in the caller's transaction (the trader's Cancel button), as
 * {@link cancelMatched} does; null when there is nothing to cancel (not the bot's, not an accepted
 * entry, cancelled already, or decided otherwise than traded).
 */
export async function cancelEntry(
  trx: Kysely<Database>,
  botId: number,
  signalId: number,
  source: CancelSource,
): Promise<CancelOutcome | null> {
  const signal = await trx
    .selectFrom('signals')
    .select([...MATCHED, 'decision', 'cancelled_at'])
    .where('id', '=', signalId)
    .where('bot_id', '=', botId)
    .where('status', '=', 'accepted')
    .executeTakeFirst();
  if (!signal || signal.cancelled_at !== null) return null;
  if (signal.decided_at !== null && signal.decision !== 'traded') return null;
  return (await cancelMatched(trx, [signal], source)).get(Number(signal.id)) ?? null;
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
    .select(MATCHED)
    .where('bot_id', '=', target.botId)
    .where('channel_id', '=', target.channelId)
    .where('status', '=', 'accepted')
    .where('asset', '=', target.asset)
    .where('cancelled_at', 'is', null)
    .where('received_at', '>=', source.at - CANCEL_LOOKBACK_MS)
    .where((eb) => eb.or([eb('decided_at', 'is', null), eb('decision', '=', 'traded')]));
  if (target.time !== null) q = q.where('signal_time', '=', target.time);
  const rows = await q.orderBy('id').execute();
  return (await cancelMatched(trx, rows, source)).size;
}

/**
 * A channel's cancel post read for many bots at once (the reader's fan-in): their matching
 * entries found in one query and cancelled together, as {@link cancelFromChannel} does. Entries of the
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
    .select(MATCHED)
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
  return (await cancelMatched(trx, rows, source)).size;
}
