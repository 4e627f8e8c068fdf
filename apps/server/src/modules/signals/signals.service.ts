import {
  ErrorCode,
  type ChannelMessage,
  type SignalEntry,
  type SignalTestInput,
  type SignalTestResult,
  type SignalType,
} from '@app/contract';
import { channelPlanOf, planEntry, signalLadderCents } from '@app/robot';
import type { Selectable } from 'kysely';
import type { SignalsTable } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { AppDeps } from '../../plugins/context.ts';
import { defaultCard, findCard, traderTimezoneOf } from '../../reader/cards.ts';
import { inboxRowId } from '../../reader/inbox-source.ts';
import { clockTime, readChannelMessage, readMessage } from '../../reader/read-message.ts';
import { seenKeys } from '../../reader/reader.ts';
import { roomOwnerOf, type BotRef } from '../../reader/copy-rooms.ts';
import { ownBot } from '../channels/channels.service.ts';
import { checkedVocabulary } from '../channels/vocabulary-check.ts';
import {
  effectiveGales,
  loadBotPlanSources,
  outcomeOfRow,
  previewOutcome,
  type BotPlanSource,
} from './signal-outcomes.ts';

/**
 * The account's bots that take a channel of these rooms (the reader's rule): the room owner and
 * the account's bots copying its rooms, narrowed to the one the card's `botID` names.
 */
async function followersOf(deps: AppDeps, owner: BotRef, botID: string) {
  const bots = await deps.db
    .selectFrom('bots')
    .select(['id', 'userid', 'traderid'])
    .where('account_id', '=', owner.account_id)
    .orderBy('id')
    .execute();
  return bots.filter(
    (b) =>
      (b.id === owner.id || b.traderid === owner.userid) && (botID === '' || botID === b.userid),
  );
}

/**
 * The signal tester: the reader's own `readMessage` on the channel's card, with the bot's
 * already-taken signals as the dedupe set; nothing is written.
 */
export async function testSignal(deps: AppDeps, input: SignalTestInput): Promise<SignalTestResult> {
  // A vocabulary not taught yet is tried as the card would read it once taught; refused alike.
  const draft = input.vocabulary === undefined ? undefined : checkedVocabulary(input.vocabulary);
  const bot = await ownBot(deps, input.userid);
  const owner = await roomOwnerOf(deps.db, bot);
  let card = await findCard(deps.db, owner.id, input.idNum);
  if (!card) {
    const inboxId = inboxRowId(input.idNum);
    const local =
      inboxId === null
        ? undefined
        : await deps.db
            .selectFrom('inbox_channels')
            .select('name')
            .where('id', '=', inboxId)
            .where('bot_id', '=', owner.id)
            .executeTakeFirst();
    if (!local) throw new HttpError(404, ErrorCode.channelsUnknown);
    card = defaultCard(
      input.idNum,
      local.name,
      owner.userid,
      await traderTimezoneOf(deps.db, owner.id),
    );
  }
  if (draft !== undefined) card = { ...card, vocabulary: draft };
  const nowMs = deps.now();
  const traderTimezone = await traderTimezoneOf(deps.db, bot.id);
  const context = {
    botId: bot.id,
    channelId: input.idNum,
    nowMs,
    receivedAtMs: nowMs,
    messageId: null,
    traderTimezone,
  };
  const { lines, doubtful } = readChannelMessage(input.text, card, {
    ...context,
    seen: await seenKeys(deps.db, bot.id, nowMs),
  });
  // Read again as if new, for each line's dedupe key: a line some bot already took shows what
  // the robot did with it; a new one what each following bot would do now.
  const keys = new Map(
    readMessage(input.text, card, { ...context, seen: new Set() }).map((l) => [l.read.line, l.row]),
  );
  const followers = await followersOf(deps, owner, card.botID);
  const sources = await loadBotPlanSources(deps.db, [
    ...followers,
    ...(followers.some((f) => f.id === bot.id) ? [] : [bot]),
  ]);
  const dedupeKeys = [...keys.values()].flatMap((r) => (r.dedupe_key ? [r.dedupe_key] : []));
  const stored =
    dedupeKeys.length === 0 || followers.length === 0
      ? []
      : await deps.db
          .selectFrom('signals')
          .selectAll()
          .where('channel_id', '=', input.idNum)
          .where(
            'bot_id',
            'in',
            followers.map((f) => f.id),
          )
          .where('dedupe_key', 'in', dedupeKeys)
          .execute();
  const self = sources.get(bot.id) as BotPlanSource;
  const current = await deps.db
    .selectFrom('bots')
    .select('current_broker')
    .where('id', '=', bot.id)
    .executeTakeFirstOrThrow();
  const plan = channelPlanOf(null, card);
  return {
    lines: lines.map(({ read }) => {
      const row = keys.get(read.line);
      if (!row?.dedupe_key) return read;
      const planned = {
        gales: row.gales ?? null,
        lote: row.lote ?? null,
        galefat: row.galefat ?? null,
      };
      const outcomes = followers.flatMap((f) => {
        const source = sources.get(f.id) as BotPlanSource;
        const taken = stored.find((s) => s.bot_id === f.id && s.dedupe_key === row.dedupe_key);
        if (taken) return [outcomeOfRow(source, taken) ?? previewOutcome(source, planned, nowMs)];
        return card.chanEnable ? [previewOutcome(source, planned, nowMs)] : [];
      });
      return { ...read, gales: effectiveGales(self, planned), outcomes };
    }),
    stakeCents: signalLadderCents(self.state, plan)[0] ?? null,
    brokerid: card.brokerid > 0 ? card.brokerid : current.current_broker,
    traderTimezone,
    channelEnabled: card.chanEnable,
    // A header's token feeds every signal under it: shown once.
    doubtful: [...new Map(doubtful.flatMap((d) => d.tokens).map((t) => [t.start, t])).values()]
      .sort((a, b) => a.start - b.start)
      .map((t) => ({ text: t.text, start: t.start, end: t.end, line: t.line, reason: t.reason })),
  };
}

