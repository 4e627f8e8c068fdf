import {
  QuadcodeApiError,
  QuadcodeNoAnswerError,
  type QuadcodeEndpoints,
} from './quadcode-errors.ts';

/**
 * The platform's login: `POST <httpUrl>/v2/login` with `{ identifier, password }`. Its answers,
 * from the SDK (`LoginPasswordAuthMethod`: 200 and `code: 'success'` with the `ssid`) and from
 * community clients (iqoptionapi and its forks): `code: 'verify'` with a `method` and a `token`
 * when two-step verification is on (the platform has just sent the trader a code), 403
 * `invalid_credentials`, and `requests_limit_exceeded` with a `ttl` in seconds after too many
 * tries. The password is only ever written into this request's body.
 */
export async function quadcodeLogin(
  endpoints: QuadcodeEndpoints,
  email: string,
  password: string,
  timeoutMs: number,
): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let response: Response;
  try {
    response = await fetch(`${endpoints.httpUrl.replace(/\/+$/, '')}/v2/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(endpoints.platformId === null ? {} : { cookie: `platform=${endpoints.platformId}` }),
      },
      body: JSON.stringify({ identifier: email, password }),
      signal: controller.signal,
    });
  } catch {
    throw new QuadcodeNoAnswerError(
      'login',
      controller.signal.aborted ? 'timeout' : 'disconnected',
    );
  } finally {
    clearTimeout(timer);
  }
  const body = (await response.json().catch(() => ({}))) as {
    code?: unknown;
    ssid?: unknown;
    ttl?: unknown;
  };
  if (response.status === 200 && body.code === 'success' && typeof body.ssid === 'string') {
    return body.ssid;
  }
  if (body.code === 'verify') throw new QuadcodeApiError('login', 'twoFactorRequired');
  if (body.code === 'requests_limit_exceeded' || response.status === 429) {
    const ttl = Number(body.ttl);
    throw new QuadcodeApiError('login', 'rateLimited', Number.isFinite(ttl) && ttl > 0 ? ttl : 600);
  }
  if (response.status >= 500) throw new QuadcodeNoAnswerError('login', 'disconnected');
  throw new QuadcodeApiError('login', 'authFailed');
}

/** Refused logins in a row after which the adapter stops logging in (the SDK's 5). */
export const MAX_REFUSED_LOGINS = 5;
/** The wait after the first refused login, ms; it doubles with each one (SDK-like backoff). */
export const LOGIN_BACKOFF_FIRST_MS = 1_000;
/** The longest wait between two logins after failures, ms. */
const LOGIN_BACKOFF_MAX_MS = 60_000;

/**
 * When the adapter may log in again. Every login is a try at the trader's real account, so:
 * refused logins back off (1 s, doubling) and stop for good after {@link MAX_REFUSED_LOGINS} in a
 * row (the SDK's WsApiClient stops after 5); two-step verification stops at once (each login
 * sends the trader another code, and the robot cannot type it); the platform's request limit is
 * waited out for its `ttl`; no answer backs off without counting. A success starts again. Until
 * it may, a call fails at once with the last refusal. The adapter is rebuilt when its login is
 * saved again, with a fresh gate.
 */
export class LoginGate {
  private refused = 0;
  private failures = 0;
  private until = 0;
  private last: Error | null = null;
  private stopped = false;

  /** Throws the last refusal while logging in is not allowed. */
  check(now: number): void {
    if (this.last && (this.stopped || now < this.until)) throw this.last;
  }

  succeeded(): void {
    this.refused = 0;
    this.failures = 0;
    this.until = 0;
    this.last = null;
  }

  failed(err: unknown, now: number): void {
    if (err instanceof QuadcodeApiError) {
      this.last = err;
      if (err.code === 'twoFactorRequired') {
        this.stopped = true;
        return;
      }
      if (err.code === 'rateLimited') {
        this.until = now + (err.retryAfterS ?? 600) * 1000;
        return;
      }
      if (err.code === 'authFailed') {
        this.refused += 1;
        if (this.refused >= MAX_REFUSED_LOGINS) this.stopped = true;
        this.until = now + backoff(this.refused);
        return;
      }
    }
    if (err instanceof QuadcodeNoAnswerError) {
      this.failures += 1;
      this.last = err;
      this.until = now + backoff(this.failures);
    }
  }
}

function backoff(failures: number): number {
  return Math.min(LOGIN_BACKOFF_FIRST_MS * 2 ** (failures - 1), LOGIN_BACKOFF_MAX_MS);
}
