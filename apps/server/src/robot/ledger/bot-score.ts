import type { SignalScore } from '@app/contract';
import {
  groupBySignal,
  lastScoreClear,
  signalResultOf,
  signalScoreOf,
  type SessionState,
  type SignalResult,
  type SignalScoredOrder,
} from '@app/robot';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

const DAY_MS = 86_400_000;

/**
 * When the bot's score last went back to zero, Unix ms: the latest daily score-clear time (the
 * reader's hourClearScore in its zone, midnight when blank) or a later zeroScore command. Read
 * from the clock, not from the session's last tick: a bot that slept through the clear time
 * counts from it all the same.
 * @example scoreSinceOf({ config: { scoreClearMinuteUtc: 1260 }, scoreSinceMs: null }, Date.UTC(2026, 0, 2, 12)) // Date.UTC(2026, 0, 1, 21)
 */
export function scoreSinceOf(
  state: { config: Pick<SessionState['config'], 'scoreClearMinuteUtc'> } & Pick<
    SessionState,
    'scoreSinceMs'
  >,
  now: number,
): number {
  const clear = lastScoreClear(now, state.config.scoreClearMinuteUtc ?? 0);
  return Math.max(clear, state.scoreSinceMs ?? clear);
}

/** The bot's score now: per signal (`signalScoreOf`), of the signals due since {@link scoreSinceOf}. */
export interface BotScore {
  sinceMs: number;
  score: SignalScore;
}

type Orders = (SignalScoredOrder & { sendAt: number })[];

function scoredOrders(
  rows: {
    id: number;
    signal_id: number | null;
    gale_level: number;
    state: string;
    payout_pct: number;
    pnl_cents: number | null;
    send_at: number;
  }[],
): Orders {
  return rows.map((o) => ({
    id: Number(o.id),
    signalId: o.signal_id === null ? null : Number(o.signal_id),
    galeLevel: o.gale_level,
    state: o.state,
    payoutPct: o.payout_pct,
    pnlCents: o.pnl_cents === null ? null : Number(o.pnl_cents),
    sendAt: Number(o.send_at),
  }));
}

const SCORED_COLUMNS = [
  'id',
  'signal_id',
  'gale_level',
  'state',
  'payout_pct',
  'pnl_cents',
  'send_at',
] as const;

/**
 * The one score of a bot that `/placar`, `/status` and home show: the ledger's orders of the
 * signals whose entry was due since the score went back to zero, counted per signal
 * (`signalScoreOf`, docs/trader.md "Score per signal"). `db` may be a transaction.
 */
export async function botScoreOf(
  db: Kysely<Database>,
  botId: number,
  state: Parameters<typeof scoreSinceOf>[0],
  now: number,
): Promise<BotScore> {
  const sinceMs = scoreSinceOf(state, now);
  // A gale is due minutes after its entry: a day before finds every entry of a signal.
  const rows = await db
    .selectFrom('orders')
    .select(SCORED_COLUMNS)
    .where('bot_id', '=', botId)
    .where('send_at', '>=', sinceMs - DAY_MS)
    .orderBy('id')
    .execute();
  const groups = groupBySignal(scoredOrders(rows)).filter(
    (group) => Math.min(...group.map((o) => o.sendAt)) >= sinceMs,
  );
  return { sinceMs, score: signalScoreOf(groups.flat()) };
}

/**
 * One signal's result from every order of it in the ledger (`signalResultOf`) and its asset:
 * what the chat says when its sequence ends. Null when the ledger has no order of it.
 */
export async function signalResultIn(
  db: Kysely<Database>,
  botId: number,
  signalId: number,
): Promise<{ result: SignalResult; asset: string } | null> {
  const rows = await db
    .selectFrom('orders')
    .select([...SCORED_COLUMNS, 'asset'])
    .where('bot_id', '=', botId)
    .where('signal_id', '=', signalId)
    .execute();
  const first = rows[0];
  if (!first) return null;
  return { result: signalResultOf(scoredOrders(rows)), asset: first.asset };
}
