import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerAndLogin } from '../test/app.ts';

const INDEX = '<!doctype html><div id="root"></div>';
const login = (lng: string) => `<!doctype html><html lang="${lng}"><div id="root">login</div>`;
const preload = (name: string, lng: string) =>
  `<!doctype html><link rel="modulepreload" href="/assets/${name}.${lng}.js"><div id="root"></div>`;

/** A build as apps/web writes it: index.html, the login pages, the logged-in addresses' pages. */
function webDist(languagesOfMasaniello: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dir, 'prerendered'));
  mkdirSync(join(dir, 'preload'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(
    join(dir, 'preload', 'pages.json'),
    JSON.stringify({ '/': 'home', '/config-masaniello': 'config-masaniello' }),
  );
  for (const lng of ['pt-BR', 'en-US', 'es-ES']) {
    writeFileSync(join(dir, 'prerendered', `login.${lng}.html`), login(lng));
    writeFileSync(join(dir, 'preload', `home.${lng}.html`), preload('home', lng));
  }
  for (const lng of languagesOfMasaniello) {
    writeFileSync(
      join(dir, 'preload', `config-masaniello.${lng}.html`),
      preload('config-masaniello', lng),
    );
  }
  return dir;
}

describe("the logged-in addresses' pages with their first chunks preloaded", () => {
  const dirs: string[] = [];
  let panel: Awaited<ReturnType<typeof createTestApp>>;
  let cookie = '';
  beforeAll(async () => {
    dirs.push(webDist(['pt-BR', 'en-US', 'es-ES']));
    panel = await createTestApp({ webDist: dirs[0] });
    cookie = (await registerAndLogin(panel.app)).cookie;
  });
  afterAll(async () => {
    await panel.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('sends its page to a browser with a session, in the language the panel would pick', async () => {
    const cases: [string, Record<string, string>, string][] = [
      ['/', {}, preload('home', 'pt-BR')],
      ['/', { 'accept-language': 'en-GB,en;q=0.9' }, preload('home', 'en-US')],
      ['/config-masaniello', { cookie: 'i18next=es-ES' }, preload('config-masaniello', 'es-ES')],
      ['/config-masaniello?x=1', {}, preload('config-masaniello', 'pt-BR')],
    ];
    for (const [url, headers, body] of cases) {
      const res = await panel.app.inject({
        method: 'GET',
        url,
        headers: { ...headers, cookie: [cookie, headers.cookie].filter(Boolean).join('; ') },
      });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(body);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toMatch(/cookie/i);
    }
  });

  it('never to a browser without a session: the login page at /, index.html elsewhere', async () => {
    const home = await panel.app.inject({ method: 'GET', url: '/' });
    expect(home.body).toBe(login('pt-BR'));
    for (const headers of [{}, { cookie: 'sid=not-a-session' }]) {
      const res = await panel.app.inject({ method: 'GET', url: '/config-masaniello', headers });
      expect(res.body).toBe(INDEX);
      expect(res.headers.vary).toMatch(/cookie/i);
    }
  });

  it('sends index.html for an address without a page, and for one whose build lacks a language', async () => {
    const res = await panel.app.inject({ method: 'GET', url: '/geralconfig', headers: { cookie } });
    expect(res.body).toBe(INDEX);
    dirs.push(webDist(['pt-BR']));
    const partial = await createTestApp({ webDist: dirs[1] });
    try {
      const me = await registerAndLogin(partial.app);
      const masaniello = await partial.app.inject({
        method: 'GET',
        url: '/config-masaniello',
        headers: { cookie: me.cookie },
      });
      expect(masaniello.body).toBe(INDEX);
      const home = await partial.app.inject({ url: '/', headers: { cookie: me.cookie } });
      expect(home.body).toBe(preload('home', 'pt-BR'));
    } finally {
      await partial.close();
    }
  });
});
