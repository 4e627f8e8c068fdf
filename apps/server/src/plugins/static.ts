import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrorCode, LANGUAGES } from '@app/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { envelope } from '../lib/http-error.ts';
import { panelLanguage } from '../lib/panel-language.ts';
import { resolveSession } from './session.ts';

function isApi(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** Vite names what it emits under assets/ by content hash: a new build is a new name. */
function isHashedAsset(path: string): boolean {
  return /[\\/]assets[\\/][^\\/]+-[\w-]{8}\.\w+(\.br|\.gz)?$/.test(path);
}

/**
 * Where a panel address with doubled slashes was meant to go (`//geralconfig` → `/geralconfig`),
 * or null. @fastify/static refuses a path not in its canonical form (403, so `//` cannot slip past
 * a guard on the canonical route); a trader who typed one is sent to the page instead. Never an
 * API path, and never a target a browser would read as another host (`//host`, `/\host`).
 */
export function canonicalPanelUrl(method: string, url: string): string | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  if (!path.startsWith('/') || !path.includes('//')) return null;
  const canonical = path.replace(/\/{2,}/g, '/');
  if (canonical.includes('\\') || isApi(canonical)) return null;
  return canonical + (query === -1 ? '' : url.slice(query));
}

const LONG_CACHE = 'public, max-age=31536000, immutable';

const loginPage = (lng: string): string => `prerendered/login.${lng}.html`;

/**
 * The build's pages of logged-in addresses (apps/web/scripts/route-preloads.mjs): index.html
 * with the chunks of that address's first paint preloaded, per language; address → file name.
 */
function preloadPages(webDist: string): Map<string, string> {
  try {
    const index = JSON.parse(
      readFileSync(join(webDist, 'preload', 'pages.json'), 'utf8'),
    ) as Record<string, string>;
    const complete = Object.entries(index).filter(([, name]) =>
      LANGUAGES.every((lng) => existsSync(join(webDist, `preload/${name}.${lng}.html`))),
    );
    return new Map(complete);
  } catch {
    return new Map(); // a build without them: index.html for every address
  }
}

const NOT_BUILT =
  'The panel has not been built yet.\n\n' +
  'Run `npm run build` in the project folder, then restart the server.\n' +
  'The API under /api works meanwhile.\n';

/**
 * Serves the built panel for every non-/api path: files as they are, and index.html for client
 * routes (the panel's router decides what `/geralconfig` shows). Without a build, a plain page
 * tells the operator what to do instead of a bare 404.
 */
export async function registerStatic(app: FastifyInstance, webDist: string): Promise<void> {
  const built = existsSync(join(webDist, 'index.html'));
  /** Which of the build's HTML files answers a panel address (`/`, a client route). */
  let panelPage = async (
    _req: FastifyRequest,
    _reply: FastifyReply,
    _path: string,
  ): Promise<string> => 'index.html';
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      // The build writes .br and .gz beside each file (apps/web/vite.config.ts): sent as they are
      // to browsers that accept them, with Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders: (reply, path) => {
        reply.header('cache-control', isHashedAsset(path) ? LONG_CACHE : 'no-cache');
      },
    });
    // The login page rendered at build time, one file per language (apps/web/scripts/
    // prerender.mjs): sent for `/` to a browser with no session, which paints the form from the
    // HTML instead of after the scripts. With a session, or a build without them, `/`
    // is index.html as any client route.
    const prerendered = LANGUAGES.every((lng) => existsSync(join(webDist, loginPage(lng))));
    const preloads = preloadPages(webDist);
    // With a session, an address the build made a page for gets it: its first chunks leave with
    // the page's own, not after them. Without one (or when the database does not answer, so the
    // page's own session read shows the error with a retry, never a 500), `/` is the login page
    // rendered at build time and any other address index.html.
    panelPage = async (req, reply, path) => {
      const preload = preloads.get(path);
      if (preload === undefined && (path !== '/' || !prerendered)) return 'index.html';
      let loggedIn = true;
      try {
        loggedIn = (await resolveSession(app, req, reply)) !== null;
      } catch (err) {
        req.log.error({ err }, 'session lookup for the panel page failed');
        return 'index.html';
      }
      reply.header('vary', 'Accept-Encoding, Cookie, Accept-Language');
      if (!loggedIn)
        return path === '/' && prerendered ? loginPage(panelLanguage(req)) : 'index.html';
      return preload === undefined ? 'index.html' : `preload/${preload}.${panelLanguage(req)}.html`;
    };
    if (prerendered || preloads.has('/')) {
      app.get('/', async (req, reply) => {
        const page = await panelPage(req, reply, '/');
        reply.header('cache-control', 'no-cache');
        return reply.sendFile(page);
      });
    }
  }

  app.setNotFoundHandler(async (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0] ?? '/';
    if (isApi(path) || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.code(404).send(envelope(ErrorCode.notFound));
    }
    if (!built) {
      return reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
    }
    // A missing file (a name with an extension) is a real 404; anything else is a client route.
    const last = path.split('/').pop() ?? '';
    if (last.includes('.'))
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
    const page = await panelPage(req, reply, path);
    reply.header('cache-control', 'no-cache');
    return reply.sendFile(page);
  });
}
