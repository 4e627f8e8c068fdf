import {
  ErrorCode,
  ErrorEnvelopeSchema,
  type BodyOf,
  type Endpoint,
  type FieldLimits,
  type QueryOf,
  type ResponseOf,
} from '@app/contract';

/** A failed call: the HTTP status (0 when the server was unreachable) and the i18n key of the problem. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Readonly<Record<string, string>>;
  /** For number fields in `fields`: the range each takes. */
  readonly limits: Readonly<Record<string, FieldLimits>>;
  /** Values the translated text needs (`{ seconds: 30 }` for a flood wait). */
  readonly params: Readonly<Record<string, string | number>>;

  constructor(
    status: number,
    code: string,
    fields: Record<string, string> = {},
    limits: Record<string, FieldLimits> = {},
    params: Record<string, string | number> = {},
  ) {
    super(code);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.limits = limits;
    this.params = params;
  }
}

/** Not in the contract: the browser could not reach the server at all. */
export const NETWORK_ERROR = 'errors.network';

type QueryPart<E> = [QueryOf<E>] extends [undefined]
  ? { query?: undefined }
  : { query: QueryOf<E> };
type BodyPart<E> = [BodyOf<E>] extends [undefined] ? { body?: undefined } : { body: BodyOf<E> };
export type ApiOptions<E> = QueryPart<E> & BodyPart<E>;
type ApiArgs<E> =
  object extends ApiOptions<E> ? [options?: ApiOptions<E>] : [options: ApiOptions<E>];

const CODE_BY_STATUS: Record<number, string> = {
  400: ErrorCode.invalidInput,
  401: ErrorCode.unauthenticated,
  403: ErrorCode.forbidden,
  404: ErrorCode.notFound,
  429: ErrorCode.rateLimited,
  501: ErrorCode.notImplemented,
};

function toSearch(query: unknown): string {
  if (query === undefined || query === null) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The address of an endpoint with its query, for what the browser opens itself rather than
 * through {@link api}: a download link (CSV) or an `EventSource` stream.
 */
export function endpointUrl<E extends Endpoint>(endpoint: E, query: QueryOf<E>): string {
  return `/api${endpoint.path}${toSearch(query)}`;
}

/**
 * The one way the panel talks to the server: `api(endpoints.x, { query, body })`. Builds the URL
 * from the contract's endpoint table, sends JSON with the session cookie and returns the answer
 * parsed by the endpoint's response schema. Any failure throws an {@link ApiError}.
 */
export async function api<E extends Endpoint>(
  endpoint: E,
  ...[options]: ApiArgs<E>
): Promise<ResponseOf<E>> {
  const opts = (options ?? {}) as { query?: unknown; body?: unknown };
  const init: RequestInit = {
    method: endpoint.method,
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  };
  if (opts.body !== undefined) {
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
    init.body = JSON.stringify(opts.body);
  }

  let response: Response;
  try {
    response = await fetch(`/api${endpoint.path}${toSearch(opts.query)}`, init);
  } catch {
    throw new ApiError(0, NETWORK_ERROR);
  }

  const payload = await readJson(response);
  if (!response.ok) {
    const envelope = ErrorEnvelopeSchema.safeParse(payload);
    if (envelope.success) {
      const { code, fields, limits, params } = envelope.data.error;
      throw new ApiError(response.status, code, fields, limits, params);
    }
    throw new ApiError(response.status, CODE_BY_STATUS[response.status] ?? ErrorCode.internal);
  }

  const parsed = endpoint.response.safeParse(payload);
  if (!parsed.success) throw new ApiError(response.status, ErrorCode.internal);
  return parsed.data as ResponseOf<E>;
}

/** The i18n key to show for any thrown value. */
export function errorKey(error: unknown): string {
  return error instanceof ApiError ? error.code : ErrorCode.internal;
}

/** The params of a failure's text (`{ seconds }` of a flood wait); none for other throws. */
export function errorParams(error: unknown): Record<string, string | number> {
  return error instanceof ApiError ? { ...error.params } : {};
}
