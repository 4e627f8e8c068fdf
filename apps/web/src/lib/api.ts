import {
  ErrorCode,
  type BodyOf,
  type Endpoint,
  type FieldLimits,
  type QueryOf,
  type ResponseOf,
} from '@app/contract';

import { apiUrl } from './api-url.ts';
import { takeEarly } from './early-reads.ts';

// Nothing here may import a zod schema at run time: this module is in the login page's first
// chunk, and the contract's schemas (zod) load with the screens that need them.

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
  return apiUrl(endpoint.path, query);
}

type Route = Pick<Endpoint, 'method' | 'path'>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A record whose values all pass `ok`, or undefined (what the envelope's optional maps take). */
function recordOf<T>(value: unknown, ok: (item: unknown) => item is T): Record<string, T> | null {
  if (value === undefined) return {};
  if (!isRecord(value)) return null;
  return Object.values(value).every(ok) ? (value as Record<string, T>) : null;
}

const isString = (item: unknown): item is string => typeof item === 'string';
const isParam = (item: unknown): item is string | number =>
  typeof item === 'string' || (typeof item === 'number' && Number.isFinite(item));
const isLimits = (item: unknown): item is FieldLimits =>
  isRecord(item) &&
  (item.min === undefined || (typeof item.min === 'number' && Number.isFinite(item.min))) &&
  (item.max === undefined || (typeof item.max === 'number' && Number.isFinite(item.max))) &&
  (item.integer === undefined || typeof item.integer === 'boolean');

/**
 * The contract's error envelope (`ErrorEnvelopeSchema`) read by hand, so reading a failure needs
 * no zod (api.test.ts checks both agree); null when the payload is not one.
 */
export function readErrorEnvelope(payload: unknown): ApiError | null {
  if (!isRecord(payload) || !isRecord(payload.error)) return null;
  const { code, message, fields, limits, params } = payload.error;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  const fieldMap = recordOf(fields, isString);
  const limitMap = recordOf(limits, isLimits);
  const paramMap = recordOf(params, isParam);
  if (!fieldMap || !limitMap || !paramMap) return null;
  return new ApiError(0, code, { ...fieldMap }, { ...limitMap }, { ...paramMap });
}

/**
 * Sends one call and returns its JSON unchecked: what {@link api} runs before the endpoint's
 * response schema. Only for the calls the login page makes before the schemas have loaded (the
 * session check, by `AUTH_ROUTES`); everything else goes through {@link api}.
 */
export async function request(
  route: Route,
  options: { query?: unknown; body?: unknown } = {},
): Promise<{ status: number; payload: unknown }> {
  const init: RequestInit = {
    method: route.method,
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  };
  if (options.body !== undefined) {
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
    init.body = JSON.stringify(options.body);
  }

  const url = apiUrl(route.path, options.query);
  const ask = () => fetch(url, init);
  let response: Response;
  try {
    // A screen's first read may already be on its way (`readScreenEarly`).
    response = await ((route.method === 'GET' ? takeEarly(url, ask) : null) ?? ask());
  } catch {
    throw new ApiError(0, NETWORK_ERROR);
  }

  const payload = await readJson(response);
  if (!response.ok) {
    const envelope = readErrorEnvelope(payload);
    if (envelope) {
      throw new ApiError(
        response.status,
        envelope.code,
        { ...envelope.fields },
        { ...envelope.limits },
        { ...envelope.params },
      );
    }
    throw new ApiError(response.status, CODE_BY_STATUS[response.status] ?? ErrorCode.internal);
  }
  return { status: response.status, payload };
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
  const { status, payload } = await request(
    endpoint,
    (options ?? {}) as { query?: unknown; body?: unknown },
  );
  const parsed = endpoint.response.safeParse(payload);
  if (!parsed.success) throw new ApiError(status, ErrorCode.internal);
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
