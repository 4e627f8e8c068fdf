import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../plugins/context.ts';
import { cookieName } from '../../plugins/session.ts';

/**
 * OWASP's device cookie ("Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * logged in to an account successfully gets a cookie naming that account, signed with the
 * server's key. Its login attempts are counted per device, not against the account's hourly cap,
 * so an attacker guessing from anywhere else cannot lock the owner out (docs/security.md).
 */
export const DEVICE_COOKIE = 'device';
/** How long a device stays known without logging in again. */
export const DEVICE_COOKIE_MAX_AGE_SEC = 180 * 24 * 60 * 60;
const PURPOSE = 'device-cookie';

/** The cookie's value for this account: `<nonce>.<mac of e-mail and nonce>`. */
function deviceValue(deps: AppDeps, email: string, nonce: string): string {
  return `${nonce}.${deps.secrets.mac(PURPOSE, `${email}|${nonce}`)}`;
}

/**
 * The device id (its nonce) when the request carries a valid device cookie for this e-mail,
 * else null: a cookie of another account, a forged or a tampered one is no device at all.
 */
export function knownDevice(deps: AppDeps, req: FastifyRequest, email: string): string | null {
  const value = req.cookies[cookieName(DEVICE_COOKIE, req)];
  if (!value || value.length > 200) return null;
  const dot = value.indexOf('.');
  if (dot <= 0) return null;
  const nonce = value.slice(0, dot);
  const expected = Buffer.from(deviceValue(deps, email, nonce));
  const given = Buffer.from(value);
  return expected.length === given.length && timingSafeEqual(expected, given) ? nonce : null;
}

/** After a successful login: a fresh device cookie for this account (httpOnly, Lax). */
export function issueDevice(
  deps: AppDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  email: string,
): void {
  const nonce = randomBytes(16).toString('base64url');
  reply.setCookie(cookieName(DEVICE_COOKIE, req), deviceValue(deps, email, nonce), {
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
    path: '/',
    maxAge: DEVICE_COOKIE_MAX_AGE_SEC,
  });
}
