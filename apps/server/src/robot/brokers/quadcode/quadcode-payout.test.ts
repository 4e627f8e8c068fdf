import { AccountType } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { qcRequest, QC_EMAIL, useQuadcodeBroker } from '../../../test/quadcode-scenario.ts';
import { payoutOfIncome } from './quadcode-broker.ts';

// The payout as the platform encodes it, settled from every source readable here
// (docs/decisions/2026-12-02-quadcode-platform.md): the SDK names `profit_income` "profit income
// percent" without its unit; captures show 100 + the percent (187 beside `profit_percent: 87`,
// 189 beside 89, 174 with `win_amount: 1.74` on a stake of 1, 183 with 1.83 on 1).
const s = useQuadcodeBroker({ brokerId: 8, name: 'Exnova', platformId: 82 });

describe('the payout a Quadcode-platform broker pays', () => {
  it('reads an acknowledgement’s profit_income as 100 + the percent', async () => {
    expect(payoutOfIncome(187)).toBe(0.87);
    expect(payoutOfIncome(174)).toBe(0.74);
    expect(payoutOfIncome('189')).toBe(0.89);
    const answer = await s.broker.placeOrder(qcRequest());
    expect(answer).toMatchObject({ ok: true, payout: 0.87 });
  });

  it('never plans on an implausible payout: a quote outside 10–100 % is not sent, an odd acknowledgement keeps the quote', async () => {
    expect(payoutOfIncome(87)).toBeNull(); // a bare percent would be a payout below nothing
    expect(payoutOfIncome(350)).toBeNull();
    expect(payoutOfIncome(null)).toBeNull();
    // The platform quotes 95 % commission: a 5 % payout would make a gale twenty stakes.
    s.fake.actives.turbo.find((a) => a.ticker === 'EURUSD')!.commission = 95;
    await expect(s.broker.payout('EURUSD', 1)).rejects.toThrow(/implausible payout/);
    expect(await s.broker.placeOrder(qcRequest())).toEqual({
      ok: false,
      error: 'payoutImplausible',
    });
    s.fake.actives.turbo.find((a) => a.ticker === 'EURUSD')!.commission = -40;
    expect(await s.broker.placeOrder(qcRequest())).toMatchObject({ error: 'payoutImplausible' });
    expect(s.fake.calls('binary-options.open-option')).toHaveLength(0);

    // Bought at the quoted 87 %, acknowledged in an encoding we do not know: the order is
    // open (it was bought) with the payout it was bought at, and the log says why.
    s.fake.actives.turbo.find((a) => a.ticker === 'EURUSD')!.commission = 13;
    s.fake.incomeOverride = 1_000;
    expect(await s.broker.placeOrder(qcRequest())).toMatchObject({ ok: true, payout: 0.87 });
    s.fake.incomeOverride = 50;
    expect(await s.broker.placeOrder(qcRequest())).toMatchObject({ ok: true, payout: 0.87 });
    expect(JSON.stringify(s.logged)).toContain('profit_income');
  });

  it('reads balances as the SDK does: an options balance first, a margin one from the margin portfolio', async () => {
    const user = s.fake.users.get(QC_EMAIL)!;
    // Exnova's demo USD balance is a margin balance (capture): its amount for options is the
    // lower of `available` and `cash`, plus bonuses (the SDK's availableForOptionsAmount).
    user.balances = [
      {
        id: 21,
        type: 4,
        amount: 10_000,
        currency: 'USD',
        isMarginal: true,
        marginAvailable: 9_400,
      },
      { id: 22, type: 1, amount: 80, currency: 'USD', bonus: 5 },
    ];
    expect(await s.broker.balance(AccountType.demo)).toBe(940_000);
    expect(await s.broker.balance(AccountType.real)).toBe(8_500);
    expect(await s.broker.checkAccount(AccountType.demo)).toMatchObject({
      ok: true,
      real: false,
      balanceCents: 940_000,
    });
    // A stake above what options may use is refused before anything is sent.
    expect(await s.broker.placeOrder(qcRequest({ stakeCents: 950_000 }))).toEqual({
      ok: false,
      error: 'insufficientBalance',
    });
    const bought = await s.broker.placeOrder(qcRequest());
    expect(bought.ok).toBe(true);
    expect(s.fake.calls('binary-options.open-option')[0]!.msg.body).toMatchObject({
      user_balance_id: 21,
    });
    // With both kinds of demo balance, options trade on the options one.
    user.balances.push({ id: 23, type: 4, amount: 3_000, currency: 'USD' });
    expect(await s.broker.balance(AccountType.demo)).toBe(300_000);
  });
});
