// The bare reference page of `npm run bench:web` (reference/bare-page): built here with Vite into a
// temp directory, precompressed as the panel's build is (apps/web/scripts/precompress.mjs), and
// served by a minimal static server that sends the `.br`/`.gz` file the browser accepts, as the
// real server does with `@fastify/static` preCompressed.
import react from '@vitejs/plugin-react';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { build } from 'vite';
import { freePort, repoRoot } from './servers.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

export interface BarePage {
  url: string;
  stop: () => Promise<void>;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

export async function startBarePage(): Promise<BarePage> {
  const outDir = mkdtempSync(join(tmpdir(), 'bench-bare-page-'));
  await build({
    root: join(repoRoot, 'bench/reference/bare-page'),
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  });
  const { writeCompressed } = (await import(
    join(repoRoot, 'apps/web/scripts/precompress.mjs')
  )) as {
    writeCompressed: (file: string) => void;
  };
  for (const file of filesUnder(outDir)) writeCompressed(file);

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const file = normalize(join(outDir, path === '/' ? 'index.html' : path));
    if (!file.startsWith(outDir) || !TYPES[extname(file)]) {
      res.writeHead(404).end();
      return;
    }
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const encoding = accepts.includes('br') ? 'br' : accepts.includes('gzip') ? 'gzip' : null;
    const suffix = encoding === 'br' ? '.br' : encoding === 'gzip' ? '.gz' : '';
    let body: Buffer;
    try {
      body = readFileSync(file + suffix);
    } catch {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'content-type': TYPES[extname(file)],
      ...(encoding ? { 'content-encoding': encoding } : {}),
      'cache-control': path === '/' ? 'no-cache' : 'public, max-age=31536000, immutable',
    });
    res.end(body);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
