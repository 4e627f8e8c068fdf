import { Broker, BROKERS } from '@app/contract';
import type { QuadcodePlatform } from './quadcode/quadcode-broker.ts';

/**
 * The Quadcode-platform brokers shipped on by default, with their hosts as the platform's own
 * clients reach them (docs/brokers.md gives the sources). The operator may override each one
 * (`QUADCODE_<id>_HTTP_URL`, `_WS_URL`, `_PLATFORM_ID`) or switch one off (`QUADCODE_<id>=off`).
 */
export const QUADCODE_DEFAULTS: readonly QuadcodePlatform[] = [
  {
    brokerId: Broker.iq,
    name: BROKERS[Broker.iq],
    httpUrl: 'https://auth.iqoption.com/api',
    wsUrl: 'wss://iqoption.com/echo/websocket',
    platformId: null,
  },
  {
    brokerId: Broker.exnova,
    name: BROKERS[Broker.exnova],
    httpUrl: 'https://api.trade.exnova.com',
    wsUrl: 'wss://ws.trade.exnova.com/echo/websocket',
    platformId: null,
  },
];

/** Brokers an operator may run on the platform by configuration alone (their hosts unverified). */
export const QUADCODE_CONFIGURABLE: readonly number[] = [
  Broker.bullex,
  Broker.avalon,
  Broker.polarium,
  Broker.homeBroker,
  Broker.casaTrader,
  Broker.atriunBroker,
  Broker.mango,
  Broker.optgo,
  Broker.optinary,
  Broker.broker10,
  Broker.pixtrade,
  Broker.dayProfit,
  Broker.capitalBear,
];

function httpUrlOk(text: string, schemes: readonly string[]): boolean {
  try {
    return schemes.includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

/**
 * The Quadcode-platform brokers of this installation: the defaults, as the environment overrides
 * them, plus every configurable broker whose two URLs the operator set. A broker with a malformed
 * URL is left out (it trades on paper and the panel says "simulator only").
 */
export function quadcodePlatformsFromEnv(
  env: NodeJS.ProcessEnv = process.env,
): Map<number, QuadcodePlatform> {
  const out = new Map<number, QuadcodePlatform>();
  const ids = [...QUADCODE_DEFAULTS.map((p) => p.brokerId), ...QUADCODE_CONFIGURABLE];
  for (const brokerId of ids) {
    const prefix = `QUADCODE_${brokerId}`;
    if (env[prefix]?.trim().toLowerCase() === 'off') continue;
    const base = QUADCODE_DEFAULTS.find((p) => p.brokerId === brokerId);
    const httpUrl = env[`${prefix}_HTTP_URL`]?.trim() || base?.httpUrl;
    const wsUrl = env[`${prefix}_WS_URL`]?.trim() || base?.wsUrl;
    if (!httpUrl || !wsUrl) continue;
    if (!httpUrlOk(httpUrl, ['http:', 'https:']) || !httpUrlOk(wsUrl, ['ws:', 'wss:'])) continue;
    const platformText = env[`${prefix}_PLATFORM_ID`]?.trim();
    const platformId =
      platformText && /^\d+$/.test(platformText)
        ? Number(platformText)
        : (base?.platformId ?? null);
    out.set(brokerId, {
      brokerId,
      name: BROKERS[brokerId as keyof typeof BROKERS],
      httpUrl,
      wsUrl,
      platformId,
    });
  }
  return out;
}

/**
 * Which brokers trade real money here (the others are simulator only: their bots trade on the
 * paper broker): Deriv when its app id is configured (outside production Deriv's test id is
 * allowed), and the Quadcode-platform brokers configured above.
 */
export function realTradingBrokers(env: NodeJS.ProcessEnv = process.env): number[] {
  const out = [...quadcodePlatformsFromEnv(env).keys()];
  if (derivAppIdFromEnv(env) !== null) out.push(Broker.deriv);
  return out.sort((a, b) => a - b);
}

/** Deriv's test app id, accepted only outside production (Deriv says it is for testing). */
export const DERIV_TEST_APP_ID = '1089';

/** The operator's Deriv app id (`DERIV_APP_ID`); in production there is no default: null. */
export function derivAppIdFromEnv(env: NodeJS.ProcessEnv = process.env): string | null {
  const set = env.DERIV_APP_ID?.trim();
  if (set) return set;
  return env.NODE_ENV === 'production' ? null : DERIV_TEST_APP_ID;
}

/** Why a bot may not be switched to Real at this broker, or null when the robot can trade real. */
export type RealSwitchProblem = 'simulatorOnly' | 'noCredentials';

/**
 * Whether the robot can trade real money for a bot at this broker with what the bot stored: the
 * broker must have an adapter here (see {@link realTradingBrokers}) and the bot the login that
 * adapter uses for a real account (Deriv: a real token; Quadcode platform: e-mail and password).
 * Without it the bot would "trade Real" on the paper broker, which is never allowed.
 */
export function realSwitchProblem(
  brokerId: number,
  creds: { email: string; password_enc: string | null; token_real_enc: string | null } | undefined,
  env: NodeJS.ProcessEnv = process.env,
): RealSwitchProblem | null {
  if (!realTradingBrokers(env).includes(brokerId)) return 'simulatorOnly';
  if (!creds) return 'noCredentials';
  if (brokerId === Broker.deriv) return creds.token_real_enc ? null : 'noCredentials';
  return creds.email !== '' && creds.password_enc ? null : 'noCredentials';
}
