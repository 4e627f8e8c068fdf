// `npm start`: installs what is missing, builds the panel, then runs the server, which migrates
// the embedded database and serves the panel and the API (DESIGN §1). Prints the URL.
import { ensureInstalled, ensureWebBuilt, run } from './lib.mjs';

await ensureInstalled();
await ensureWebBuilt();
const code = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
});
process.exit(code);
