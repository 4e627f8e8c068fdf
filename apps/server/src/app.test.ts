import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { endpointList } from '@app/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from './app.ts';
import { canonicalPanelUrl } from './plugins/static.ts';
import { createTestApp, registerAndLogin, useTestApp } from './test/app.ts';

const t = useTestApp();

describe('GET /api/docs', () => {
  it('lists every endpoint of the contract table, with the session cookie scheme', async () => {
    for (const url of ['/api/docs', '/api/docs/json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const doc = res.json() as {
        paths: Record<string, Record<string, { security?: unknown }>>;
        components: { securitySchemes: Record<string, { in: string; name: string }> };
      };
      for (const e of endpointList) {
        expect(
          doc.paths[`/api${e.path}`]?.[e.method.toLowerCase()],
          `${e.method} ${e.path}`,
        ).toBeDefined();
      }
      expect(doc.components.securitySchemes.session).toMatchObject({ in: 'cookie', name: 'sid' });
      expect(doc.paths['/api/getbots']?.get?.security).toEqual([{ session: [] }]);
    }
  });
});

describe('errors', () => {
  it('answers 404 with the envelope for an unknown /api path', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: '/api/no-such-call' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'errors.notFound', message: 'Not found.' } });
    }
  });

  it('answers 400 invalidInput for malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/botlogin',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('errors.invalidInput');
  });

  it('answers 400 for a body with __proto__ or constructor.prototype keys', async () => {
    for (const payload of [
      '{"__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{"admin":true}}}',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/botlogin',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('errors.invalidInput');
    }
  });

  it('answers 415 with the envelope for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/botlogin',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('errors.invalidInput');
  });

  it('answers 413 with the envelope for a body over the limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/botlogin',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(BODY_LIMIT_BYTES) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('errors.invalidInput');
  });

  it('answers 400 when an array comes where an object is expected', async () => {
    const { cookie, userid } = await registerAndLogin(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/brokerid',
      headers: { cookie },
      payload: [{ userid, curBrokerID: 2, brokersMask: 0, multiBroker: 0 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('errors.invalidInput');
  });

  it('answers 500 internal without details when a handler fails, and logs nothing to the client', async () => {
    const { app, close } = await createTestApp();
    try {
      app.get('/api/test-crash', async () => {
        throw new Error('secret detail');
      });
      const res = await app.inject({ method: 'GET', url: '/api/test-crash' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        error: { code: 'errors.internal', message: 'Something went wrong on our side.' },
      });
    } finally {
      await close();
    }
  });
});

describe('logging', () => {
  it('writes one line per request with method, path, status and duration', async () => {
    const lines: string[] = [];
    const { app, close } = await createTestApp({
      logger: true,
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      await app.inject({ method: 'GET', url: '/api/session' });
      const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      const forRequest = entries.filter((e) => e.url === '/api/session' || e.req !== undefined);
      expect(forRequest).toHaveLength(1);
      expect(forRequest[0]).toMatchObject({
        level: 30,
        method: 'GET',
        statusCode: 401,
        msg: 'request',
        reqId: expect.any(String),
      });
      expect(typeof forRequest[0]?.ms).toBe('number');
    } finally {
      await close();
    }
  });

  it('never writes a password, session token or cookie value', async () => {
    const lines: string[] = [];
    const { app, close } = await createTestApp({
      logger: true,
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      const { cookie, password } = await registerAndLogin(app);
      await app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
      // A future log line that includes headers or a body is redacted too.
      app.log.info({ headers: { cookie }, body: { password, tokenReal: 'tok-secret' } }, 'probe');
      const log = lines.join('');
      expect(log).toContain('probe');
      for (const secret of [password, cookie.slice('sid='.length), 'tok-secret']) {
        expect(log).not.toContain(secret);
      }
    } finally {
      await close();
    }
  });
});

describe('security headers', () => {
  it('sends the panel page a strict CSP and the document headers', async () => {
    // Without a build the panel answers 503 with a page: a document all the same.
    const res = await t.app.inject({ method: 'GET', url: '/geralconfig' });
    const csp = String(res.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('sends /api answers, errors included, the API set: no-store, a CSP allowing nothing', async () => {
    for (const url of ['/api/session', '/api/no-such-call']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers, url).toMatchObject({
        'cache-control': 'no-store',
        'content-security-policy': "default-src 'none';frame-ancestors 'none'",
        'cross-origin-resource-policy': 'same-origin',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
      });
      // The document-only headers stay off JSON answers.
      expect(res.headers['x-dns-prefetch-control'], url).toBeUndefined();
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
  });
});

describe('the panel without a build', () => {
  it('answers 503 with a page telling the operator to build', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/geralconfig' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
  });
});

describe('the built panel', () => {
  let dir = '';
  let panel: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><title>panel</title><div id="root"></div>',
    );
    writeFileSync(join(dir, 'assets', 'app-1a2b3c4d.js'), 'console.log(1)');
    // What the build writes beside each file (apps/web/vite.config.ts `precompress`).
    writeFileSync(join(dir, 'assets', 'app-1a2b3c4d.js.br'), brotliCompressSync('console.log(1)'));
    writeFileSync(join(dir, 'assets', 'app-1a2b3c4d.js.gz'), gzipSync('console.log(1)'));
    writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    panel = await createTestApp({ webDist: dir });
  });
  afterAll(async () => {
    await panel.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves index.html for a client route', async () => {
    for (const url of ['/', '/geralconfig', '/configure-channels?x=1']) {
      const res = await panel.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it('serves assets as files and 404s a missing one', async () => {
    const asset = await panel.app.inject({ method: 'GET', url: '/assets/app-1a2b3c4d.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect((await panel.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(
      404,
    );
  });

  it('sends the brotli or gzip file the build made to a browser that accepts it', async () => {
    const url = '/assets/app-1a2b3c4d.js';
    const br = await panel.app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const gz = await panel.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('console.log(1)');
  });

  it('lets browsers keep hashed assets for a year, and re-check index.html and other files', async () => {
    const asset = await panel.app.inject({
      url: '/assets/app-1a2b3c4d.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/geralconfig', '/favicon.svg']) {
      const res = await panel.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('sends an address with doubled slashes to the page it meant, never to another host', async () => {
    for (const [url, location] of [
      ['//geralconfig', '/geralconfig'],
      ['/configure-channels//x?y=1', '/configure-channels/x?y=1'],
      ['//evil.example/x', '/evil.example/x'],
      ['/assets//app-1a2b3c4d.js', '/assets/app-1a2b3c4d.js'],
    ]) {
      const res = await panel.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(308);
      expect(res.headers.location, url).toBe(location);
    }
    // An API path keeps its envelope, and the answer does not talk about robots.
    const api = await panel.app.inject({ method: 'GET', url: '///api/session' });
    expect(api.statusCode).toBe(403);
    expect(api.headers.location).toBeUndefined();
    expect(api.json().error).toEqual({
      code: 'errors.forbidden',
      message: 'This address is not served.',
    });
    // A backslash would make the target another host (`/\\evil` is `//evil` to a browser). Sent
    // raw by an HTTP client it reaches the server as is (inject would turn it into a slash).
    expect(canonicalPanelUrl('GET', '/\\evil.example//x')).toBeNull();
    expect(canonicalPanelUrl('GET', '/a//\\b')).toBeNull();
    const address = await panel.app.listen({ port: 0, host: '127.0.0.1' });
    const raw = await new Promise<{ status?: number; location?: string }>((resolve, reject) => {
      const { hostname, port } = new URL(address);
      get({ hostname, port, path: '/\\evil.example//x' }, (res) => {
        res.resume();
        resolve({ status: res.statusCode, location: res.headers.location });
      }).on('error', reject);
    });
    expect(raw).toEqual({ status: 403, location: undefined });
    expect((await panel.app.inject({ method: 'POST', url: '//geralconfig' })).statusCode).toBe(404);
  });

  it('keeps /api answers as the envelope', async () => {
    const res = await panel.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('errors.notFound');
  });
});

describe('the login page rendered at build time', () => {
  let dir = '';
  let panel: Awaited<ReturnType<typeof createTestApp>>;
  const page = (lng: string) => `<!doctype html><html lang="${lng}"><div id="root">login</div>`;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dir, 'prerendered'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    for (const lng of ['pt-BR', 'en-US', 'es-ES']) {
      writeFileSync(join(dir, 'prerendered', `login.${lng}.html`), page(lng));
      writeFileSync(
        join(dir, 'prerendered', `login.${lng}.html.br`),
        brotliCompressSync(page(lng)),
      );
    }
    panel = await createTestApp({ webDist: dir });
  });
  afterAll(async () => {
    await panel.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends it for / to a browser with no session, in the language the panel would pick', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{}, '/', 'pt-BR'],
      [{ 'accept-language': 'en-GB,en;q=0.9' }, '/', 'en-US'],
      [{ 'accept-language': 'fr-FR, es;q=0.8, en;q=0.5' }, '/', 'es-ES'],
      [{ 'accept-language': 'de, fr;q=0.9' }, '/', 'pt-BR'],
      // The cookie the panel writes with every choice wins over the browser's languages.
      [{ 'accept-language': 'en-US', cookie: 'i18next=es-ES' }, '/', 'es-ES'],
      [{ cookie: 'i18next=xx' }, '/?lng=en', 'en-US'],
      // A session cookie that is not (or no longer) a session is no session.
      [{ cookie: 'sid=not-a-session' }, '/', 'pt-BR'],
    ];
    for (const [headers, url, lng] of cases) {
      const res = await panel.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.body, JSON.stringify(headers)).toBe(page(lng));
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toMatch(/cookie/i);
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
    const br = await panel.app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(page('pt-BR'));
    expect((await panel.app.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200);
  });

  it('sends index.html with a session, and for every other path', async () => {
    const { cookie } = await registerAndLogin(panel.app);
    const home = await panel.app.inject({ method: 'GET', url: '/', headers: { cookie } });
    expect(home.body).toBe('<!doctype html><div id="root"></div>');
    expect(home.headers.vary).toMatch(/cookie/i);
    for (const url of ['/auth', '/cadastrar', '/geralconfig']) {
      const res = await panel.app.inject({ method: 'GET', url });
      expect(res.body, url).toBe('<!doctype html><div id="root"></div>');
    }
  });

  it('sends index.html, not an error, when the session cannot be looked up', async () => {
    const broken = await createTestApp({ webDist: dir });
    try {
      await sql`alter table sessions rename to sessions_gone`.execute(broken.app.deps.db);
      const res = await broken.app.inject({
        method: 'GET',
        url: '/',
        headers: { cookie: 'sid=x' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('<!doctype html><div id="root"></div>');
    } finally {
      await broken.close();
    }
  });
});
