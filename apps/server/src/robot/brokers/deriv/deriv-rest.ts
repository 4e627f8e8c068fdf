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
}

export const DERIV_DEFAULT_REST_URL = 'https://api.derivws.com';

/** One Options trading account as `GET /trading/v1/options/accounts` lists it. */
export interface DerivAccount {
  accountId: string;
  type: 'demo' | 'real';
  currency: string;
  status: string;
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
  const body = (await response.json().catch(() => ({}))) as {
    data?: unknown;
    errors?: { code?: unknown }[];
  };
  if (!response.ok) {
    const code = body.errors?.[0]?.code;
    if (response.status === 401 || response.status === 403) {
      throw new DerivApiError(call, 'InvalidToken');
    }
    if (response.status === 429) throw new DerivApiError(call, 'RateLimit');
    throw new DerivApiError(call, typeof code === 'string' ? code : `Http${response.status}`);
  }
  return body.data;
}

/** The Options trading accounts the token reaches, with the type Deriv gives each. */
export async function derivAccounts(
  config: DerivNewApiConfig,
  token: string,
): Promise<DerivAccount[]> {
  const data = await rest(config, token, 'GET', '/trading/v1/options/accounts', 'accounts');
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
  const data = (await rest(
    config,
    token,
    'POST',
    `/trading/v1/options/accounts/${encodeURIComponent(accountId)}/otp`,
    'otp',
  )) as { url?: unknown } | undefined;
  if (typeof data?.url !== 'string') throw new DerivApiError('otp', 'NoUrl');
  return data.url;
}

/**
 * The opener of a new-API connection to the token's account of the wanted type: the account
 * comes from Deriv's own list (its `account_type`), the socket from an OTP URL issued for it, on
 * Deriv's `/ws/demo` or `/ws/real` endpoint. A token that reaches no account of that type, or an
 * OTP URL on the other endpoint, is `AccountMismatch`: nothing is traded.
 */
export function newApiOpener(
  config: DerivNewApiConfig,
  token: string,
  want: 'demo' | 'real',
): DerivOpener {
  return async () => {
    const accounts = await derivAccounts(config, token);
    const account = accounts.find((a) => a.type === want && a.status !== 'disabled');
    if (!account) throw new DerivApiError('accounts', 'AccountMismatch');
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
