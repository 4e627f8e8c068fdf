// Writes `<file>.br` and `<file>.gz` beside a built file, at maximum compression, so the server
// sends them as they are (`@fastify/static` preCompressed). Used by the build's `precompress`
// plugin (vite.config.ts) and by `prerender.mjs` for the pages it writes after the build.
import { readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** @param {string} file */
export function writeCompressed(file) {
  const content = readFileSync(file);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }),
  );
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
}
