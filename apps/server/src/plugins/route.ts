import {
  endpointList,
  ErrorCode,
  ErrorEnvelopeSchema,
  fieldLimits,
  fieldProblem,
  type BodyOf,
  type CopyProduct,
  type FieldLimits,
  type RelationField,
  type Endpoint,
  type QueryOf,
  type RawValues,
  type ResponseOf,
} from '@app/contract';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
  onRequestHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import { HttpError } from '../lib/http-error.ts';
import type { OwnedBot } from '../lib/owned-bot.ts';
import type { AppDeps, FollowMatch, RequestSession } from './context.ts';
import { credentialLimiters } from './rate-limit.ts';
import { resolveSession } from './session.ts';

/** What a handler receives: the parsed (typed) query and body, the session, and the raw pair. */
export interface HandlerContext<E extends Endpoint> {
  query: QueryOf<E>;
  body: BodyOf<E>;
  /** The logged-in account. Guaranteed on every endpoint whose owner is not `null`. */
  session: RequestSession;
  /** The session if there is one; for public endpoints (login, logout). */
  maybeSession: RequestSession | null;
  /**
   * Row id of the bot named by the endpoint's owner field, found by the ownership check: use it
   * instead of looking the bot up again (`botIdOf`). Only on endpoints owned by a bot field.
   */
  botId: number;
  /**
   * The relationships found by the endpoint's `relation` check (never empty there): the caller's
   * `copy_follows` rows with the bot the request names. Only on endpoints that declare a relation.
   */
  follows: FollowMatch[];
  /**
   * The app's deps with the bot the ownership check found (`ownedBot`): pass these, not
   * `app.deps`, to a service that resolves the bot by its id (`botIdOf`), so a pending id several
   * accounts claim names the caller's row.
   */
  deps: RequestDeps;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** `app.deps` with the request's owned bot, explicit (no async context: no per-promise hook). */
export interface RequestDeps extends AppDeps {
  ownedBot: OwnedBot | null;
}

export type Handler<E extends Endpoint> = (
  ctx: HandlerContext<E>,
) => Promise<ResponseOf<E>> | ResponseOf<E>;

/** The key under which an endpoint is registered: `GET /globalparams`. */
export function endpointKey(e: Pick<Endpoint, 'method' | 'path'>): string {
  return `${e.method} ${e.path}`;
}

/** Whether a zod issue message is one of our i18n keys (`area.errors.item`), not zod's English. */
function isMessageKey(message: string | undefined): message is string {
  return message !== undefined && /^[a-zA-Z][\w-]*(\.[a-zA-Z][\w-]*)+$/.test(message);
}

/**
 * Maps each offending top-level field to an i18n key: the contract's own, else for a number field
 * what is wrong (above the maximum, not whole…) with the range it takes from its schema, else a
 * generic one (each field says what is wrong and what it takes).
 */
function validationFields(
  issues: readonly FastifySchemaValidationError[],
  schema: Endpoint['body'],
): { fields: Record<string, string>; limits: Record<string, FieldLimits> } {
  const fields: Record<string, string> = {};
  const limits: Record<string, FieldLimits> = {};
  for (const issue of issues) {
    const field = issue.instancePath.split('/')[1];
    if (!field || Object.hasOwn(fields, field)) continue;
    const range = fieldLimits(schema, field);
    if (isMessageKey(issue.message)) fields[field] = issue.message;
    else if (range) {
      fields[field] = fieldProblem({ code: issue.keyword, ...issue.params });
      limits[field] = range;
    } else fields[field] = 'errors.invalidValue';
  }
  return { fields, limits };
}

function isPlainObject(value: unknown): value is RawValues {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** State-changing calls: every POST, and the GET that SPEC keeps for removing a bot. */
function changesState(e: Endpoint): boolean {
  return e.method === 'POST' || e.path === '/botremove';
}

/** `host[:port]` without the scheme's default port, so `localhost:80` and `localhost` compare equal. */
function normalHost(host: string): string {
  return host.toLowerCase().replace(/:(80|443)$/, '');
}

/** Whether an `Origin` header names this site: PUBLIC_URL's origin when set, else the Host's. */
function isOwnOrigin(origin: string, req: FastifyRequest): boolean {
  let given: URL;
  try {
    given = new URL(origin);
  } catch {
    return false;
  }
  const publicUrl = req.server.deps.publicUrl;
  // With PUBLIC_URL the Host header is not trusted: a client chooses it.
  if (publicUrl !== null) return given.origin === new URL(publicUrl).origin;
  return normalHost(given.host) === normalHost(req.host);
}

/**
 * A state-changing request must prove it came from the panel's own pages:
 * by its `Origin` naming this site (PUBLIC_URL when set, else the Host); else (a browser sends no Origin on a top-level GET, e.g. a
 * cross-site link to `GET /botremove`) by `Sec-Fetch-Site: same-origin`; else it is refused.
 * Clients that are not browsers (scripts, tooling) send `Origin` with the server's own URL.
 */
export const checkOrigin: onRequestHookHandler = async (req) => {
  const origin = req.headers.origin;
  if (origin !== undefined) {
    if (!isOwnOrigin(origin, req)) throw new HttpError(403, ErrorCode.badOrigin);
    return;
  }
  if (req.headers['sec-fetch-site'] === 'same-origin') return;
  throw new HttpError(403, ErrorCode.badOrigin);
};

function ownerValue(e: Endpoint, req: FastifyRequest): unknown {
  if (e.owner === null || e.owner === 'session') return undefined;
  const source = e.owner.in === 'query' ? req.query : req.body;
  return isPlainObject(source) ? source[e.owner.field] : undefined;
}

/**
 * The endpoint's declared relationship: the owner bot must be the follower, the trader
 * or either side of a `copy_follows` row with the bot the relation field names, of the declared
 * product and states — one query, and the ownership check's 403 when there is none, so nobody
 * learns whether another account's bot exists or whom it follows.
 */
function relationCheck(app: FastifyInstance, relation: RelationField): preHandlerHookHandler {
  return async (req) => {
    const source = relation.in === 'query' ? req.query : req.body;
    const values = isPlainObject(source) ? source : {};
    const other = values[relation.field];
    const me = req.session?.ownedBot?.id;
    let product: CopyProduct | null = null;
    if (relation.product === 'copy' || relation.product === 'meta') product = relation.product;
    else if (relation.product !== 'any') {
      const named = values[relation.product.field];
      product = named === 'copy' || named === 'meta' ? named : (relation.product.default ?? null);
    }
    if (typeof other !== 'string' || me === undefined || me === null) {
      throw new HttpError(403, ErrorCode.forbidden);
    }
    const db = app.deps.db;
    // `in`: pending claims of several accounts may share the id; a follow row names one of them.
    const otherId = db.selectFrom('bots').select('id').where('userid', '=', other);
    let query = db
      .selectFrom('copy_follows')
      .select(['id', 'product', 'state', 'follower_bot_id', 'trader_bot_id'])
      .where((eb) => {
        const asFollower = eb.and([
          eb('follower_bot_id', '=', me),
          eb('trader_bot_id', 'in', otherId),
        ]);
        const asTrader = eb.and([
          eb('trader_bot_id', '=', me),
          eb('follower_bot_id', 'in', otherId),
        ]);
        if (relation.role === 'follower') return asFollower;
        if (relation.role === 'trader') return asTrader;
        return eb.or([asFollower, asTrader]);
      });
    if (product !== null) query = query.where('product', '=', product);
    if (relation.states) query = query.where('state', 'in', [...relation.states]);
    const rows = await query.orderBy('id').execute();
    if (rows.length === 0) throw new HttpError(403, ErrorCode.forbidden);
    req.follows = rows.map((r) => ({
      id: r.id,
      product: r.product,
      state: r.state,
      role: r.follower_bot_id === me ? 'follower' : 'trader',
      followerBotId: r.follower_bot_id,
      traderBotId: r.trader_bot_id,
    }));
  };
}

/** The relation as the API docs say it: who the caller must be, else 403. */
function relationText(r: RelationField): string {
  const role = { follower: 'a follower of', trader: 'the trader of', either: 'in a follow with' }[
    r.role
  ];
  const product =
    typeof r.product === 'string'
      ? r.product
      : `\`${r.product.field}\`${r.product.default ? ` (default ${r.product.default})` : ''}`;
  const states = r.states ? `, state ${r.states.join(' or ')}` : '';
  return `The caller's bot must be ${role} the bot \`${r.field}\` names (product ${product}${states}); else 403 errors.forbidden.`;
}

/**
 * Registers one row of the contract's endpoint table at `/api` + its path, with the one pipeline
 * every call goes through (DESIGN §3, §5):
 * session → 401 → Origin → (rate limit) → 400 schema / SPEC §5 rules → 403 ownership →
 * 403 relationship (rows that declare one) → handler.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
): void {
  const key = endpointKey(endpoint);
  if (app.implementedEndpoints.has(key)) throw new Error(`${key} is registered twice`);
  app.implementedEndpoints.add(key);

  // When the owner is a query field, the session lookup also finds that bot (one query); the
  // ownership check below then only compares the validated value with the one looked up.
  const ownerInQuery =
    endpoint.owner !== null && endpoint.owner !== 'session' && endpoint.owner.in === 'query'
      ? endpoint.owner.field
      : null;
  // One hook for the session and its 401: each hook Fastify runs costs a promise and a turn of
  // its hook runner on every request.
  const needsSession = endpoint.owner !== null;
  const onRequest: onRequestHookHandler[] = [
    async (req, reply) => {
      const raw = ownerInQuery === null ? undefined : (req.query as RawValues)[ownerInQuery];
      req.session = await resolveSession(
        app,
        req,
        reply,
        typeof raw === 'string' ? raw : undefined,
      );
      if (needsSession && req.session === null) {
        throw new HttpError(401, ErrorCode.unauthenticated);
      }
    },
  ];
  if (changesState(endpoint)) onRequest.push(checkOrigin);

  const limiters = endpoint.credential ? credentialLimiters(app, endpoint) : null;
  if (limiters) onRequest.push(limiters.perIp);

  /** 400 with the fields at fault: the schema's verdict, worded by the SPEC §5 rules when they apply. */
  const checkInput = (req: FastifyRequest): void => {
    const invalid = req.validationError as
      (Error & { validation?: FastifySchemaValidationError[] }) | undefined;
    if (invalid) {
      // The SPEC §5 rules speak the panel's language ("option type missing"), so when they
      // explain the failure they win over the schema's generic answer.
      const failure = endpoint.rules?.(isPlainObject(req.body) ? req.body : {});
      if (failure) {
        throw new HttpError(
          400,
          failure.key,
          failure.field ? { [failure.field]: failure.key } : undefined,
        );
      }
      const where = (invalid as { validationContext?: string }).validationContext;
      const { fields, limits } = validationFields(
        invalid.validation ?? [],
        where === 'querystring' ? endpoint.query : endpoint.body,
      );
      throw new HttpError(400, ErrorCode.invalidInput, fields, undefined, limits);
    }
    if (endpoint.rules && isPlainObject(req.body)) {
      const failure = endpoint.rules(req.body);
      if (failure) {
        throw new HttpError(
          400,
          failure.key,
          failure.field ? { [failure.field]: failure.key } : undefined,
        );
      }
    }
  };

  /** 403 unless the session's account owns the bot the owner field names; keeps its row id. */
  const checkOwner = async (req: FastifyRequest): Promise<void> => {
    const userid = ownerValue(endpoint, req);
    const session = req.session;
    let botId: number | null = null;
    if (typeof userid === 'string' && session !== null) {
      if (session.ownedBot?.userid === userid) botId = session.ownedBot.id;
      else {
        const row = await app.deps.db
          .selectFrom('bots')
          .select('id')
          .where('userid', '=', userid)
          .where('account_id', '=', session.accountId)
          .executeTakeFirst();
        botId = row?.id ?? null;
      }
    }
    // One answer whether the bot is someone else's or does not exist: no probing for ids.
    if (botId === null || session === null) throw new HttpError(403, ErrorCode.forbidden);
    session.ownedBot = { userid: userid as string, id: botId };
  };

  // Input, then ownership, in one hook (one promise per request, not two).
  const ownedByBot = endpoint.owner !== null && endpoint.owner !== 'session';
  const preHandler: preHandlerHookHandler[] = [
    ownedByBot
      ? async (req) => {
          checkInput(req);
          await checkOwner(req);
        }
      : async (req) => checkInput(req),
  ];
  if (endpoint.relation) preHandler.push(relationCheck(app, endpoint.relation));

  app.route({
    method: endpoint.method,
    url: `/api${endpoint.path}`,
    attachValidation: true,
    schema: {
      summary: endpoint.summary,
      ...(endpoint.relation ? { description: relationText(endpoint.relation) } : {}),
      tags: [endpoint.area],
      ...(endpoint.owner === null ? {} : { security: [{ session: [] }] }),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: endpoint.response, '4xx': ErrorEnvelopeSchema, '5xx': ErrorEnvelopeSchema },
    },
    onRequest,
    preHandler,
    handler: async (req, reply) => {
      const ctx: HandlerContext<E> = {
        query: req.query as QueryOf<E>,
        body: req.body as BodyOf<E>,
        get session(): RequestSession {
          if (req.session === null) throw new HttpError(401, ErrorCode.unauthenticated);
          return req.session;
        },
        maybeSession: req.session,
        get botId(): number {
          const id = req.session?.ownedBot?.id;
          if (id === undefined || id === null) throw new HttpError(403, ErrorCode.forbidden);
          return id;
        },
        get follows(): FollowMatch[] {
          return req.follows ?? [];
        },
        get deps(): RequestDeps {
          return { ...app.deps, ownedBot: req.session?.ownedBot ?? null };
        },
        req,
        reply,
      };
      return handler(ctx);
    },
  });
}

/**
 * Registers every row of the table that no module implements yet, with the same pipeline, so
 * 401/403/400 answer as they will later; then 501 — honest, never fake data.
 */
export function registerNotImplemented(app: FastifyInstance): void {
  for (const endpoint of endpointList) {
    if (app.implementedEndpoints.has(endpointKey(endpoint))) continue;
    route(app, endpoint, () => {
      throw new HttpError(501, ErrorCode.notImplemented);
    });
  }
}
