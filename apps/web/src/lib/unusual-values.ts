import type { UnusualValue } from '../components/form/form-shell.tsx';

/** Above this, a gale factor is asked about before saving: 3 gales at 5 stake 125 times the entry. */
export const USUAL_GALE_FACTOR_MAX = 5;
/** A stake above this share of the balance is asked about before saving. */
export const USUAL_STAKE_SHARE = 0.1;

interface StakeAndGale {
  /** The stake as saved: an amount, or a percentage of the balance when `stakeIsPercent`. */
  stake?: number | undefined;
  stakeIsPercent?: boolean;
  /** The gale factors saved with it (the entry's and, e.g., a cycle's). */
  galeFactors?: readonly (number | undefined)[];
  /** The bot's balance at its broker, in cents, when known. */
  balanceCents?: number | null | undefined;
  /** Writes an amount in the trader's language (cents → "1.000,00"). */
  money: (cents: number) => string;
  /** Writes a plain number in the trader's language (2.5 → "2,5"). */
  number: (value: number) => string;
}

/**
 * What a trader is asked about before saving a stake and its gale factor: values that are valid
 * but rarely meant (a typo such as "22" for "2,2" stakes 10 648 times the entry by the third gale).
 */
export function unusualStakeAndGale({
  stake,
  stakeIsPercent = false,
  galeFactors = [],
  balanceCents,
  money,
  number,
}: StakeAndGale): UnusualValue[] {
  const reasons: UnusualValue[] = [];
  const factor = galeFactors.find((value) => value !== undefined && value > USUAL_GALE_FACTOR_MAX);
  if (factor !== undefined) {
    reasons.push({
      key: 'unusualValues.galeFactor',
      params: { factor: number(factor), max: number(USUAL_GALE_FACTOR_MAX) },
    });
  }
  if (stake !== undefined && stakeIsPercent && stake > USUAL_STAKE_SHARE * 100) {
    reasons.push({
      key: 'unusualValues.stakePercent',
      params: { stake: number(stake), share: number(USUAL_STAKE_SHARE * 100) },
    });
  } else if (
    stake !== undefined &&
    !stakeIsPercent &&
    typeof balanceCents === 'number' &&
    balanceCents > 0 &&
    stake * 100 > USUAL_STAKE_SHARE * balanceCents
  ) {
    reasons.push({
      key: 'unusualValues.stakeOverBalance',
      params: {
        stake: money(Math.round(stake * 100)),
        balance: money(balanceCents),
        share: number(USUAL_STAKE_SHARE * 100),
      },
    });
  }
  return reasons;
}
