/**
 * Deriv's OAuth 2.0 token endpoint (`<authUrl>/oauth2/token`, form-encoded, as
 * developers.deriv.com documents the authorization-code exchange; docs/brokers.md): the code
 * exchange of "Conectar Deriv" and the renewal of its short-lived access token with the refresh
 * token Deriv may return beside it (RFC 6749 §6: `grant_type=refresh_token`). Nothing here logs
 * or returns a token to anything but its caller.
 */
export interface DerivOAuthConfig {
  /** The operator's OAuth client registered with Deriv (`DERIV_OAUTH_CLIENT_ID`). */
  clientId: string;
  /** Deriv's OAuth server (`DERIV_OAUTH_URL`, default https://auth.deriv.com). */
  authUrl: string;
  /** The token call's time limit, ms. */
  timeoutMs?: number;
}

export const DERIV_DEFAULT_OAUTH_URL = 'https://auth.deriv.com';

/** Offered only when the operator registered an OAuth client: else null (PAT only). */
export function derivOAuthFromEnv(env: NodeJS.ProcessEnv = process.env): DerivOAuthConfig | null {
  const clientId = env.DERIV_OAUTH_CLIENT_ID?.trim();
  if (!clientId) return null;
  return {
    clientId,
    authUrl: (env.DERIV_OAUTH_URL?.trim() || DERIV_DEFAULT_OAUTH_URL).replace(/\/+$/, ''),
  };
}

/** What the token endpoint gave: the access token, and what renews it. */
export interface DerivTokens {
  accessToken: string;
  /** null: Deriv gave none (the trader connects again when the access token runs out). */
  refreshToken: string | null;
  /** Seconds the access token lives (`expires_in`); null: not said. */
  expiresInS: number | null;
}

/**
 * `refused`: Deriv answered with an OAuth error (`invalid_grant`: the code or refresh token is
 * no good, used, or revoked); `unreachable`: no answer, a time-out or a server error (worth
 * asking again later).
 */
export type TokenAnswer =
  { ok: true; tokens: DerivTokens } | { ok: false; why: 'refused' | 'unreachable' };

async function tokenCall(
  config: DerivOAuthConfig,
  form: Record<string, string>,
): Promise<TokenAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), config.timeoutMs ?? 10_000);
  try {
    const response = await fetch(new URL('/oauth2/token', config.authUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...form, client_id: config.clientId }).toString(),
      signal: controller.signal,
    });
    // RFC 6749 §5.2: a refusal is a 400/401 with `error`; anything else is the server's trouble.
    if (response.status === 400 || response.status === 401) return { ok: false, why: 'refused' };
    if (!response.ok) return { ok: false, why: 'unreachable' };
    const json = (await response.json()) as {
      access_token?: unknown;
      refresh_token?: unknown;
      expires_in?: unknown;
    };
    if (typeof json.access_token !== 'string' || json.access_token === '') {
      return { ok: false, why: 'refused' };
    }
    const expires = Number(json.expires_in);
    return {
      ok: true,
      tokens: {
        accessToken: json.access_token,
        refreshToken:
          typeof json.refresh_token === 'string' && json.refresh_token !== ''
            ? json.refresh_token
            : null,
        expiresInS: Number.isFinite(expires) && expires > 0 ? expires : null,
      },
    };
  } catch {
    return { ok: false, why: 'unreachable' };
  } finally {
    clearTimeout(timer);
  }
}

/** The authorization code (with its PKCE verifier) exchanged for tokens. */
export function exchangeCode(
  config: DerivOAuthConfig,
  grant: { code: string; verifier: string; redirectUri: string },
): Promise<TokenAnswer> {
  return tokenCall(config, {
    grant_type: 'authorization_code',
    code: grant.code,
    code_verifier: grant.verifier,
    redirect_uri: grant.redirectUri,
  });
}

/** A new access token for the refresh token (which Deriv may replace with a new one). */
export function refreshTokens(
  config: DerivOAuthConfig,
  refreshToken: string,
): Promise<TokenAnswer> {
  return tokenCall(config, { grant_type: 'refresh_token', refresh_token: refreshToken });
}
