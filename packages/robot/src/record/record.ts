/**
 * A channel's verified record (pure): each signal scored against the market at the instants the
 * robot's own timing plan gives, each result post the channel made read as a claim and matched to
 * its signal, and the figures a trader compares. Prices and instants come in as arguments.
 */
import type { OrderDirection } from '../broker/types.ts';
import { marketOutcome } from '../market/candles.ts';
import type { OrderWindow } from '../timing/entry-timing.ts';
import { foldText } from '../signals/fold-text.ts';

/** The market's word on one instant, as the record reads it. */
export type RecordPrice =
  { status: 'priced'; price: number } | { status: 'none' } | { status: 'pending' };

/** A signal's result against the market. `step` 0 is the entry, 1 = G1 … */
export type Verdict =
  | { result: 'win'; step: number }
  | { result: 'draw'; step: number }
  | { result: 'loss' }
  /** No market price at one of its instants (an OTC asset, a closed market, an unknown asset). */
  | { result: 'no_data' }
  /** The market's answer is not in yet (a source down, rate-limited, or not asked yet). */
  | { result: 'pending' };

/**
 * Scores one signal on its plan's steps (the entry, then each gale at the next candle): the first
 * step the market wins is a win at that step, a step with an unchanged price is a draw (the stake
 * comes back and the ladder stops, as a channel counts a doji), every step lost is a loss.
 * Example: steps 14:30–14:31 and 14:31–14:32, CALL, prices 1.10 → 1.09 → 1.12 → `{ win, step 1 }`.
 */
export function scoreSignal(
  direction: OrderDirection,
  steps: readonly OrderWindow[],
  priceAt: (atMs: number) => RecordPrice,
): Verdict {
  for (let step = 0; step < steps.length; step += 1) {
    const window = steps[step] as OrderWindow;
    const entry = priceAt(window.sendAtMs);
    const exit = priceAt(window.expiresAtMs);
    if (entry.status === 'pending' || exit.status === 'pending') return { result: 'pending' };
    if (entry.status !== 'priced' || exit.status !== 'priced') return { result: 'no_data' };
    const outcome = marketOutcome(direction, entry.price, exit.price);
    if (outcome === 'WIN') return { result: 'win', step };
    if (outcome === 'DRAW') return { result: 'draw', step };
  }
  return { result: 'loss' };
}

/** What a channel's result post says. */
export type Claim =
  | { kind: 'win'; step: number; asset?: string }
  | { kind: 'loss'; asset?: string }
  | { kind: 'draw'; asset?: string }
  /** A scoreboard ("placar 12x3"): the channel's own total, not matched to one signal. */
  | { kind: 'scoreboard'; wins: number; losses: number };

const SCOREBOARD =
  /\b(?:placar|score|marcador|resultado|parcial)\b[^\d]{0,20}(\d{1,3})\s*[x×]\s*(\d{1,3})\b/;
const WIN = /\b(?:win|wins|green|gain|vitoria|ganho|ganamos|ganancia)\b|✅|💰|🤑/;
const LOSS = /\b(?:loss|red|perda|derrota|perdida|hit)\b|❌|🔻|⛔/;
const DRAW = /\b(?:doji|empate|draw|devolvid[ao]|reembolso)\b/;
const STEP = /\b(?:g|gale|mg)\s*(\d)\b|\b(\d)\s*(?:º|o|°|ª)?\s*(?:gale|martingale|mg)\b/;
const FIRST = /\b(?:de primeira|sem gale|na entrada|direto|sg)\b/;
const ASSET = /\b([A-Z]{3})\s*\/?\s*([A-Z]{3})\b/;

/**
 * Reads a result post: `WIN ✅`, `WIN G1`, `✅ 2º gale`, `LOSS ❌`, `DOJI`, `placar do dia 12x3`;
 * null when the text says none of these, or says both a win and a loss. Example:
 * `readClaim('EUR/USD WIN no G1 ✅')` → `{ kind: 'win', step: 1, asset: 'EURUSD' }`.
 */
export function readClaim(text: string): Claim | null {
  const folded = foldText(text).toLowerCase();
  const board = SCOREBOARD.exec(folded);
  if (board) return { kind: 'scoreboard', wins: Number(board[1]), losses: Number(board[2]) };
  const win = WIN.test(folded) || WIN.test(text);
  const loss = LOSS.test(folded) || LOSS.test(text);
  const draw = DRAW.test(folded);
  const kinds = [win, loss, draw].filter(Boolean).length;
  if (kinds !== 1) return null;
  const pair = ASSET.exec(text.toUpperCase());
  const asset = pair ? `${pair[1]}${pair[2]}` : undefined;
  const withAsset = asset ? { asset } : {};
  if (draw) return { kind: 'draw', ...withAsset };
  if (loss) return { kind: 'loss', ...withAsset };
  const step = STEP.exec(folded);
  const n = step ? Number(step[1] ?? step[2]) : FIRST.test(folded) ? 0 : 0;
  return { kind: 'win', step: n, ...withAsset };
}

/** A signal of the record, with the instants claims are matched by. */
export interface RecordSignal {
  key: string;
  asset: string;
  /** The entry's send instant. */
  entryAtMs: number;
  /** When the entry expires: a result post before it cannot be about this signal. */
  firstExpiryMs: number;
  /** When the last gale expires. */
  lastExpiryMs: number;
}

/** How long after a signal's last expiry a result post may still be about it. */
export const CLAIM_WINDOW_MS = 3 * 3_600_000;

