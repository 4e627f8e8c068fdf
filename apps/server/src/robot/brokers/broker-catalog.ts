import { Broker, BROKERS } from '@app/contract';
import type { QuadcodePlatform } from './quadcode/quadcode-broker.ts';

/**
 * The `platform` cookie the platform's SDK always sends (`ClientSdk.create(url, platformId, …)`):
 * its README and its test suite against the live platform use 82.
 */
export const QUADCODE_SDK_PLATFORM_ID = 82;

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
    platformId: QUADCODE_SDK_PLATFORM_ID,
  },
  {
    brokerId: Broker.exnova,
    name: BROKERS[Broker.exnova],
    httpUrl: 'https://api.trade.exnova.com',
    wsUrl: 'wss://ws.trade.exnova.com/echo/websocket',
    platformId: QUADCODE_SDK_PLATFORM_ID,
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
        : (base?.platformId ?? QUADCODE_SDK_PLATFORM_ID);
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
 * paper broker): Deriv when the operator's app id is configured (see {@link derivAppIdFromEnv}),
 * and the Quadcode-platform brokers configured above.
 */
export function realTradingBrokers(env: NodeJS.ProcessEnv = process.env): number[] {
  const out = [...quadcodePlatformsFromEnv(env).keys()];
  if (derivAppIdFromEnv(env) !== null) out.push(Broker.deriv);
  return out.sort((a, b) => a - b);
}

/**
 * Deriv's legacy test app id. Deriv's new API refuses it ("Your legacy App IDs will not work with
 * the new APIs", developers.deriv.com workflows): it is used only with `DERIV_API=legacy` outside
 * production.
 */
export const DERIV_TEST_APP_ID = '1089';

/**
 * The operator's Deriv app id (`DERIV_APP_ID`, registered at developers.deriv.com), or null when
 * Deriv cannot be traded here: the new API (the default) needs one in every environment, since
 * no default id works with it; the legacy API outside production falls back to Deriv's test id.
 * Null makes Deriv simulator only (the panel says so, the robot logs why).
 */
export function derivAppIdFromEnv(env: NodeJS.ProcessEnv = process.env): string | null {
  const set = env.DERIV_APP_ID?.trim();
  if (set) return set;
  const legacy = env.DERIV_API?.trim().toLowerCase() === 'legacy';
  return legacy && env.NODE_ENV !== 'production' ? DERIV_TEST_APP_ID : null;
}

/** What the operator's log says when Deriv has no app id here. */
export const DERIV_UNAVAILABLE =
  'Deriv is unavailable (simulator only): DERIV_APP_ID is not set. Register an app at ' +
  "developers.deriv.com and set DERIV_APP_ID to its id (Deriv's legacy ids such as 1089 do " +
  'not work with the new API); until then Deriv bots trade on the simulator.';

/** Why Deriv is simulator only here, for the operator's log (null when it trades). */
export function derivUnavailableReason(env: NodeJS.ProcessEnv = process.env): string | null {
  return derivAppIdFromEnv(env) === null ? DERIV_UNAVAILABLE : null;
}
