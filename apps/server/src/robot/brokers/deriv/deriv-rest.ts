import { DerivApiError, DerivNoAnswerError, type DerivOpener } from './deriv-connection.ts';

/**
 * Deriv's new API (developers.deriv.com; docs/brokers.md keeps the facts and sources): a REST
 * base for accounts and one-time-password WebSocket URLs, and an OAuth 2.0 server.
 */
export interface DerivNewApiConfig {
  /** REST base, `https://api.derivws.com` (`DERIV_REST_URL`). */
  restUrl: string;
  /** The operator's app id (`Deriv-App-ID` header; required with a personal access token). */
  appId: string | null;
  timeoutMs: number;
  /** Wait before asking again after Deriv's 429, ms (default 1 s; its `Retry-After` if shorter). */
  rateLimitBackoffMs?: number;
}

export const DERIV_DEFAULT_REST_URL = 'https://api.derivws.com';

/** One Options trading account as `GET /trading/v1/options/accounts` lists it. */
export interface DerivAccount {
  accountId: string;
  type: 'demo' | 'real';
  currency: string;
  /** Deriv's `active | inactive`; only an active account is traded (or asked an OTP for). */
  status: string;
}

/**
 * Deriv's REST errors (`{ errors: [{ status, code, message }] }`) as the adapter's codes: 401
 * (`Unauthorized`: a revoked, expired or mistyped token) and 403 (`AccessDenied`: a token
 * without the `trade` scope) need the trader to connect again; 429 is Deriv's rate limit; 5xx
 * and 504 (`Gateway timeout - Upstream service timeout`) are Deriv being down for a while:
 * `Unavailable`, a temporary refusal whose message says to try again in a few minutes.
 */
export function restErrorCode(status: number, code: unknown): string {
  if (status === 401 || code === 'Unauthorized') return 'Unauthorized';
  if (status === 403 || code === 'AccessDenied') return 'AccessDenied';
  if (status === 429) return 'RateLimit';
  if (status >= 500) return 'Unavailable';
  return typeof code === 'string' && code !== '' ? code : `Http${status}`;
}

/** Deriv's 429 on a REST call, with the wait it asked for (`Retry-After`, seconds), if any. */
class RestRateLimit extends DerivApiError {
  constructor(
    call: string,
    readonly retryAfterMs: number | null,
  ) {
    super(call, 'RateLimit');
  }
}

/**
 * One REST call, asked once more after Deriv's 429 (as the socket's `RateLimit` is): the wait is
 * Deriv's `Retry-After` when it asks for less than the backoff, else the backoff. A second 429
 * stands (`rateLimited`: the trader is told to try again in a moment).
 */
async function patientRest<T>(config: DerivNewApiConfig, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof RestRateLimit)) throw err;
    const backoff = config.rateLimitBackoffMs ?? 1_000;
    const wait = Math.min(backoff, err.retryAfterMs ?? backoff);
    await new Promise((resolve) => setTimeout(resolve, wait));
    return call();
  }
}

async function rest(
  config: DerivNewApiConfig,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  call: string,
): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), config.timeoutMs);
  let response: Response;
  try {
    response = await fetch(`${config.restUrl.replace(/\/+$/, '')}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...(config.appId ? { 'deriv-app-id': config.appId } : {}),
      },
      signal: controller.signal,
    });
  } catch {
    throw new DerivNoAnswerError(call, controller.signal.aborted ? 'timeout' : 'disconnected');
  } finally {
    clearTimeout(timer);
  }
  // A gateway's 502/504 page is not JSON: its status alone says what happened.
  const body = (await response.json().catch(() => ({}))) as {
    data?: unknown;
    errors?: { code?: unknown }[];
  };
  if (!response.ok) {
    const code = restErrorCode(response.status, body.errors?.[0]?.code);
    if (code === 'RateLimit') {
      const after = Number(response.headers.get('retry-after'));
      throw new RestRateLimit(call, Number.isFinite(after) && after >= 0 ? after * 1000 : null);
    }
    throw new DerivApiError(call, code);
  }
  return body.data;
}

/** The Options trading accounts the token reaches, with the type Deriv gives each. */
export async function derivAccounts(
  config: DerivNewApiConfig,
  token: string,
): Promise<DerivAccount[]> {
  const data = await patientRest(config, () =>
    rest(config, token, 'GET', '/trading/v1/options/accounts', 'accounts'),
  );
  return (Array.isArray(data) ? data : [])
    .map((raw) => raw as Record<string, unknown>)
    .filter((a) => a.account_type === 'demo' || a.account_type === 'real')
    .map((a) => ({
      accountId: String(a.account_id),
      type: a.account_type as 'demo' | 'real',
      currency: String(a.currency ?? ''),
      status: String(a.status ?? ''),
    }));
}

/** A one-time-password WebSocket URL for one account (`POST …/accounts/{id}/otp`). */
export async function derivOtpUrl(
  config: DerivNewApiConfig,
  token: string,
  accountId: string,
): Promise<string> {
  const data = (await patientRest(config, () =>
    rest(
      config,
      token,
      'POST',
      `/trading/v1/options/accounts/${encodeURIComponent(accountId)}/otp`,
      'otp',
    ),
  )) as { url?: unknown } | undefined;
  if (typeof data?.url !== 'string') throw new DerivApiError('otp', 'NoUrl');
  return data.url;
}

/**
 * The opener of a new-API connection to the token's account of the wanted type: the account
 * comes from Deriv's own list (its `account_type`, and `status` `active`), the socket from an OTP
 * URL issued for it, on Deriv's `/ws/demo` or `/ws/real` endpoint. A token that reaches no
 * account of that type, or an OTP URL on the other endpoint, is `AccountMismatch`; one whose only
 * accounts of that type are `inactive` is `AccountInactive` (no OTP is asked for them): nothing
 * is traded.
 */
export function newApiOpener(
  config: DerivNewApiConfig,
  token: string,
  want: 'demo' | 'real',
): DerivOpener {
  return async () => {
    const accounts = await derivAccounts(config, token);
    const ofType = accounts.filter((a) => a.type === want);
    const account = ofType.find((a) => a.status === 'active');
    if (!account) {
      throw new DerivApiError(
        'accounts',
        ofType.length > 0 ? 'AccountInactive' : 'AccountMismatch',
      );
    }
    const url = await derivOtpUrl(config, token, account.accountId);
    let path: string;
    try {
      path = new URL(url).pathname;
    } catch {
      throw new DerivApiError('otp', 'NoUrl');
    }
    if (!path.endsWith(`/ws/${want}`)) throw new DerivApiError('otp', 'AccountMismatch');
    return {
      url,
      account: { currency: account.currency, real: want === 'real', accountId: account.accountId },
    };
  };
}
