import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

// Text the browser downloads; fonts (woff2) and images are compressed already.
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
// Below this a compressed copy saves less than its headers cost.
const MIN_BYTES = 1024;

/**
 * Writes a `.br` (quality 11) and a `.gz` (level 9) beside every text file of the build, once at build time, so the
 * API serves them with `@fastify/static`'s `preCompressed` and never compresses a response per request. A copy is
 * written only when it is smaller than the file; the API falls back to the file itself when there is none.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'hireline-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    // After the bundle and the public folder are written, so index.html and public files get their copies too.
    async closeBundle(error) {
      if (error) return;
      // index.html is not served as a file: the API writes the deployment's settings into it first (platform/web.ts).
      const files = (await readdir(outDir, { recursive: true })).filter((name) => COMPRESSIBLE.test(name) && name !== 'index.html');
      await Promise.all(
        files.map(async (name) => {
          const path = join(outDir, name);
          if ((await stat(path)).size < MIN_BYTES) return;
          const source = await readFile(path);
          const [br, gz] = await Promise.all([
            brotliAsync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
            gzipAsync(source, { level: 9 }),
          ]);
          if (br.length < source.length) await writeFile(`${path}.br`, br);
          if (gz.length < source.length) await writeFile(`${path}.gz`, gz);
        }),
      );
    },
  };
}
