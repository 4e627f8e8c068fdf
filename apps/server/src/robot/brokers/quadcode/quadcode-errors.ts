/** Where one broker of the Quadcode platform family is reached (operator configuration). */
export interface QuadcodeEndpoints {
  /** The HTTP API base the login goes to: `POST <httpUrl>/v2/login`. */
  httpUrl: string;
  /** The trading WebSocket (`wss://…/echo/websocket`). */
  wsUrl: string;
  /** Sent as the `platform` cookie, as the platform's SDK always does; null = not sent. */
  platformId: number | null;
}

/** One broker of the platform family as the operator configured it. */
export interface QuadcodePlatform extends QuadcodeEndpoints {
  brokerId: number;
  name: string;
}

/** An error the platform answered (a refused login, a `status` ≥ 4000, an unsuccessful result). */
export class QuadcodeApiError extends Error {
  constructor(
    readonly call: string,
    /**
     * `authFailed` (a refused login or session), `twoFactorRequired` (the login asks for a
     * two-step verification code), `rateLimited` (the platform's request limit); else the
     * platform's own wording, trimmed.
     */
    readonly code: string,
    /** How long the platform asked to wait, seconds (`ttl` of `requests_limit_exceeded`). */
    readonly retryAfterS?: number,
  ) {
    super(`quadcode ${call}: ${code}`);
    this.name = 'QuadcodeApiError';
  }
}

/** No answer in time, or the connection went away first: the outcome is unknown. */
export class QuadcodeNoAnswerError extends Error {
  constructor(
    readonly call: string,
    readonly why: 'timeout' | 'disconnected',
  ) {
    super(`quadcode ${call}: ${why}`);
    this.name = 'QuadcodeNoAnswerError';
  }
}
