import { isReal, type RobotMessage } from '@app/contract';

/**
 * The one place that chooses a feed line's Real wording: an order or a copy on a real-money
 * account reads as Real (with the broker's own reference of it, `robot.activity.*Real`), every
 * other account (demo, tournament, the simulator's orders) reads plain. `real` is null when the
 * Real wording has nothing to say yet (a copy the broker gave no reference for): plain then too.
 */
export function realOrPlainLine(
  account: number | string | null,
  lines: { real: RobotMessage | null; plain: RobotMessage },
): RobotMessage {
  return isReal(account) && lines.real ? lines.real : lines.plain;
}
