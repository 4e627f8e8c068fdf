import type { EntryPlan } from '../timing/index.ts';
import { step } from './session.ts';
import type { ChannelPlan } from './signal-plan.ts';
import { tradeBlock, type TradeGateInput } from './trade-gate.ts';
import type {
  PlaceOrderCommand,
  SessionCommand,
  SessionConfig,
  SessionSignal,
  SessionState,
} from './types.ts';

/** What a bot knows when one of its pending entries is due for its decision. */
export interface EntryDecisionInput {
  /** The bot's session as loaded, with today's config. */
  state: SessionState;
  nowMs: number;
  signal: SessionSignal;
  /** The entry's instants, planned with the session's gale schedule (`planEntry`). */
  entry: EntryPlan;
  plan?: ChannelPlan;
  /** The trade gate's facts about the bot (state, instants and payout are filled in here). */
  gate: Omit<TradeGateInput, 'state' | 'nowMs' | 'sendAtMs' | 'payout'>;
  /** The broker's payout (fraction) for the asset now; 0 = the broker did not answer. */
  payout: number;
  /** The config the stake is computed with: the session's, at the broker's payout. */
  pricedConfig: SessionConfig;
  /** A refusal the broker gave before the gate (account missing, asset not offered), or null. */
  brokerRefusal: string | null;
}

/** The decision on one pending entry of one bot. */
export type EntryDecision =
  /** One sequence at a time: the entry waits for the one in flight, up to its send deadline. */
  | { kind: 'waiting' }
  | {
      kind: 'traded';
      /** The session after it (config as loaded), to save. */
      state: SessionState;
      commands: SessionCommand[];
      order: PlaceOrderCommand;
    }
  | {
      kind: 'refused';
      reason: string;
      /** The session after the refusal, or null when it did not move (a gate refusal). */
      state: SessionState | null;
      commands: SessionCommand[];
    };

/**
 * Decides one pending entry of one bot (ROBOT.md §0): the trade gate (configured, verified, on,
 * inside the windows, in time, the broker pays enough), then the session (stake from the
 * strategy, pre-stop). The same function for a bot decided alone and for ten thousand bots
 * decided together on one signal: each bot's own rules decide for that bot.
 * @example decideEntry(input).kind // 'traded' | 'refused' | 'waiting'
 */
export function decideEntry(input: EntryDecisionInput): EntryDecision {
  const { nowMs, entry, payout } = input;
  const state = step(input.state, { type: 'tick', nowMs }).state;
  const block = tradeBlock({
    ...input.gate,
    state,
    nowMs,
    sendAtMs: entry.sendAtMs,
    payout: payout > 0 ? payout : 0,
    minPayoutPct: payout > 0 ? input.gate.minPayoutPct : 0,
  });
  if (block === 'sequence_in_flight' && nowMs <= entry.sendAtMs + input.gate.lateToleranceMs) {
    return { kind: 'waiting' };
  }
  const refusal = block ?? input.brokerRefusal ?? (payout > 0 ? null : 'broker_unavailable');
  if (refusal !== null) return { kind: 'refused', reason: refusal, state: null, commands: [] };
  const out = step(
    { ...state, config: input.pricedConfig },
    {
      type: 'signal',
      signal: input.signal,
      entry,
      ...(input.plan ? { plan: input.plan } : {}),
    },
  );
  const next = { ...out.state, config: state.config };
  const order = out.commands.find((c): c is PlaceOrderCommand => c.type === 'place_order');
  if (order) return { kind: 'traded', state: next, commands: out.commands, order };
  const ignored = out.commands.find(
    (c) => c.type === 'notify' && c.key === 'robot.notify.signalIgnored',
  );
  const reason =
    ignored?.type === 'notify' && typeof ignored.params.reason === 'string'
      ? ignored.params.reason
      : 'not_traded';
  // A refusal may still move the session (e.g. the plan closed): it is saved.
  return { kind: 'refused', reason, state: next, commands: out.commands };
}
