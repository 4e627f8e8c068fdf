import type { ChannelRecord, RecordPeriod } from '@app/contract';
import {
  matchClaims,
  planEntry,
  readClaim,
  scoreSignal,
  summarizeRecord,
  type Claim,
  type RecordEntry,
  type RecordPrice,
  type RecordSignal,
  type Verdict,
} from '@app/robot';
import type { SignalType } from '@app/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { backgroundFill, marketDataOf } from '../../market/market-config.ts';
import type { InstantPrice } from '../../market/market-data.ts';
import type { AppDeps } from '../../plugins/context.ts';
import { traderTimezoneOf } from '../../reader/cards.ts';

const DAY_MS = 86_400_000;

/** Start of the trader's day (hours from UTC) containing `now`, Unix ms. */
function dayStartMs(now: number, utcOffsetHours: number): number {
  const offset = utcOffsetHours * 3_600_000;
  return Math.floor((now + offset) / DAY_MS) * DAY_MS - offset;
}

/** Reasons of a line the parser could not read as a signal (not a result post, not advice). */
const UNREADABLE = new Set([
  'no_asset',
  'no_direction',
  'direction_conflict',
  'invalid_time',
  'no_time',
]);
const DAYS: Record<RecordPeriod, number | null> = { today: 1, '7d': 7, '30d': 30, all: null };

interface SignalRow {
  message_id: number | null;
  status: 'accepted' | 'rejected';
  reason: string | null;
  asset: string | null;
  direction: 'CALL' | 'PUT' | null;
  signal_at: number | null;
  timeframe_min: number | null;
  gales: number | null;
  signal_type: number | null;
  delay_ms: number | null;
  received_at: number;
}

interface Planned {
  key: string;
  asset: string;
  direction: 'CALL' | 'PUT';
  steps: { sendAtMs: number; expiresAtMs: number }[];
}

/** The plan of a stored signal, as the reader planned it (its signal type, delay and gales). */
function planOf(row: SignalRow, defaultGales: number): Planned | null {
  if (row.status !== 'accepted' || !row.asset || !row.direction) return null;
  const plan = planEntry({
    signalType: (row.signal_type ?? 7) as SignalType,
    nowMs: Number(row.received_at),
    signalAtMs: row.signal_at === null ? undefined : Number(row.signal_at),
    timeframeMin: row.timeframe_min ?? 1,
    delaySec: (row.delay_ms ?? 0) / 1000,
    gales: row.gales ?? defaultGales,
  });
  const steps = [{ sendAtMs: plan.sendAtMs, expiresAtMs: plan.expiresAtMs }, ...plan.gales];
  const key = [row.asset, row.direction, plan.sendAtMs, plan.expiresAtMs, steps.length].join('|');
  return { key, asset: row.asset, direction: row.direction, steps };
}

function recordPrice(p: InstantPrice | undefined): RecordPrice {
  if (!p || p.status === 'none') return { status: 'none' };
  return p.status === 'priced' ? { status: 'priced', price: p.price } : { status: 'pending' };
}

/**
 * The verdicts of `plans` (by key): stored ones read back, the rest scored from the cached
 * candles without waiting on any network; final ones are stored, pending ones get their candles
 * fetched in the background (filled in at a later read).
 */
async function verdictsOf(
  db: Kysely<Database>,
  plans: readonly Planned[],
  now: number,
): Promise<Map<string, Verdict>> {
  const out = new Map<string, Verdict>();
  const keys = [...new Set(plans.map((p) => p.key))];
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db
      .selectFrom('signal_verdicts')
      .select(['key', 'result', 'step'])
      .where('key', 'in', keys.slice(i, i + 500))
      .execute();
    for (const r of rows) {
      out.set(
        r.key,
        r.result === 'win' || r.result === 'draw'
          ? { result: r.result, step: r.step ?? 0 }
          : { result: r.result },
      );
    }
  }
  const missing = plans.filter((p) => !out.has(p.key));
  if (missing.length === 0) return out;
  const market = marketDataOf(db);
  const byAsset = new Map<string, Planned[]>();
  for (const p of missing) byAsset.set(p.asset, [...(byAsset.get(p.asset) ?? []), p]);
  const fresh: { key: string; result: string; step: number | null; scored_at: number }[] = [];
  for (const [asset, list] of byAsset) {
    const instants = [
      ...new Set(list.flatMap((p) => p.steps.flatMap((s) => [s.sendAtMs, s.expiresAtMs]))),
    ];
    const prices = await market.pricesAt(asset, instants, now, { fetch: false });
    const at = new Map(instants.map((ms, i) => [ms, prices[i]]));
    let pending = false;
    for (const p of list) {
      const verdict = scoreSignal(p.direction, p.steps, (ms) => recordPrice(at.get(ms)));
      out.set(p.key, verdict);
      if (verdict.result === 'pending') pending = true;
      else if (!fresh.some((f) => f.key === p.key)) {
        fresh.push({
          key: p.key,
          result: verdict.result,
          step: 'step' in verdict ? verdict.step : null,
          scored_at: now,
        });
      }
    }
    // One fetch per asset for every instant still missing: the next read scores them.
    if (pending) backgroundFill(db, market.pricesAt(asset, instants, now));
  }
  if (fresh.length > 0) {
    await db
      .insertInto('signal_verdicts')
      .values(fresh as never)
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }
  return out;
}