/** The bot's latest signals, newest first, with entry and expiry on the trader's clock. */
export async function listSignals(
  deps: AppDeps,
  userid: string,
  idNum: string | undefined,
  limit: number,
): Promise<SignalEntry[]> {
  const bot = await ownBot(deps, userid);
  const owner = await roomOwnerOf(deps.db, bot);
  let query = deps.db
    .selectFrom('signals')
    .selectAll()
    .where('bot_id', '=', bot.id)
    .orderBy('id', 'desc')
    .limit(limit);
  if (idNum !== undefined) query = query.where('channel_id', '=', idNum);
  const [rows, chats, locals, timezone] = await Promise.all([
    query.execute(),
    deps.db
      .selectFrom('copy_rooms')
      .select(['chat_id', 'name'])
      .where('bot_id', '=', owner.id)
      .execute(),
    deps.db
      .selectFrom('inbox_channels')
      .select(['id', 'name'])
      .where('bot_id', '=', owner.id)
      .execute(),
    traderTimezoneOf(deps.db, bot.id),
  ]);
  // The same lines as read by the account's other bots (one row per bot and line).
  const messageIds = [
    ...new Set(rows.flatMap((r) => (r.message_id !== null ? [r.message_id] : []))),
  ];
  const siblings =
    messageIds.length === 0
      ? []
      : await deps.db
          .selectFrom('signals as s')
          .innerJoin('bots as b', 'b.id', 's.bot_id')
          .selectAll('s')
          .select('b.userid')
          .where('b.account_id', '=', bot.account_id)
          .where('s.bot_id', '!=', bot.id)
          .where('s.status', '=', 'accepted')
          .where('s.message_id', 'in', messageIds)
          .orderBy('s.bot_id')
          .execute();
  const sources = await loadBotPlanSources(deps.db, [
    bot,
    ...[...new Map(siblings.map((s) => [s.bot_id, { id: s.bot_id, userid: s.userid }])).values()],
  ]);
  const self = sources.get(bot.id) as BotPlanSource;
  const names = new Map<string, string>([
    ...locals.map((l) => [`inbox-${l.id}`, l.name] as [string, string]),
    ...chats.map((c) => [c.chat_id, c.name] as [string, string]),
  ]);
  return rows.map((r) => {
    const plan =
      r.status === 'accepted' && r.signal_type !== null && r.timeframe_min
        ? planEntry({
            signalType: r.signal_type as SignalType,
            nowMs: r.parsed_at,
            signalAtMs: r.signal_at ?? undefined,
            timeframeMin: r.timeframe_min,
            delaySec: (r.delay_ms ?? 0) / 1000,
          })
        : null;
    return {
      id: r.id,
      channelId: r.channel_id,
      channelName: names.get(r.channel_id) ?? null,
      line: r.line,
      status: r.status,
      reason: r.reason,
      asset: r.asset,
      direction: r.direction,
      signalTime: r.signal_time,
      entryAt: plan?.sendAtMs ?? null,
      entryTime: plan ? clockTime(plan.sendAtMs, timezone) : null,
      expiresAt: plan?.expiresAtMs ?? null,
      expiryTime: plan ? clockTime(plan.expiresAtMs, timezone) : null,
      timeframeMin: r.timeframe_min,
      gales: r.status === 'accepted' ? effectiveGales(self, r) : null,
      outcomes: [r, ...siblingsOf(siblings, r)].flatMap((row) => {
        const source = sources.get(row.bot_id);
        const outcome = source ? outcomeOfRow(source, row) : null;
        return outcome ? [outcome] : [];
      }),
      signalType: r.signal_type,
      delayMs: r.delay_ms,
      receivedAt: r.received_at,
      parsedAt: r.parsed_at,
      decidedAt: r.decided_at,
      decision: r.decision,
      decisionReason: r.decision_reason,
    };
  });
}

function siblingsOf<R extends Selectable<SignalsTable>>(rows: readonly R[], of: R): R[] {
  if (of.message_id === null || of.status !== 'accepted') return [];
  return rows.filter(
    (r) => r.message_id === of.message_id && r.channel_id === of.channel_id && r.line === of.line,
  );
}

/**
 * One stored message of the rooms the bot reads (its own, or the trader's it copies): the
 * doubt's "tap to teach" link opens the tester on it. Any other id is the same 404, whether it
 * exists or not.
 */
export async function channelMessage(
  deps: AppDeps,
  userid: string,
  id: number,
): Promise<ChannelMessage> {
  const owner = await roomOwnerOf(deps.db, await ownBot(deps, userid));
  const row = await deps.db
    .selectFrom('reader_messages')
    .select(['id', 'channel_id', 'text', 'received_at'])
    .where('id', '=', id)
    .where('bot_id', '=', owner.id)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, ErrorCode.notFound);
  return {
    id: Number(row.id),
    idNum: row.channel_id,
    text: row.text,
    receivedAt: Number(row.received_at),
  };
}
