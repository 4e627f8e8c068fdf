import type { RobotMessage, SignalOutcome, SignalOutcomeState } from '@app/contract';
import { signalPlan, type SessionState } from '@app/robot';
import type { Kysely, Selectable } from 'kysely';
import type { Database, SignalsTable } from '../../db/schema.ts';
import { botBlockNow } from '../../robot/settings/bot-block.ts';
import { loadBotSettings, type BotSettings } from '../../robot/settings/bot-settings.ts';
import { channelPlanOfRow } from '../../robot/settings/money-settings.ts';
import { loadSession } from '../../robot/session-store.ts';

/** A bot as the outcome views need it: its user id, settings and session state now. */
export interface BotPlanSource {
  id: number;
  userid: string;
  settings: BotSettings;
  state: SessionState;
}

type StoredLine = Pick<
  Selectable<SignalsTable>,
  'status' | 'decision' | 'decided_at' | 'decision_reason' | 'gales' | 'lote' | 'galefat' | 'asset'
> & { direction: string | null };

/**
 * The outcome of each decision the runtime stamps; a decision this table does not know (added
 * later) reads as `refused` with its reason, so the panel never shows it as taken.
 */
const BY_DECISION: Readonly<Record<string, SignalOutcomeState>> = {
  traded: 'sent',
  refused: 'refused',
  cancelled: 'cancelled',
  missed: 'missed',
  pending: 'pending',
};

/** Loads the bots' settings and sessions (one query each per bot: an account has a few bots). */
export async function loadBotPlanSources(
  db: Kysely<Database>,
  bots: readonly { id: number; userid: string }[],
): Promise<Map<number, BotPlanSource>> {
  const out = new Map<number, BotPlanSource>();
  for (const bot of bots) {
    const settings = await loadBotSettings(db, bot.id);
    const { state } = await loadSession(db, bot.id, settings.config);
    out.set(bot.id, { ...bot, settings, state });
  }
  return out;
}

/** Gales the bot's ladder places for a stored line (`signalPlan` of its strategy now). */
export function effectiveGales(
  bot: BotPlanSource,
  row: Pick<SignalsTable, 'gales' | 'lote' | 'galefat'>,
): number {
  const { strategySel, money } = bot.state.config;
  return signalPlan(strategySel, money, channelPlanOfRow(row), bot.state.money).gales;
}

function refusalOf(reason: string, row: Pick<StoredLine, 'asset' | 'direction'>): RobotMessage {
  return {
    key: `robot.refusal.${reason}`,
    params: { asset: row.asset ?? '', direction: row.direction ?? '' },
  };
}

/**
 * What the robot did with a stored accepted line for its bot: from `decision` when stamped,
 * else `pending`. A parser-rejected line has no outcome (its reason says why).
 */
export function outcomeOfRow(bot: BotPlanSource, row: StoredLine): SignalOutcome | null {
  if (row.status !== 'accepted') return null;
  const state: SignalOutcomeState =
    row.decision === null
      ? row.decided_at === null
        ? 'pending'
        : 'refused'
      : (BY_DECISION[row.decision] ?? 'refused');
  const reason =
    state === 'sent' || state === 'pending'
      ? null
      : row.decision_reason !== null
        ? refusalOf(row.decision_reason, row)
        : state === 'refused'
          ? refusalOf('not_traded', row)
          : null;
  return { userid: bot.userid, state, reason, gales: effectiveGales(bot, row) };
}

/**
 * The tester's preview for a line no bot has stored yet: would the bot trade it now, or what
 * holds it back (off, never configured, expired, stop hit, outside its windows…).
 */
export function previewOutcome(
  bot: BotPlanSource,
  row: Pick<SignalsTable, 'gales' | 'lote' | 'galefat'>,
  nowMs: number,
): SignalOutcome {
  const blocked = botBlockNow(bot.settings, bot.state, nowMs);
  return {
    userid: bot.userid,
    state: blocked ? 'wouldRefuse' : 'wouldTrade',
    reason: blocked,
    gales: effectiveGales(bot, row),
  };
}
