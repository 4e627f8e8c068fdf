import { AccountType } from '@app/contract';
import type { Cents } from '@app/robot';
import type { QuadcodeConnection } from './quadcode-connection.ts';
import { cents } from './quadcode-positions.ts';

/** The platform's balance types: 1 real, 4 demo (the SDK's `Balances`); no tournament account. */
const BALANCE_TYPE: Partial<Record<AccountType, number>> = {
  [AccountType.demo]: 4,
  [AccountType.real]: 1,
};

/** One balance as the adapter uses it: what options may stake from it, in cents. */
export interface QuadcodeBalance {
  id: number;
  type: number;
  amountCents: Cents;
  currency: string;
}

interface RawBalance {
  id: number;
  type: number;
  amount: number;
  bonus: number;
  currency: string;
  isMargin: boolean;
}

function numberOf(value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : typeof value === 'number' ? value : NaN;
  return Number.isFinite(n) ? n : 0;
}

/**
 * The balances as the SDK reads them (`Balances.create`): `balances.get-available-balances` for
 * types 1 and 4, its items iterated whether they come as an array or keyed by index.
 */
async function availableBalances(connection: QuadcodeConnection): Promise<RawBalance[]> {
  const msg = await connection.request('balances.get-available-balances', '1.0', {
    types_ids: [1, 4],
  });
  const items = Array.isArray(msg) ? msg : msg && typeof msg === 'object' ? Object.values(msg) : [];
  return items.map((raw) => {
    const b = (raw ?? {}) as Record<string, unknown>;
    return {
      id: Number(b.id),
      type: Number(b.type),
      amount: numberOf(b.amount),
      bonus: numberOf(b.bonus_amount),
      currency: String(b.currency ?? ''),
      isMargin: b.is_marginal === true,
    };
  });
}

/**
 * The balance of the account type options trade on, with what options may stake from it (the
 * SDK's `availableForOptionsAmount`): an options balance's amount plus bonuses; a margin
 * balance's lower of `available` and `cash` (`marginal-portfolio.get-marginal-balance`) plus
 * bonuses. An options balance is preferred; a margin one is used only when it is the account's
 * only balance of that type (Exnova lists its demo USD balance as a margin balance). Null: the
 * account has no balance of that type (a tournament account does not exist there).
 */
export async function balanceOf(
  connection: QuadcodeConnection,
  account: AccountType,
): Promise<QuadcodeBalance | null> {
  const type = BALANCE_TYPE[account];
  if (type === undefined) return null;
  const ofType = (await availableBalances(connection)).filter((b) => b.type === type);
  const b = ofType.find((x) => !x.isMargin) ?? ofType[0];
  if (!b) return null;
  let amount = b.amount;
  if (b.isMargin) {
    const margin = (await connection.request('marginal-portfolio.get-marginal-balance', '1.0', {
      user_balance_id: b.id,
    })) as { cash?: unknown; available?: unknown } | null;
    const cash = numberOf(margin?.cash);
    const available = numberOf(margin?.available);
    if (cash > 0 && available > 0) amount = Math.min(cash, available);
  }
  return { id: b.id, type: b.type, amountCents: cents(amount + b.bonus), currency: b.currency };
}
