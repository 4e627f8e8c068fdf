import {
  COPY_PRODUCTS,
  endpointList,
  type CopyProduct,
  type Endpoint,
  type RelationField,
  virtualBotIdCandidates,
} from '@app/contract';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { proveBot, registerAndLogin, useTestApp } from '../test/app.ts';
import { sampleFor } from '../test/sample.ts';

/**
 * The pipeline of every row of the contract's table, generated from `endpointList` (never a
 * hand-written list): 401 without a session, 403 for a bot of another account, 400 for a bad
 * body, never a 5xx for random input. Rows no module implements yet run the same pipeline.
 */

const t = useTestApp();
let mine: Awaited<ReturnType<typeof registerAndLogin>>;
let theirs: Awaited<ReturnType<typeof registerAndLogin>>;

beforeAll(async () => {
  mine = await registerAndLogin(t.app);
  theirs = await registerAndLogin(t.app);
});

const url = (e: Endpoint) => `/api${e.path}`;

/**
 * Rows whose handler refuses the generated sample on its own grounds, after the pipeline let it
 * through — the answer proves the request reached the handler.
 */
const HANDLER_REFUSALS: Record<string, { status: number; code: string }> = {
  // The sample's botid '12345' is no derivation of the caller's bot.
  'POST /addnewbot': { status: 400, code: 'errors.invalidParams' },
  // The caller's only bot.
  'GET /botremove': { status: 409, code: 'bots.errors.cannotRemove' },
  // '123456' is not the code the registration sent (the right one is 1 in a million).
  'POST /verifybot': { status: 400, code: 'bots.errors.badCode' },
  // Registration sent a code less than a minute ago.
  'POST /resendbotcode': { status: 429, code: 'errors.rateLimited' },
  // The sample's traderid '12345' is neither the bot nor the trader whose rooms it copies.
  'GET /getchatlist': { status: 403, code: 'errors.forbidden' },
  'GET /getgroups': { status: 403, code: 'errors.forbidden' },
  'POST /savegroup': { status: 400, code: 'errors.invalidParams' },
  'POST /copyid': { status: 404, code: 'copyRooms.errors.notAccepted' },
  // The test app has no Deriv OAuth client configured.
  'POST /deriv/oauth/start': { status: 404, code: 'derivOAuth.errors.off' },
  'POST /deriv/oauth/finish': { status: 404, code: 'derivOAuth.errors.off' },
  // The sample's signal id is no pending entry of the caller's bot.
  'POST /trading/entries/cancel': { status: 409, code: 'pendingEntries.gone' },
  // The sample's chat items name bot '12345', not the caller's.
  'POST /savelist': { status: 400, code: 'errors.invalidParams' },
  // No such channel in the caller's chat list / local inbox.
  'POST /chanremove': { status: 404, code: 'channels.errors.unknownChannel' },
  // The sample's vocabulary teaches the word '12345': a number alone is no word to teach.
  'POST /signals/test': { status: 400, code: 'vocabulary.errors.unknownField' },
  'POST /channels/vocabulary': { status: 400, code: 'vocabulary.errors.unknownField' },
  'POST /channels/vocabulary/impact': { status: 400, code: 'vocabulary.errors.unknownField' },
  // The sample's message id is no stored message of the caller's channels.
  'GET /signals/message': { status: 404, code: 'errors.notFound' },
  'POST /inbox/remove': { status: 404, code: 'inbox.errors.unknownChannel' },
  'POST /inbox/post': { status: 404, code: 'inbox.errors.unknownChannel' },
  // The test app has no messaging-app source configured.
  'POST /addphone': { status: 409, code: 'phone.errors.notConfigured' },
  'POST /authcode': { status: 409, code: 'phone.errors.notConfigured' },
  // No bot has the sample's traderid '12345'.
  'POST /copytradereq': { status: 404, code: 'copyTrader.follow.errors.unknownTrader' },
  'POST /metaidreq': { status: 404, code: 'copyTrader.follow.errors.unknownTrader' },
};
/**
 * Body fields the generated sample cannot guess (a checksum, a catalogue id), per row. A field
 * set to `undefined` is left out.
 */
