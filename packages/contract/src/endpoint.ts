import type { z } from 'zod';
import type { RawValues, RuleFailure } from './rules.ts';

/** Where the bot id that the caller must own is carried. */
export interface OwnerField {
  in: 'query' | 'body';
  field: string;
}

/**
 * A copy-trading relationship the caller's bot (the owner field) must have with the bot another
 * field names, checked by the server's `route()` right after ownership with one query
 * and the same 403: no service writes the check by hand.
 * - `role`: what the caller is in that relationship — `follower` (the field names its trader),
 *   `trader` (the field names its follower), `either`.
 * - `product`: a fixed product, or the request field that carries it (`default` when absent; no
 *   default = any product), or `'any'`.
 * - `states`: the relationship states accepted (default: any state — pending, accepted, refused).
 */
export interface RelationField {
  in: 'query' | 'body';
  field: string;
  role: 'follower' | 'trader' | 'either';
  product: 'copy' | 'meta' | 'any' | { field: string; default?: 'copy' | 'meta' };
  states?: readonly ('pending' | 'accepted' | 'refused')[];
}

/**
 * One row of SPEC §7 as code: the server registers, validates, checks ownership and documents it
 * from this; the panel calls it by this; nothing else names a URL.
 */
export interface Endpoint<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST';
  /** Path under `/api`, as SPEC §7 writes it. */
  path: `/${string}`;
  /** The area (one name across layers, STYLE "One name, every layer"). */
  area: string;
  summary: string;
  query: Q;
  body: B;
  response: R;
  /** `null`: public (login, registration). Otherwise the session is required. */
  owner: OwnerField | null | 'session';
  /** The relationship the owner bot must have with another bot the request names. */
  relation?: RelationField;
  /** SPEC §5 rules run on the body after (or instead of, when the schema fails) parsing. */
  rules?: (values: RawValues) => RuleFailure | null;
  /** Rate-limited as a credential endpoint (login, registration). */
  credential?: boolean;
}

/** Declares an endpoint, keeping its schema types for typed handlers and clients. */
export function endpoint<
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
>(def: {
  method: 'GET' | 'POST';
  path: `/${string}`;
  area: string;
  summary: string;
  query?: Q;
  body?: B;
  response: R;
  owner: OwnerField | null | 'session';
  relation?: RelationField;
  rules?: (values: RawValues) => RuleFailure | null;
  credential?: boolean;
}): Endpoint<Q, B, R> {
  return { ...def, query: def.query as Q, body: def.body as B };
}

/** The owner is the `userid` of the query string. */
export const ownerQuery: OwnerField = { in: 'query', field: 'userid' };
/** The owner is the `userid` of the JSON body. */
export const ownerBody: OwnerField = { in: 'body', field: 'userid' };

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
export type QueryOf<E> =
  E extends Endpoint<infer Q, z.ZodType | undefined, z.ZodType> ? Infer<Q> : never;
export type BodyOf<E> =
  E extends Endpoint<z.ZodType | undefined, infer B, z.ZodType> ? Infer<B> : never;
export type ResponseOf<E> =
  E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, infer R> ? z.infer<R> : never;
