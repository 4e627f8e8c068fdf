import { randomBytes } from 'node:crypto';
import { endpoints, type Endpoint } from '@app/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { build, type BuildOptions } from '../app.ts';
import type { BotMessenger } from '../lib/messenger.ts';

/**
 * Builds the real app on a real, empty database for one test file: SQLite `:memory:` by default;
 * with TEST_DATABASE_URL (postgres://…) a schema of its own on that server, dropped afterwards,
 * so the same suite runs on both databases.
 */
export async function createTestApp(
  options: BuildOptions = {},
): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  const common: BuildOptions = {
    secretKey: randomBytes(32).toString('hex'),
    // No panel build in tests unless a test brings its own fixture.
    webDist: '/nonexistent-web-dist',
    // Files log in and register often from one address; the limit tests pass their own.
    rateLimit: { max: 10_000, timeWindowMs: 60_000 },
    throttle: { pairFreeFailures: 1000, addressFreeFailures: 1000, registrationsPerHour: 100_000 },
    // Tests drive the robot runtime themselves (processQueuedCommands), never by a timer.
    robot: false,
    messenger: testMessenger,
    // Likewise the reader (app.reader.runOnce()); the Telegram source only with a fake client.
    reader: false,
    telegram: null,
    ...options,
  };
  if (!base) {
    const app = sameOriginByDefault(await build({ sqliteFile: ':memory:', ...common }));
    return { app, close: () => app.close() };
  }

  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  try {
    const app = sameOriginByDefault(await build({ databaseUrl: url.toString(), ...common }));
    return {
      app,
      close: async () => {
        await app.close();
        await admin.query(`drop schema ${schema} cascade`);
        await admin.end();
      },
    };
  } catch (err) {
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
    throw err;
  }
}

/**
 * Requests in tests come from the panel's own origin, as a browser's would, unless a test sets
 * `origin` or `sec-fetch-site` itself (a header set to `undefined` is left out), which is how the
 * Origin-check tests send foreign or missing proof.
 */
export function sameOriginByDefault(app: FastifyInstance): FastifyInstance {
  const inject = app.inject.bind(app);
  // With PUBLIC_URL the Origin check compares with it, so the panel's pages are there.
  const ownOrigin = app.deps.publicUrl ? new URL(app.deps.publicUrl).origin : 'http://localhost';
  const wrapped = (opts?: InjectOptions | string) => {
    if (opts === undefined) return inject();
    const options: InjectOptions = typeof opts === 'string' ? { url: opts } : opts;
    const given = (options.headers ?? {}) as Record<string, string | string[] | undefined>;
    const proves = 'origin' in given || 'sec-fetch-site' in given;
    const headers = Object.fromEntries(
      Object.entries(proves ? given : { origin: ownOrigin, ...given }).filter(
        ([, v]) => v !== undefined,
      ),
    ) as Record<string, string | string[]>;
    return inject({ ...options, headers });
  };
  app.inject = wrapped as typeof app.inject;
  return app;
}

/** Registers beforeAll/afterAll for a file-wide app; read `.app` inside tests. */
export function useTestApp(options: BuildOptions = {}): { readonly app: FastifyInstance } {
  let current: Awaited<ReturnType<typeof createTestApp>> | null = null;
  beforeAll(async () => {
    current = await createTestApp(options);
  });
  afterAll(async () => {
    await current?.close();
  });
  return {
    get app() {
      if (!current) throw new Error('The test app is built in beforeAll');
      return current.app;
    },
  };
}

const sent = new Map<string, string>();
/** The test messenger: remembers the last code sent to each messaging-app id. */
export const testMessenger: BotMessenger = {
  async sendVerificationCode(userid, code) {
    sent.set(userid, code);
  },
};
/** The last verification code sent to this id in this test process. */
export function lastCodeSentTo(userid: string): string | undefined {
  return sent.get(userid);
}

let counter = 0;
/** A fresh, unique e-mail and bot id per call (tests in one file share a database). */
export function newAccount(): { email: string; password: string; userid: string } {
  counter += 1;
  const n = `${Date.now() % 1_000_000}${process.pid % 1000}${counter}`;
  return { email: `trader${n}@example.com`, password: 'correct-horse-1', userid: `9${n}` };
}

/** The `name=value` pair of a Set-Cookie header, for the next request's Cookie header. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const header = res.headers['set-cookie'];
  const first = Array.isArray(header) ? header.find((h) => h.startsWith('sid=')) : header;
  if (!first) throw new Error(`No session cookie in ${res.statusCode} ${res.body}`);
  return first.split(';')[0] ?? '';
}

/** Registers an account with one bot and logs it in; returns the cookie to send. */
export async function registerAndLogin(
  app: FastifyInstance,
  account = newAccount(),
): Promise<{ cookie: string; userid: string; email: string; password: string }> {
  const reg = await app.inject({ method: 'POST', url: '/api/botregister', payload: account });
  if (reg.statusCode !== 200) throw new Error(`register: ${reg.statusCode} ${reg.body}`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/botlogin',
    payload: { email: account.email, password: account.password },
  });
  return { cookie: sessionCookie(login), ...account };
}

/**
 * Calls one row of the contract's table as a logged-in user: the path and method come from the
 * endpoint (no URL string in tests), query values are sent as text like a browser's.
 */
export function callAs(
  app: FastifyInstance,
  cookie: string,
  e: Pick<Endpoint, 'method' | 'path'>,
  req: { query?: Record<string, string | number>; body?: unknown } = {},
): Promise<LightMyRequestResponse> {
  const query = req.query
    ? Object.fromEntries(Object.entries(req.query).map(([k, v]) => [k, String(v)]))
    : undefined;
  return app.inject({
    method: e.method,
    url: `/api${e.path}`,
    ...(query ? { query } : {}),
    ...(req.body !== undefined ? { payload: req.body as object } : {}),
    headers: { cookie },
  });
}

/**
 * Proves a bot's id with the code the test messenger caught (a no-op once proven): only a
 * verified messaging-app bot is a virtual bot's source (docs/decisions/2026-11-26-bot-claims.md).
 */
export async function proveBot(
  app: FastifyInstance,
  who: { cookie: string; userid: string },
  userid = who.userid,
): Promise<void> {
  const res = await callAs(app, who.cookie, endpoints.verifyBot, {
    body: { userid, code: lastCodeSentTo(userid) },
  });
  if (res.statusCode !== 200) throw new Error(`verify: ${res.statusCode} ${res.body}`);
}