const BODY_OVERRIDES: Record<string, Record<string, unknown>> = {
  // A plan of the catalogue, a CPF with valid check digits, not the custom plan.
  'POST /buybot': {
    subid: 'brl-1-30',
    custom: undefined,
    days: undefined,
    bots: undefined,
    quantity: 0,
    cpf: '52998224725',
  },
};
const owned = endpointList.filter(
  (e): e is typeof e & { owner: { in: 'query' | 'body'; field: string } } =>
    e.owner !== null && e.owner !== 'session',
);
const sessionOnly = endpointList.filter((e) => e.owner !== null);

/** A request that passes validation and the SPEC §5 rules, naming `userid` as the bot. */
function validRequest(e: Endpoint, userid: string) {
  const query = e.query ? (sampleFor(e.query) as Record<string, unknown>) : undefined;
  const body = e.body ? sampleFor(e.body) : undefined;
  // Every bot id a row carries names the same bot (e.g. POST /globalparams: query and body).
  if (query && 'userid' in query) query.userid = userid;
  if (body && typeof body === 'object' && !Array.isArray(body) && 'userid' in body) {
    (body as Record<string, unknown>).userid = userid;
  }
  const overrides = BODY_OVERRIDES[`${e.method} ${e.path}`];
  if (overrides && body && typeof body === 'object') {
    for (const [key, value] of Object.entries(overrides)) {
      if (value === undefined) delete (body as Record<string, unknown>)[key];
      else (body as Record<string, unknown>)[key] = value;
    }
  }
  return { query, body };
}

