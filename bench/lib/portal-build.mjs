import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The portal's production build and what is in it. The build is the one `npm start` serves (apps/web/dist), made
 * with hidden source maps: the JavaScript is byte for byte what a normal build emits (no sourceMappingURL comment),
 * and the maps tell which sources each chunk holds. The maps are read, then deleted, so the server never serves them.
 */

export const webDist = (root) => join(root, 'apps/web/dist');

export function buildPortal(root) {
  return new Promise((resolve, reject) => {
    const args = ['run', '--silent', 'build', '--workspace', '@hireline/web', '--', '--sourcemap', 'hidden', '--logLevel', 'warn'];
    const child = spawn('npm', args, { cwd: root, stdio: 'inherit' });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`portal build exited with ${code}`))));
  });
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_INDEX = new Map([...B64].map((c, i) => [c, i]));

/** Decodes one source-map segment (base64 VLQ) into its numbers. */
function decodeSegment(segment) {
  const out = [];
  let value = 0;
  let shift = 0;
  for (const c of segment) {
    const digit = B64_INDEX.get(c);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

/**
 * Characters of generated code per source file: each mapping segment owns the code up to the next segment on its
 * line (a close estimate of bytes for this ASCII output). Unmapped code (the bundler's runtime glue) is `(unmapped)`.
 */
function bytesBySource(code, map) {
  const lines = code.split('\n');
  const totals = new Map();
  const add = (key, n) => n > 0 && totals.set(key, (totals.get(key) ?? 0) + n);
  let source = 0;
  map.mappings.split(';').forEach((line, i) => {
    const length = lines[i]?.length ?? 0;
    let column = 0;
    let covered = 0;
    let owner = null;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const [col, src] = decodeSegment(segment);
      column += col;
      if (owner !== null) add(owner, column - covered);
      else add('(unmapped)', column - covered);
      covered = column;
      if (src !== undefined) {
        source += src;
        owner = map.sources[source];
      } else owner = null;
    }
    add(owner ?? '(unmapped)', length - covered);
  });
  return totals;
}

/** Where a source path points: a package (`@mui/material`), a workspace package, or a folder of the portal. */
export function originOf(source) {
  const path = source.replace(/\\/g, '/');
  const nm = path.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = path.slice(nm + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const pkg = /packages\/([^/]+)\//.exec(path);
  if (pkg) return `@hireline/${pkg[1]}`;
  const src = /apps\/web\/src\/(.*)$/.exec(path) ?? /(?:^|\/)src\/(.*)$/.exec(path);
  if (src) {
    const parts = src[1].split('/');
    return parts[0] === 'features' ? `src/features/${parts[1]}` : parts.length > 1 ? `src/${parts[0]}` : 'src';
  }
  return path;
}

/** The portal source file a path names (`features/jobs/JobsListPage.tsx`), or null for packages. */
export function portalFile(source) {
  const match = /apps\/web\/src\/(.*)$/.exec(source.replace(/\\/g, '/')) ?? /^(?:\.\.\/)+src\/(.*)$/.exec(source);
  return match && !source.includes('node_modules/') ? match[1] : null;
}

/**
 * Every file under dist/assets with, for JavaScript, the sources it holds (from the hidden maps) and the characters
 * each contributed. Deletes the maps afterwards. Without maps (an existing build used as it is) sources are empty.
 */
export function analyseDist(root) {
  const assets = join(webDist(root), 'assets');
  if (!existsSync(join(webDist(root), 'index.html'))) throw new Error('apps/web/dist has no index.html: build the portal first (drop --no-build).');
  const chunks = new Map();
  for (const name of readdirSync(assets)) {
    if (name.endsWith('.map')) continue;
    const file = join(assets, name);
    const entry = { file: `/assets/${name}`, kind: name.endsWith('.js') ? 'js' : name.endsWith('.css') ? 'css' : 'other', sources: new Map() };
    if (entry.kind === 'js' && existsSync(`${file}.map`)) {
      entry.sources = bytesBySource(readFileSync(file, 'utf8'), JSON.parse(readFileSync(`${file}.map`, 'utf8')));
    }
    chunks.set(entry.file, entry);
  }
  for (const name of readdirSync(assets)) if (name.endsWith('.map')) rmSync(join(assets, name));
  return chunks;
}

/** Characters per origin over a set of chunks, largest first. */
export function originsOf(chunks, files) {
  const totals = new Map();
  for (const file of files) {
    for (const [source, n] of chunks.get(file)?.sources ?? []) {
      const origin = originOf(source);
      totals.set(origin, (totals.get(origin) ?? 0) + n);
    }
  }
  return [...totals].sort((a, b) => b[1] - a[1]).map(([origin, chars]) => ({ origin, chars }));
}

/**
 * Domain areas (src/features/<area>) and whether each is loaded lazily on a route: none of its components (.tsx)
 * may be in what the route loaded, except the route's own area. Plain .ts modules are allowed (the route table
 * imports each list's search-parameter schema, which TanStack Router needs before any page is loaded).
 */
export function domainAreas(root, chunks, loadedFiles, ownArea) {
  const areas = readdirSync(join(root, 'apps/web/src/features'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  const loadedSources = new Set();
  for (const file of loadedFiles) for (const source of chunks.get(file)?.sources.keys() ?? []) loadedSources.add(portalFile(source));
  const chunkCount = (area) => [...chunks.values()].filter((c) => [...c.sources.keys()].some((s) => portalFile(s)?.startsWith(`features/${area}/`))).length;
  return areas.map((area) => {
    const initial = [...loadedSources].filter((f) => f?.startsWith(`features/${area}/`)).sort();
    const components = initial.filter((f) => f.endsWith('.tsx'));
    return { area, chunks: chunkCount(area), initial_modules: initial, lazy: area === ownArea || components.length === 0 };
  });
}
