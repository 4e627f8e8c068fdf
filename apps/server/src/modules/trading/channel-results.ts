import type { ChannelResults, endpoints, QueryOf, ResultsPeriod } from '@app/contract';
import { signalScoreOf } from '@app/robot';
import { botIdOf } from '../../lib/owned-bot.ts';
import type { AppDeps } from '../../plugins/context.ts';
import { loadBotSettings } from '../../robot/settings/bot-settings.ts';
import { channelNamesOf } from './channel-names.ts';
import { DAY_MS, dayStartMs, signalsOrdersSince } from './orders-read.ts';

/** Days before today each period reaches back: today, the last 7 days, the last 30 days. */
const DAYS_BACK: Record<ResultsPeriod, number> = { today: 0, week: 6, month: 29 };

/**
 * Each channel's signals of the period scored per signal (the figure traders choose channels
 * by): every channel the bot has a name for, even without signals, and every channel its
 * orders name; the period starts at the trader's midnight (reader time zone) `DAYS_BACK` ago.
 */
export async function readChannelResults(
  deps: AppDeps,
  q: QueryOf<typeof endpoints.tradingChannelResults>,
): Promise<ChannelResults> {
  const botId = await botIdOf(deps, q.userid);
  const settings = await loadBotSettings(deps.db, botId);
  const now = deps.now();
  const from = dayStartMs(now, settings.utcOffsetHours) - DAYS_BACK[q.period] * DAY_MS;
  const names = await channelNamesOf(deps.db, botId);
  const orders = await signalsOrdersSince(deps.db, botId, from, names);
  const byChannel = new Map<string | null, typeof orders>();
  for (const id of names.keys()) byChannel.set(id, []);
  for (const o of orders) {
    const list = byChannel.get(o.channelId);
    if (list) list.push(o);
    else byChannel.set(o.channelId, [o]);
  }
  const channels = [...byChannel.entries()]
    .map(([channelId, list]) => ({
      channelId,
      channelName: channelId === null ? null : (names.get(channelId) ?? null),
      score: signalScoreOf(list),
    }))
    .sort(
      (a, b) =>
        b.score.signals + b.score.open - (a.score.signals + a.score.open) ||
        (a.channelName ?? a.channelId ?? '').localeCompare(b.channelName ?? b.channelId ?? ''),
    );
  return { period: q.period, from, to: now, channels, total: signalScoreOf(orders) };
}
