// Builds the server to one JavaScript file (dist/server.js) for `npm start`: no TypeScript
// compiler in the running process (tsx cost memory and 2–3 s of start-up, issue 12), and one
// minified file instead of hundreds of modules to resolve and read, which starts about a third
// faster. Packages with native code stay imports from node_modules, as installed. Development
// and tests keep running the sources through tsx.
import { build } from 'esbuild';

await build({
  absWorkingDir: new URL('.', import.meta.url).pathname,
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  // Error names and stack traces in the log stay readable.
  keepNames: true,
  sourcemap: 'linked',
  external: ['better-sqlite3', '@node-rs/argon2', 'pg-native'],
  // Bundled CommonJS packages call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
