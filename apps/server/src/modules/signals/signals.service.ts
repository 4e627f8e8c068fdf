import {
  ErrorCode,
  type SignalEntry,
  type SignalTestInput,
  type SignalTestResult,
  type SignalType,
} from '@app/contract';
import { galePricesCents, planEntry } from '@app/robot';
import { HttpError } from '../../lib/http-error.ts';
import type { AppDeps } from '../../plugins/context.ts';
import { defaultCard, findCard, traderTimezoneOf } from '../../reader/cards.ts';
import { inboxRowId } from '../../reader/inbox-source.ts';
import { clockTime, readMessage } from '../../reader/read-message.ts';
import { seenKeys } from '../../reader/reader.ts';
import { roomOwnerOf } from '../../reader/rooms.ts';
import { loadSessionConfig } from '../../robot/settings/bot-settings.ts';
import { loadSession } from '../../robot/session-store.ts';
import { ownBot } from '../channels/channels.service.ts';

/** The first stake (cents) the bot's money management would send now; `null` without one. */
async function stakeNowCents(deps: AppDeps, botId: number): Promise<number | null> {
  const { state } = await loadSession(deps.db, botId, await loadSessionConfig(deps.db, botId));
  return galePricesCents(state)[0] ?? null;
}

/**
 * The signal tester: the reader's own `readMessage` on the channel's card, with the bot's
 * already-taken signals as the dedupe set; nothing is written.
 */
export async function testSignal(deps: AppDeps, input: SignalTestInput): Promise<SignalTestResult> {
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
  const nowMs = deps.now();
  const traderTimezone = await traderTimezoneOf(deps.db, bot.id);
  const lines = readMessage(input.text, card, {
    botId: bot.id,
    channelId: input.idNum,
    nowMs,
    receivedAtMs: nowMs,
    messageId: null,
    seen: await seenKeys(deps.db, bot.id, nowMs),
    traderTimezone,
  });
  const current = await deps.db
    .selectFrom('bots')
    .select('current_broker')
    .where('id', '=', bot.id)
    .executeTakeFirstOrThrow();
  return {
    lines: lines.map((l) => l.read),
    stakeCents: card.lote > 0 ? Math.round(card.lote * 100) : await stakeNowCents(deps, bot.id),
    brokerid: card.brokerid > 0 ? card.brokerid : current.current_broker,
    traderTimezone,
    channelEnabled: card.chanEnable,
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
      .selectFrom('chat_lists')
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
      gales: r.gales,
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
