import { isReal, type OrderFailReason } from '@app/contract';
import type { BrokerAdapter } from '../brokers/broker-adapter.ts';
import { checkFirstRealOrder } from './real-account.ts';
import { sendDeadline } from '../ledger/broker-call.ts';
import { realCapExceeded, tradingDayStart } from './real-cap.ts';
import type { RuntimeDeps } from '../runtime-deps.ts';
import { loadBotSettings } from '../settings/bot-settings.ts';
import type { CopyRow } from '../copy/copy-rows.ts';

/**
 * Why a copy claimed for sending may not go to `broker` right now, or null. Asked right before
 * each one-at-a-time broker call (the follower's own adapter, which may have spent time logging
 * in), after the claim is committed:
 * - past its entry deadline: `missed`, never sent late;
 * - a Real copy goes only where the follower still trades Real: its current broker is the copy's
 *   and its account there is still Real (`accountMismatch` else), never on the paper broker
 *   (the robot never "trades Real" on the simulator);
 * - the follower's daily real-money cap counts its copies as its own orders (`realCapReached`);
 * - the first real order of an adapter's life reads the account type and balance at the broker.
 * The copy's row is already claimed (`attempted_at`), so two copies of one follower claimed at
 * once each count the other: the cap can only refuse too early, never let both pass.
 */
export async function copyRefusal(
  rt: RuntimeDeps,
  row: CopyRow,
  broker: BrokerAdapter,
): Promise<OrderFailReason | null> {
  if (rt.now() > sendDeadline(row.send_at)) return 'missed';
  if (!isReal(row.account_type)) return null;
  if (broker.simulator) return 'accountMismatch';
  const follower = await loadBotSettings(rt.db, row.bot_id);
  if (follower.brokerId !== row.broker_id || !isReal(follower.config.accountType)) {
    return 'accountMismatch';
  }
  const dayStart = tradingDayStart(rt.now(), follower.config.resetHourUtc ?? 0);
  if (await realCapExceeded(rt.db, row, follower.realCapCents, dayStart)) return 'realCapReached';
  return checkFirstRealOrder(broker, row);
}
