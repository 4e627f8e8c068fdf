import { AccountType, isReal } from '@app/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The start of the trading day holding `now` (the day turns at the reader's reset hour, UTC). */
export function tradingDayStart(now: number, resetHourUtc: number): number {
  const shift = resetHourUtc * HOUR_MS;
  return Math.floor((now - shift) / DAY_MS) * DAY_MS + shift;
}

/**
 * Whether sending this real order would take the bot's real stakes of the trading day past the
 * trader's daily cap (cents; 0 = no cap). Counted: the bot's real orders of the day that reached
 * or may have reached the broker (claimed for sending), failed ones excepted, this one excluded.
 */
export async function realCapExceeded(
  db: Kysely<Database>,
  order: { id: number; bot_id: number; account_type: number; stake_cents: number | string },
  capCents: number,
  dayStart: number,
): Promise<boolean> {
  if (!isReal(order.account_type) || capCents <= 0) return false;
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.sum<number | string | null>('stake_cents').as('spent'))
    .where('bot_id', '=', order.bot_id)
    .where('account_type', '=', AccountType.real)
    .where('attempted_at', '>=', dayStart)
    .where('state', '<>', 'failed')
    .where('id', '<>', order.id)
    .executeTakeFirst();
  const spent = Number(row?.spent ?? 0);
  return spent + Number(order.stake_cents) > capCents;
}