function send(
  e: Endpoint,
  req: { query?: Record<string, unknown> | undefined; body?: unknown },
  cookie?: string,
) {
  return t.app.inject({
    method: e.method,
    url: url(e),
    ...(req.query ? { query: req.query as Record<string, string> } : {}),
    ...(e.method === 'POST' && req.body !== undefined ? { payload: req.body as object } : {}),
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

function expectEnvelope(res: LightMyRequestResponse, status: number, code?: string) {
  expect(res.statusCode, `${res.statusCode} ${res.body}`).toBe(status);
  const body = res.json();
  expect(typeof body.error.code).toBe('string');
  expect(typeof body.error.message).toBe('string');
  if (code) expect(body.error.code).toBe(code);
}

describe('contract samples', () => {
  it.each(owned.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s: the generated request is valid for its schemas and rules',
    (_name, e) => {
      const { query, body } = validRequest(e, '12345');
      if (e.query) expect(e.query.safeParse(query).error).toBeUndefined();
      if (e.body) expect(e.body.safeParse(body).error).toBeUndefined();
      if (e.rules && body && !Array.isArray(body))
        expect(e.rules(body as Record<string, unknown>)).toBeNull();
    },
  );
});

describe('401 without a session', () => {
  it.each(sessionOnly.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s answers 401 unauthenticated',
    async (_name, e) => {
      const res = await send(e, validRequest(e, mine.userid));
      expectEnvelope(res, 401, 'errors.unauthenticated');
    },
  );
});

describe("403 for another account's bot", () => {
  it.each(owned.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s answers 403 forbidden for a bot of another account',
    async (_name, e) => {
      const res = await send(e, validRequest(e, theirs.userid), mine.cookie);
      expectEnvelope(res, 403, 'errors.forbidden');
    },
  );

  it.each(owned.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s answers the same 403 for a bot that does not exist',
    async (_name, e) => {
      const res = await send(e, validRequest(e, '99999999999999999'), mine.cookie);
      expectEnvelope(res, 403, 'errors.forbidden');
    },
  );

  it.each(owned.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s reaches its handler for an own bot (200, its own refusal, or 501 while not implemented)',
    async (_name, e) => {
      const res = await send(e, validRequest(e, mine.userid), mine.cookie);
      // A row that declares a relationship refuses the sample's '12345': no follow with it.
      if (e.relation) return expectEnvelope(res, 403, 'errors.forbidden');
      const refusal = HANDLER_REFUSALS[`${e.method} ${e.path}`];
      if (refusal) return expectEnvelope(res, refusal.status, refusal.code);
      expect([200, 501], `${res.statusCode} ${res.body}`).toContain(res.statusCode);
      if (res.statusCode === 501) expectEnvelope(res, 501, 'errors.notImplemented');
    },
  );
});

describe('400 for a bad body, before the ownership check', () => {
  const withBody = owned.filter((e) => e.body !== undefined);
  it.each(withBody.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s answers 400 with the envelope for an empty object and for a string',
    async (_name, e) => {
      const { query } = validRequest(e, mine.userid);
      for (const body of [{}, 'text', [1, 2]]) {
        const res = await t.app.inject({
          method: 'POST',
          url: url(e),
          ...(query ? { query: query as Record<string, string> } : {}),
          headers: { cookie: mine.cookie, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expectEnvelope(res, 400);
        // Codes are i18n keys, never zod's English.
        const error = res.json().error as { code: string; fields?: Record<string, string> };
        for (const key of [error.code, ...Object.values(error.fields ?? {})]) {
          expect(key).toMatch(/^[a-zA-Z]+(\.[a-zA-Z]+)+$/);
        }
      }
    },
  );
});

describe('Origin check on state-changing calls', () => {
  const changing = owned.filter((e) => e.method === 'POST' || e.path === '/botremove');
  it.each(changing.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s answers 403 badOrigin for a foreign Origin',
    async (_name, e) => {
      const { query, body } = validRequest(e, mine.userid);
      const res = await t.app.inject({
        method: e.method,
        url: url(e),
        ...(query ? { query: query as Record<string, string> } : {}),
        ...(e.method === 'POST' ? { payload: body as object } : {}),
        headers: { cookie: mine.cookie, origin: 'https://evil.example', host: 'panel.example' },
      });
      expectEnvelope(res, 403, 'errors.badOrigin');
    },
  );

  it('lets a same-origin browser request through', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/brokerid',
      payload: { userid: mine.userid, curBrokerID: 2, brokersMask: 0, multiBroker: 0 },
      headers: {
        cookie: mine.cookie,
        origin: 'http://panel.example:3000',
        host: 'panel.example:3000',
      },
    });
    expect(res.statusCode).toBe(200);
  });

  it.each(changing.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s answers 403 badOrigin without Origin or Sec-Fetch-Site: same-origin',
    async (_name, e) => {
      const { query, body } = validRequest(e, mine.userid);
      for (const proof of [{}, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'none' }]) {
        const res = await t.app.inject({
          method: e.method,
          url: url(e),
          ...(query ? { query: query as Record<string, string> } : {}),
          ...(e.method === 'POST' ? { payload: body as object } : {}),
          headers: { cookie: mine.cookie, origin: undefined, ...proof },
        });
        expectEnvelope(res, 403, 'errors.badOrigin');
      }
    },
  );

  it('keeps the bot when a cross-site link opens GET /api/botremove (no Origin, cross-site fetch)', async () => {
    const victim = await registerAndLogin(t.app);
    // A virtual bot is derived only from a verified bot.
    await proveBot(t.app, victim);
    const virtualId = virtualBotIdCandidates(victim.userid)[0] ?? '';
    await t.app.inject({
      method: 'POST',
      url: '/api/addnewbot',
      payload: { userid: victim.userid, botid: virtualId, virtual: true },
      headers: { cookie: victim.cookie },
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/botremove?userid=${virtualId}`,
      headers: {
        cookie: victim.cookie,
        origin: undefined,
        'sec-fetch-site': 'cross-site',
        'sec-fetch-mode': 'navigate',
      },
    });
    expectEnvelope(res, 403, 'errors.badOrigin');
    const bots = await t.app.inject({
      method: 'GET',
      url: `/api/getbots?userid=${victim.userid}`,
      headers: { cookie: victim.cookie },
    });
    expect((bots.json() as { userid: string }[]).map((b) => b.userid)).toContain(virtualId);
  });

  it('lets the panel remove a bot with Sec-Fetch-Site: same-origin and no Origin (a same-origin GET)', async () => {
    const owner = await registerAndLogin(t.app);
    // A virtual bot is derived only from a verified bot.
    await proveBot(t.app, owner);
    const virtualId = virtualBotIdCandidates(owner.userid)[1] ?? '';
    await t.app.inject({
      method: 'POST',
      url: '/api/addnewbot',
      payload: { userid: owner.userid, botid: virtualId, virtual: true },
      headers: { cookie: owner.cookie },
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/botremove?userid=${virtualId}`,
      headers: { cookie: owner.cookie, origin: undefined, 'sec-fetch-site': 'same-origin' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses an opaque "null" Origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { origin: 'null' },
    });
    expectEnvelope(res, 403, 'errors.badOrigin');
  });
});

describe('random input never breaks the server', () => {
  // Logout last: it would end the session the other rows are fuzzed with.
  const rows = [...endpointList].sort(
    (a, b) => Number(a.path === '/logout') - Number(b.path === '/logout'),
  );
  const query = fc.dictionary(
    fc.oneof(
      fc.constantFrom('userid', 'brokerid', 'traderid', '__proto__', 'constructor'),
      fc.string(),
    ),
    fc.oneof(fc.string(), fc.array(fc.string(), { maxLength: 3 })),
    { maxKeys: 4 },
  );
  const payload = fc.oneof(
    fc.jsonValue().map((v) => JSON.stringify(v)),
    fc.string(),
    fc.constantFrom(
      '{"__proto__":{"polluted":1}}',
      '{"constructor":{"prototype":{"x":1}}}',
      '{',
      '',
    ),
  );

  it.each(rows.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s answers a 4xx envelope (or 200/501) for random bodies and queries',
    async (_name, e) => {
      await fc.assert(
        fc.asyncProperty(query, payload, fc.boolean(), async (q, body, withSession) => {
          const res = await t.app.inject({
            method: e.method,
            url: url(e),
            query: q as Record<string, string>,
            ...(e.method === 'POST' ? { payload: body } : {}),
            headers: {
              'content-type': 'application/json',
              ...(withSession ? { cookie: mine.cookie } : {}),
            },
          });
          const ok =
            res.statusCode < 500 ||
            (res.statusCode === 501 && res.json().error.code === 'errors.notImplemented');
          expect(ok, `${res.statusCode} ${res.body}`).toBe(true);
          if (res.statusCode >= 400) {
            const envelope = res.json();
            expect(typeof envelope.error.code).toBe('string');
            expect(typeof envelope.error.message).toBe('string');
          }
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        }),
        { numRuns: 25 },
      );
    },
  );
});

describe('hostile JSON never reaches a rule as a 500', () => {
  const posts = endpointList.filter((e) => e.method === 'POST' && e.path !== '/logout');
  const deep = `${'['.repeat(20_000)}1${']'.repeat(20_000)}`;
  it.each(posts.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s answers a 4xx envelope (or 200/501) for {"toString":1} and 20,000 nested arrays in every field',
    async (_name, e) => {
      const shape = (e.body as unknown as { shape?: Record<string, unknown> } | undefined)?.shape;
      const fields = Object.keys(shape ?? { x: null });
      const bodies = [
        '{"toString":1}',
        deep,
        `{${fields.map((f) => `"${f}":{"toString":1}`).join(',')}}`,
        `{${fields.map((f) => `"${f}":${deep}`).join(',')}}`,
      ];
      for (const payload of bodies) {
        const res = await t.app.inject({
          method: 'POST',
          url: url(e),
          query: validRequest(e, mine.userid).query as Record<string, string> | undefined,
          headers: { cookie: mine.cookie, 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode === 200 || res.statusCode === 501 || res.statusCode < 500).toBe(true);
        if (res.statusCode >= 400) expect(typeof res.json().error.code).toBe('string');
      }
    },
  );
});

describe('relationships declared by the rows: trader, accepted and pending follower, stranger', () => {
  type Actor = Awaited<ReturnType<typeof registerAndLogin>> & { botId: number };
  const related = endpointList.filter(
    (e): e is typeof e & { relation: RelationField } => e.relation !== undefined,
  );
  let trader: Actor;
  let follower: Actor;
  let pending: Actor;
  let stranger: Actor;

  async function actor(): Promise<Actor> {
    const me = await registerAndLogin(t.app);
    const bot = await t.app.deps.db
      .selectFrom('bots')
      .select('id')
      .where('userid', '=', me.userid)
      .executeTakeFirstOrThrow();
    return { ...me, botId: bot.id };
  }

  /** Both products: `follower` accepted by `trader`, `pending` waiting; `products` limits them. */
  async function resetFollows(products: readonly CopyProduct[] = COPY_PRODUCTS) {
    const db = t.app.deps.db;
    const ids = [trader.botId, follower.botId, pending.botId, stranger.botId];
    await db.deleteFrom('copy_follows').where('trader_bot_id', 'in', ids).execute();
    await db.deleteFrom('copy_follows').where('follower_bot_id', 'in', ids).execute();
    for (const product of products) {
      for (const [who, state] of [
        [follower, 'accepted'],
        [pending, 'pending'],
      ] as const) {
        await db
          .insertInto('copy_follows')
          .values({
            product,
            follower_bot_id: who.botId,
            trader_bot_id: trader.botId,
            state,
            follower_name: 'Ana',
            requested_at: 1,
            decided_at: state === 'accepted' ? 2 : null,
            signal_type: 7,
            updated_at: 2,
          })
          .execute();
      }
    }
  }

  beforeAll(async () => {
    [trader, follower, pending, stranger] = [
      await actor(),
      await actor(),
      await actor(),
      await actor(),
    ];
  });

  /** The row's valid sample as `caller`, naming `other` in the relation field. */
  function relationRequest(e: Endpoint & { relation: RelationField }, caller: Actor, other: Actor) {
    const req = validRequest(e, caller.userid);
    const target = (e.relation.in === 'query' ? req.query : req.body) as Record<string, unknown>;
    target[e.relation.field] = other.userid;
    return req;
  }

  type Who = 'trader' | 'follower' | 'pending' | 'stranger';
  const actors = (): Record<Who, Actor> => ({ trader, follower, pending, stranger });

  /** [description, caller, the bot the relation field names] — actors resolved when run. */
  function cases(e: Endpoint & { relation: RelationField }) {
    const pendingOk = !e.relation.states || e.relation.states.includes('pending');
    const allowed: [string, Who, Who][] = [];
    const refused: [string, Who, Who][] = [];
    const asFollower = () => {
      allowed.push(['accepted follower → its trader', 'follower', 'trader']);
      (pendingOk ? allowed : refused).push(['pending follower → its trader', 'pending', 'trader']);
    };
    const asTrader = () => {
      allowed.push(['trader → its accepted follower', 'trader', 'follower']);
      (pendingOk ? allowed : refused).push(['trader → its pending follower', 'trader', 'pending']);
    };
    if (e.relation.role === 'follower') {
      asFollower();
      refused.push(['trader → its follower, as if it followed', 'trader', 'follower']);
      refused.push(['stranger → the trader', 'stranger', 'trader']);
      refused.push(['follower → a bot it does not follow', 'follower', 'stranger']);
    } else if (e.relation.role === 'trader') {
      asTrader();
      refused.push(['follower → its trader, as if it led', 'follower', 'trader']);
      refused.push(['stranger → a follower of someone else', 'stranger', 'follower']);
      refused.push(['trader → a bot that does not follow it', 'trader', 'stranger']);
    } else {
      asFollower();
      asTrader();
      refused.push(['stranger → the trader', 'stranger', 'trader']);
      refused.push(['stranger → the follower', 'stranger', 'follower']);
      refused.push(['follower → another follower of its trader', 'follower', 'pending']);
    }
    return { allowed, refused };
  }

  async function sendAs(e: Endpoint & { relation: RelationField }, caller: Who, named: Who) {
    const all = actors();
    return send(e, relationRequest(e, all[caller], all[named]), all[caller].cookie);
  }

  it('declares a relation on every copy row that names another bot, except the two requests', () => {
    const names = related.map((e) => `${e.method} ${e.path}`).sort();
    expect(names).toEqual(
      [
        'GET /getmetainfo',
        'POST /followremove',
        'POST /followrequestanswer',
        'POST /removemetadata',
        'POST /removemetafol',
        'POST /savetraderdata',
        'POST /traderemove',
        'POST /tradersave',
        'POST /updateexpcopy',
      ].sort(),
    );
  });

  for (const e of related) {
    const { allowed, refused } = cases(e);
    describe(`${e.method} ${e.path}`, () => {
      it.each(allowed)('%s reaches the handler (200)', async (_name, caller, named) => {
        await resetFollows();
        const res = await sendAs(e, caller, named);
        expect(res.statusCode, res.body).toBe(200);
      });
      it.each(refused)('%s answers the ownership 403', async (_name, caller, named) => {
        await resetFollows();
        const res = await sendAs(e, caller, named);
        expectEnvelope(res, 403, 'errors.forbidden');
      });
      if (e.relation.product === 'copy' || e.relation.product === 'meta') {
        const other = COPY_PRODUCTS.filter((p) => p !== e.relation.product);
        it(`refuses (403) a relationship of the other product only (${other.join()})`, async () => {
          await resetFollows(other);
          const [, caller, named] = allowed[0]!;
          const res = await sendAs(e, caller, named);
          expectEnvelope(res, 403, 'errors.forbidden');
        });
      }
    });
  }
});
