// Placeholder seam until stops/ lands: the session only talks to stops through these three
// functions, so wiring the real module changes this file alone.
import type { Cents, OrderResult, SequenceResult } from '../money/index.ts';

export type StopsSetup = Record<string, never>;
export type StopsTrack = Record<string, never>;

export type StopHit = 'stop_win' | 'stop_loss' | 'trailing_stop' | null;

export function initialStops(_setup: StopsSetup, _startBalanceCents: Cents): StopsTrack {
  return {};
}

export function stopsAfterOrder(
  track: StopsTrack,
  _setup: StopsSetup,
  _event: {
    result: OrderResult;
    pnlCents: Cents;
    profitCents: Cents;
    sequence: SequenceResult | null;
  },
): { track: StopsTrack; hit: StopHit } {
  return { track, hit: null };
}

export function stopsBlockStake(
  _track: StopsTrack,
  _setup: StopsSetup,
  _profitCents: Cents,
  _stakeCents: Cents,
): boolean {
  return false;
}
