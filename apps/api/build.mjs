/**
 * Builds the API for production (ADR 013): src/main.ts and the workspace packages it imports (@hireline/contract,
 * @hireline/access, TypeScript sources) bundled by esbuild into dist/main.js, with a source map for stack traces.
 * Packages from node_modules stay imports: they are loaded from node_modules as usual, native addons and PGlite's
 * WebAssembly included. The migrations are copied beside the bundle, where db/migrate.ts looks for them.
 *
 * `node build.mjs [--outdir dist-bench]` (from apps/api or anywhere); about a second. `npm start` runs it before
 * starting the API. `--outdir` (a folder beside dist/, so the bundle finds the repository's apps/ as dist's does) lets
 * the benchmarks build their own copy, which a build into dist/ at the same time never replaces under them.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const outFlag = process.argv.indexOf('--outdir');
const outName = outFlag > 0 ? process.argv[outFlag + 1] : 'dist';
if (!/^[\w-]+$/.test(outName ?? '')) throw new Error(`--outdir takes a folder name beside dist/, not ${outName}`);
const outDir = here(`./${outName}`);

// Bare imports are packages, except the workspace's own, which are TypeScript and must be compiled in.
const packagesStayExternal = {
  name: 'packages-stay-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@hireline/') ? undefined : { path: args.path, external: true }));
  },
};

// The version and commit the health probes report (platform/build-info.ts). GIT_COMMIT when the build sets it (a
// checkout without .git), else git's HEAD; null when neither is there.
const version = JSON.parse(readFileSync(here('../../package.json'), 'utf8')).version ?? '0.0.0';
const gitHead = () => {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: here('.'), encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
  } catch {
    return null;
  }
};
const commit = process.env.GIT_COMMIT?.trim() || gitHead();

rmSync(outDir, { recursive: true, force: true });
await build({
  entryPoints: [here('./src/main.ts')],
  outfile: `${outDir}/main.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  // Keeps function and class names as written, for logs, stack traces and profiles.
  keepNames: true,
  plugins: [packagesStayExternal],
  define: { __HIRELINE_BUILD__: JSON.stringify({ version, commit }) },
  logLevel: 'warning',
});
cpSync(here('./src/db/migrations'), `${outDir}/migrations`, { recursive: true });
