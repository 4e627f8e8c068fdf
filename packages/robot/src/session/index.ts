// Public API of the session folder: one bot's state machine and its bot commands.
export { initialSession, lastScoreClear, step } from './session.ts';
export { stopWith } from './engine.ts';
export { decideEntry, type EntryDecision, type EntryDecisionInput } from './decide-entry.ts';
export {
  clearScore,
  galePricesCents,
  moneyKeyOf,
  SESSION_REPLY_KEYS,
  signalLadderCents,
} from './commands.ts';
export { moneyPlugFor, type MoneyPlug } from './money-plug.ts';
export { scoreOf, type ScoredOrder } from './score.ts';
export {
  groupBySignal,
  signalOutcome,
  signalResultOf,
  signalScoreOf,
  type SignalOutcome,
  type SignalResult,
  type SignalScoredOrder,
} from './signal-score.ts';
export {
  channelPlanOf,
  planMoney,
  signalPlan,
  type ChannelPlan,
  type GalesSource,
  type SignalPlan,
} from './signal-plan.ts';
export type {
  CommandArgs,
  MoneyConfigs,
  NotifyParams,
  OpenOrderRef,
  PlaceOrderCommand,
  Score,
  SequenceInFlight,
  SessionCommand,
  SessionConfig,
  SessionEvent,
  SessionSignal,
  SessionState,
  SessionStep,
  SessionStopReason,
  SignalIgnoredReason,
} from './types.ts';
export {
  insideWindows,
  tradeBlock,
  TRADE_BLOCKS,
  type ClockWindow,
  type TradeBlock,
  type TradeGateInput,
} from './trade-gate.ts';
