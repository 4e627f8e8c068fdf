// Builds the server to JavaScript (dist/server.js and its chunks) for `npm start`: no TypeScript
// compiler in the running process (tsx cost memory and 2–3 s of start-up), and one
// minified file instead of hundreds of modules to resolve and read, which starts about a third
// faster. Packages with native code stay imports from node_modules, as installed. Development
// and tests keep running the sources through tsx.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

// Chunk names carry a content hash: clear the old ones.
rmSync(new URL('dist/chunks', import.meta.url), { recursive: true, force: true });

await build({
  absWorkingDir: new URL('.', import.meta.url).pathname,
  // dist/server.js and dist/worker.js (`node apps/server/dist/worker.js`: a worker without tsx
  // nor npm's banner lines in its log), plus a chunk per dynamic import: what is loaded only
  // when configured (the `telegram` package) is not even parsed at start.
  entryPoints: ['src/server.ts', 'src/worker.ts'],
  outdir: 'dist',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Whitespace and syntax only: identifiers keep their names, so stack traces and the class names
  // pino logs (`err.type`) stay readable without esbuild's `keepNames`, which wraps every function
  // (closures made per request too) in an Object.defineProperty call: 10 % of an authenticated
  // read's CPU.
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: 'linked',
  external: ['better-sqlite3', '@node-rs/argon2', 'pg-native'],
  // Bundled CommonJS packages call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
