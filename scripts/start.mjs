// `npm start`: installs what is missing, builds the panel and the server (to JavaScript: no
// TypeScript compiler at run time), then runs the server, which migrates the embedded database
// and serves the panel and the API (DESIGN §1). Prints the URL.
import { ensureInstalled, ensureServerBuilt, ensureWebBuilt, run } from './lib.mjs';

await ensureInstalled();
await ensureWebBuilt();
await ensureServerBuilt();
const code = await run(process.execPath, ['apps/server/dist/server.js'], {
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
});
process.exit(code);
