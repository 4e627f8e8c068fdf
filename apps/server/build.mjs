// Builds the server to one JavaScript file (dist/server.js) for `npm start`: no TypeScript
// compiler in the running process (tsx cost 40 MB of memory and 2–3 s of start-up, issue 12).
// Our workspace packages (@app/*, TypeScript sources) are bundled in; every other package stays
// an import from node_modules, as installed. Development and tests keep running the sources
// through tsx.
import { build } from 'esbuild';

const here = new URL('.', import.meta.url).pathname;

await build({
  absWorkingDir: here,
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  plugins: [
    {
      name: 'packages-stay-external',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@app/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
