/**
 * Guessing limits of login and the registration cap (docs/operator.md "Security"). Counters live in
 * the database (`auth_throttle`), so every server instance shares them.
 *
 * Login: a failure counts against the pair (account, address) and against the address. Past
 * its free failures a key slows down — the next attempt waits `firstDelayMs`, doubling per
 * further failure up to `maxDelayMs` — instead of locking: the attempt is answered 429 with
 * Retry-After without evaluating the password. A correct password from an address that has not
 * failed is always let through, so nobody can lock an owner out. Failures are forgotten
 * `forgetMs` after the last one; a success clears its pair.
 *
 * Per account, whatever the address (ASVS: at most 100 failed attempts per account per hour):
 * attempts from a browser without the account's device cookie share `accountFailuresPerHour`
 * per hour; past it they are answered 429 unevaluated until the hour ends. A browser that logged
 * in to the account before (a valid device cookie, see device-cookie.ts) is counted on its own,
 * `deviceFailuresPerHour`, and so still gets in while strangers are capped (OWASP device cookies);
 * a device past its own limit counts as a stranger.
 */
export interface ThrottlePolicy {
  /** Failures per (account, address) before slowing down. */
  pairFreeFailures: number;
  /** Failures per address, whatever the account, before slowing down. */
  addressFreeFailures: number;
  firstDelayMs: number;
  maxDelayMs: number;
  forgetMs: number;
  /** Accounts an address may register per hour. */
  registrationsPerHour: number;
  /** Failed attempts per account per hour from browsers without its device cookie (ASVS ≤ 100). */
  accountFailuresPerHour: number;
  /** Failed attempts per hour from one device cookie before it counts as a stranger. */
  deviceFailuresPerHour: number;
}

export const DEFAULT_THROTTLE: ThrottlePolicy = {
  pairFreeFailures: 5,
  addressFreeFailures: 10,
  firstDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
  forgetMs: 60 * 60_000,
  registrationsPerHour: 5,
  accountFailuresPerHour: 100,
  deviceFailuresPerHour: 10,
};

/**
 * The address a limit counts: IPv4 as is, IPv6 by its /64 (one subscriber's whole prefix, which
 * an attacker could otherwise walk through).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const headParts = head === '' ? [] : head.split(':');
  const tailParts = ip.includes('::') && tail !== '' ? tail.split(':') : [];
  const zeros = Array<string>(Math.max(0, 8 - headParts.length - tailParts.length)).fill('0');
  const groups = ip.includes('::') ? [...headParts, ...zeros, ...tailParts] : headParts;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
