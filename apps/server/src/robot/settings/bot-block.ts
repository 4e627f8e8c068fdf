import type { RobotMessage } from '@app/contract';
import { tradeBlock, type SessionState, type TradeBlock } from '@app/robot';
import type { BotSettings } from './bot-settings.ts';

/** Reasons that hold the whole bot back (the others are about one signal). */
const BOT_BLOCKS: readonly TradeBlock[] = [
  'not_configured',
  'not_verified',
  'bot_off',
  'expired',
  'stopped',
  'outside_windows',
  'max_orders_reached',
];

/**
 * Why the bot would not trade a signal now (off, never configured, expired, stop hit, outside
 * its windows…), as the feed words a refusal; `null` when it would. The dashboard's "blocked by"
 * and the signal tester's preview both ask this.
 */
export function botBlockNow(
  settings: BotSettings,
  state: SessionState,
  nowMs: number,
): RobotMessage | null {
  const block = tradeBlock({
    state: { ...state, sequence: null, openOrder: null },
    configured: settings.missing === null,
    verified: settings.verified,
    botExpSec: settings.botExpSec,
    nowMs,
    windows: settings.windows,
    utcOffsetHours: settings.utcOffsetHours,
    sendAtMs: nowMs,
    payout: 1,
    minPayoutPct: 0,
    lateToleranceMs: Number.POSITIVE_INFINITY,
  });
  if (!block || !BOT_BLOCKS.includes(block)) return null;
  return {
    key: `robot.refusal.${block}`,
    params: block === 'not_configured' ? { missing: settings.missing } : {},
  };
}
