/**
 * Money inside the robot is integer cents (STYLE rule 4). This file is the one place that holds
 * ROBOT.md §0's rounding rule: stakes and profits round half up to the cent; a stake that must
 * cover a loss rounds up.
 */

/** Integer cents. */
export type Cents = number;

// Binary floating point stores 2.675 as 2.67499…; nudging by a tiny epsilon before rounding makes
// "half up" behave as a trader computing by hand expects. 1e-7 cents is far below any real amount.
const EPSILON = 1e-7;

/** Rounds an amount in cents (possibly fractional) half up: `roundCents(1234.5) === 1235`. */
export function roundCents(cents: number): Cents {
  return Math.floor(cents + 0.5 + EPSILON);
}

/** Rounds an amount in cents up to the next whole cent: `ceilCents(1234.01) === 1235`. */
export function ceilCents(cents: number): Cents {
  return Math.ceil(cents - EPSILON);
}

/** Converts a decimal currency amount to cents, half up: `toCents(2.675) === 268`. */
export function toCents(amount: number): Cents {
  return Math.sign(amount) * roundCents(Math.abs(amount) * 100);
}

/** Converts cents to a decimal currency amount: `fromCents(268) === 2.68`. */
export function fromCents(cents: Cents): number {
  return cents / 100;
}

/** Formats cents as a plain decimal with two places: `formatCents(-3714) === '-37.14'`. */
export function formatCents(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