/**
 * A followed channel's record for one bot: every signal its reader read from the channel in the
 * period (traded or not), scored against the market at the robot's own entry and gale instants,
 * with the channel's result posts matched to them; late signals and unreadable messages counted.
 */
export async function channelRecord(
  deps: AppDeps,
  botId: number,
  query: { channel: string; period: RecordPeriod },
): Promise<ChannelRecord> {
  const { db } = deps;
  const now = deps.now();
  const tz = await traderTimezoneOf(db, botId);
  const days = DAYS[query.period];
  const since = days === null ? 0 : dayStartMs(now, tz) - (days - 1) * DAY_MS;
  const [rows, card, params, messages] = await Promise.all([
    db
      .selectFrom('signals')
      .select([
        'message_id',
        'status',
        'reason',
        'asset',
        'direction',
        'signal_at',
        'timeframe_min',
        'gales',
        'signal_type',
        'delay_ms',
        'received_at',
      ])
      .where('bot_id', '=', botId)
      .where('channel_id', '=', query.channel)
      .where('received_at', '>=', since)
      .orderBy('received_at')
      .orderBy('id')
      .execute() as Promise<SignalRow[]>,
    db
      .selectFrom('channel_cards')
      .select(['name', 'galenum'])
      .where('bot_id', '=', botId)
      .where('id_num', '=', query.channel)
      .executeTakeFirst(),
    db
      .selectFrom('bots as b')
      .leftJoin('global_params as g', (j) =>
        j.onRef('g.bot_id', '=', 'b.id').onRef('g.broker_id', '=', 'b.current_broker'),
      )
      .select('g.galenum')
      .where('b.id', '=', botId)
      .executeTakeFirst(),
    db
      .selectFrom('reader_messages')
      .select(['id', 'text', 'received_at'])
      .where('bot_id', '=', botId)
      .where('channel_id', '=', query.channel)
      .where('received_at', '>=', since)
      .orderBy('received_at')
      .orderBy('id')
      .execute(),
  ]);
  // The channel's gale count when the message and the card say none: the bot's own (martingale).
  const defaultGales = card?.galenum || params?.galenum || 0;
  const plans: (Planned & { firstExpiryMs: number; lastExpiryMs: number })[] = [];
  const accepted = new Set<number>();
  let late = 0;
  const unreadable = new Set<string>();
  for (const row of rows) {
    if (row.status === 'accepted' && row.message_id !== null) accepted.add(Number(row.message_id));
    if (row.reason === 'too_late') late += 1;
    if (row.reason !== null && UNREADABLE.has(row.reason)) {
      unreadable.add(String(row.message_id ?? `r${row.received_at}`));
    }
    const plan = planOf(row, defaultGales);
    if (!plan) continue;
    plans.push({
      ...plan,
      firstExpiryMs: plan.steps[0]?.expiresAtMs ?? 0,
      lastExpiryMs: plan.steps[plan.steps.length - 1]?.expiresAtMs ?? 0,
    });
  }
  const verdicts = await verdictsOf(db, plans, now);
  const posts: { atMs: number; claim: Claim }[] = [];
  const scoreboards: { wins: number; losses: number }[] = [];
  for (const m of messages) {
    if (accepted.has(Number(m.id))) continue;
    const claim = readClaim(m.text);
    if (!claim) continue;
    if (claim.kind === 'scoreboard') scoreboards.push({ wins: claim.wins, losses: claim.losses });
    else posts.push({ atMs: Number(m.received_at), claim });
  }
  const signals: RecordSignal[] = plans.map((p, i) => ({
    key: String(i),
    asset: p.asset,
    entryAtMs: p.steps[0]?.sendAtMs ?? 0,
    firstExpiryMs: p.firstExpiryMs,
    lastExpiryMs: p.lastExpiryMs,
  }));
  const claims = matchClaims(signals, posts);
  const entries: RecordEntry[] = plans.map((p, i) => ({
    asset: p.asset,
    entryAtMs: p.steps[0]?.sendAtMs ?? 0,
    verdict: verdicts.get(p.key) ?? { result: 'pending' },
    claim: claims.get(String(i)) ?? null,
  }));
  const summary = summarizeRecord(entries, { late, unreadable: unreadable.size, scoreboards }, tz);
  return {
    channel: query.channel,
    name: card?.name || null,
    period: query.period,
    marketSources: marketDataOf(db).sources.map((s) => s.id),
    ...summary,
  };
}