/**
 * Matches each result post to the signal it reports: the most recent signal not claimed yet whose
 * entry had expired when the post came (a minute of clock skew allowed) and whose ladder ended at
 * most {@link CLAIM_WINDOW_MS} before it, of the asset the post names when it names one.
 * Scoreboards are not matched. Both lists oldest first.
 */
export function matchClaims(
  signals: readonly RecordSignal[],
  posts: readonly { atMs: number; claim: Claim }[],
): Map<string, Claim> {
  const out = new Map<string, Claim>();
  for (const post of posts) {
    const { claim } = post;
    if (claim.kind === 'scoreboard') continue;
    for (let i = signals.length - 1; i >= 0; i -= 1) {
      const s = signals[i] as RecordSignal;
      if (s.firstExpiryMs > post.atMs + 60_000) continue;
      if (post.atMs > s.lastExpiryMs + CLAIM_WINDOW_MS) break;
      if (out.has(s.key)) continue;
      if (claim.asset !== undefined && claim.asset !== s.asset.replace(/[^A-Z]/g, '').slice(0, 6)) {
        continue;
      }
      out.set(s.key, claim);
      break;
    }
  }
  return out;
}

/** One scored signal of the record. */
export interface RecordEntry {
  asset: string;
  entryAtMs: number;
  verdict: Verdict;
  claim: Claim | null;
}

/** Wins, losses and draws of a group, with its hit rate. */
export interface RecordTally {
  wins: number;
  losses: number;
  draws: number;
  hitRatePct: number | null;
}

/** Everything the channel page shows. */
export interface RecordSummary {
  signals: number;
  verified: RecordTally & { winsByStep: number[]; noData: number; pending: number };
  claimed: RecordTally & { winsByStep: number[]; unclaimed: number };
  /** Signals the channel claimed a win on that the market lost (or the reverse). */
  disagreements: number;
  byHour: ({ hour: number } & RecordTally)[];
  byAsset: ({ asset: string; noData: number } & RecordTally)[];
  late: number;
  unreadable: number;
  scoreboards: { wins: number; losses: number }[];
}

/** Hit rate in percent with one decimal: wins / (wins + losses), draws left out. */
export function hitRatePct(wins: number, losses: number): number | null {
  return wins + losses === 0 ? null : Math.round((wins / (wins + losses)) * 1000) / 10;
}

function tally(entries: readonly RecordEntry[]): RecordTally {
  let wins = 0;
  let losses = 0;
  let draws = 0;
  for (const e of entries) {
    if (e.verdict.result === 'win') wins += 1;
    else if (e.verdict.result === 'loss') losses += 1;
    else if (e.verdict.result === 'draw') draws += 1;
  }
  return { wins, losses, draws, hitRatePct: hitRatePct(wins, losses) };
}

function addStep(steps: number[], step: number): void {
  while (steps.length <= step) steps.push(0);
  steps[step] = (steps[step] ?? 0) + 1;
}

/**
 * The record's figures: verified (the market's) and claimed (the channel's posts) side by side,
 * by gale step, by hour of the trader's day (`utcOffsetHours`), by asset. Example: two signals,
 * the market winning one at G1 and losing the other while the channel claimed both wins → verified
 * 1 × 1 (50 %), claimed 2 × 0 (100 %), one disagreement.
 */
export function summarizeRecord(
  entries: readonly RecordEntry[],
  extra: { late: number; unreadable: number; scoreboards: { wins: number; losses: number }[] },
  utcOffsetHours: number,
): RecordSummary {
  const verifiedSteps: number[] = [];
  const claimedSteps: number[] = [];
  let noData = 0;
  let pending = 0;
  let claimedWins = 0;
  let claimedLosses = 0;
  let claimedDraws = 0;
  let unclaimed = 0;
  let disagreements = 0;
  const hours = new Map<number, RecordEntry[]>();
  const assets = new Map<string, RecordEntry[]>();
  for (const e of entries) {
    const v = e.verdict;
    if (v.result === 'win') addStep(verifiedSteps, v.step);
    if (v.result === 'no_data') noData += 1;
    if (v.result === 'pending') pending += 1;
    const c = e.claim;
    if (!c) unclaimed += 1;
    else if (c.kind === 'win') {
      claimedWins += 1;
      addStep(claimedSteps, c.step);
    } else if (c.kind === 'loss') claimedLosses += 1;
    else if (c.kind === 'draw') claimedDraws += 1;
    if (c && (v.result === 'win' || v.result === 'loss')) {
      const claimedWin = c.kind === 'win';
      if (claimedWin !== (v.result === 'win') && c.kind !== 'draw') disagreements += 1;
    }
    const hour = new Date(e.entryAtMs + utcOffsetHours * 3_600_000).getUTCHours();
    hours.set(hour, [...(hours.get(hour) ?? []), e]);
    assets.set(e.asset, [...(assets.get(e.asset) ?? []), e]);
  }
  return {
    signals: entries.length,
    verified: { ...tally(entries), winsByStep: verifiedSteps, noData, pending },
    claimed: {
      wins: claimedWins,
      losses: claimedLosses,
      draws: claimedDraws,
      hitRatePct: hitRatePct(claimedWins, claimedLosses),
      winsByStep: claimedSteps,
      unclaimed,
    },
    disagreements,
    byHour: [...hours.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([hour, list]) => ({ hour, ...tally(list) })),
    byAsset: [...assets.entries()]
      .map(([asset, list]) => ({
        asset,
        ...tally(list),
        noData: list.filter((e) => e.verdict.result === 'no_data').length,
      }))
      .sort((a, b) => b.wins + b.losses - (a.wins + a.losses) || a.asset.localeCompare(b.asset)),
    late: extra.late,
    unreadable: extra.unreadable,
    scoreboards: extra.scoreboards,
  };
}
