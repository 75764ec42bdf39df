#!/usr/bin/env node
// Runs the Dockerfile's stages without a container runtime (none runs on the CI machines), so the image's build steps
// are the ones CI proves: each stage gets a clean folder standing for its filesystem root, `COPY . .` copies the
// repository's files minus .dockerignore, RUN runs in the stage's WORKDIR, `COPY --from` copies between stage folders,
// and the last stage's CMD is started with its ENV and must answer its health check and serve the portal.
//
// It also checks what the image promises: not run as root, no development dependency in the final stage.
// `node scripts/container-build.mjs [--keep] [--export-builds]` (about two minutes: a clean install and a build).
// `--export-builds` copies the image's built portal, board and API into this checkout afterwards, so the browser suite
// that `npm test` runs next tests the very files the image ships instead of building them a second time.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const keep = process.argv.includes('--keep');
const exportBuilds = process.argv.includes('--export-builds');
const work = mkdtempSync(join(tmpdir(), 'hireline-image-'));
const fail = (message) => {
  console.error(`container build: ${message}`);
  process.exit(1);
};

/** The Dockerfile's instructions, continuation lines joined, comments dropped. */
function parseDockerfile(text) {
  const lines = text.replace(/\\\n/g, ' ').split('\n').map((l) => l.trim());
  return lines.filter((l) => l && !l.startsWith('#')).map((l) => {
    const [, op, rest] = /^(\w+)\s+(.*)$/.exec(l) ?? fail(`cannot read line: ${l}`);
    return { op: op.toUpperCase(), rest };
  });
}

/** Files the build context holds: what git tracks or would track, minus .dockerignore's patterns. */
function contextFiles() {
  const listed = spawnSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: repo, encoding: 'utf8' });
  if (listed.status !== 0) fail('git ls-files failed');
  const patterns = readFileSync(join(repo, '.dockerignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((p) => new RegExp(`^${p.replace(/\./g, '\\.').replace(/\*\*\//g, '(.*/)?').replace(/\*/g, '[^/]*')}(/|$)`));
  return listed.stdout.split('\0').filter((f) => f && existsSync(join(repo, f)) && !patterns.some((re) => re.test(f)));
}

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const steps = parseDockerfile(readFileSync(join(repo, 'Dockerfile'), 'utf8'));
const stages = new Map();
let stage = null;
const at = (s, path) => join(s.root, isAbsolute(path) ? path : join(s.workdir, path));
const started = Date.now();

for (const { op, rest } of steps) {
  if (op === 'FROM') {
    const [, image, name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(rest) ?? fail(`FROM ${rest}`);
    if (!/^node:20\b/.test(image)) fail(`the image must build on Node 20 as CI does, not ${image}`);
    stage = { name: name ?? `stage${stages.size}`, root: join(work, name ?? `stage${stages.size}`), workdir: '/', env: {}, user: 'root', cmd: null, copies: [] };
    mkdirSync(stage.root, { recursive: true });
    stages.set(stage.name, stage);
    continue;
  }
  if (!stage) fail(`${op} before FROM`);
  if (op === 'WORKDIR') {
    stage.workdir = rest;
    mkdirSync(at(stage, rest), { recursive: true });
  } else if (op === 'ENV') {
    const [, key, value] = /^(\w+)[=\s](.*)$/.exec(rest) ?? fail(`ENV ${rest}`);
    stage.env[key] = value;
  } else if (op === 'USER') {
    stage.user = rest;
  } else if (op === 'CMD') {
    stage.cmd = JSON.parse(rest);
  } else if (op === 'COPY') {
    const words = rest.split(/\s+/);
    const flags = Object.fromEntries(words.filter((w) => w.startsWith('--')).map((w) => w.slice(2).split('=')));
    const [dest, ...sources] = words.filter((w) => !w.startsWith('--')).reverse();
    const from = flags.from ? stages.get(flags.from) ?? fail(`COPY --from=${flags.from}: no such stage`) : null;
    for (const src of sources.reverse()) {
      const target = dest.endsWith('/') || sources.length > 1 || dest === '.' || dest === './' ? join(at(stage, dest), src === '.' ? '' : src.split('/').pop()) : at(stage, dest);
      if (from) {
        if (!isAbsolute(src)) fail(`COPY --from needs an absolute source: ${src}`);
        const source = join(from.root, src);
        if (!existsSync(source)) fail(`COPY --from=${flags.from} ${src}: the build stage did not make it`);
        cpSync(source, target, { recursive: true, verbatimSymlinks: true });
      } else if (src === '.') {
        for (const f of contextFiles()) cpSync(join(repo, f), join(target, f), { recursive: true });
      } else fail(`COPY from the context is only "COPY . .": ${src}`);
      stage.copies.push({ dest, chown: flags.chown ?? null });
    }
  } else if (op === 'RUN') {
    console.log(`\n--- [${stage.name}] RUN ${rest}`);
    if (/(^|\s)\/(?!dev\/null)/.test(rest)) fail(`RUN must stay relative to its WORKDIR (no absolute paths): ${rest}`);
    const r = spawnSync('bash', ['-euo', 'pipefail', '-c', rest], { cwd: at(stage, stage.workdir), stdio: 'inherit', env: { ...process.env, ...stage.env } });
    if (r.status !== 0) fail(`[${stage.name}] RUN ${rest} exited ${r.status}`);
  } else if (!['EXPOSE', 'VOLUME', 'HEALTHCHECK', 'ARG', 'LABEL'].includes(op)) fail(`unsupported instruction ${op}`);
}

const final = stage;
if (!final?.cmd) fail('the last stage has no CMD');
if (!final.user || final.user === 'root' || final.user === '0') fail('the image must not run as root (USER)');
const dataDir = final.env.DATA_DIR;
if (dataDir && !final.copies.some((c) => c.dest === dataDir && c.chown?.startsWith(`${final.user}:`)))
  fail(`DATA_DIR ${dataDir} must be owned by ${final.user}`);
const app = at(final, final.workdir);
for (const dev of ['typescript', 'vitest', 'vite', '@playwright/test', 'eslint', 'drizzle-kit'])
  if (existsSync(join(app, 'node_modules', dev))) fail(`a development dependency is in the image: ${dev}`);

// Start it as the image would, on the embedded database (the compose file adds PostgreSQL and object storage).
const port = await freePort();
const env = Object.fromEntries(Object.entries(final.env).map(([k, v]) => [k, v.startsWith('/') ? join(final.root, v) : v]));
const child = spawn(final.cmd[0] === 'node' ? process.execPath : final.cmd[0], final.cmd.slice(1), {
  cwd: app,
  env: { PATH: process.env.PATH, HOME: tmpdir(), ...env, PORT: String(port), HOST: '127.0.0.1', MAIL_VIEWER: '1', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const base = `http://127.0.0.1:${port}/portal`;
let ok = false;
for (const deadline = Date.now() + 180_000; Date.now() < deadline && child.exitCode === null; ) {
  ok = await fetch(`${base}/health`).then((r) => r.ok, () => false);
  if (ok) break;
  await new Promise((r) => setTimeout(r, 500));
}
const page = ok ? await fetch(`http://127.0.0.1:${port}/login`).then((r) => r.text(), () => '') : '';
child.kill('SIGTERM');
if (ok && exportBuilds)
  for (const dist of ['apps/web/dist', 'apps/board/dist', 'apps/board/dist-ssr', 'apps/api/dist']) {
    rmSync(join(repo, dist), { recursive: true, force: true });
    cpSync(join(app, dist), join(repo, dist), { recursive: true });
  }
if (!keep) rmSync(work, { recursive: true, force: true });
if (!ok) fail('the image did not answer its health check');
if (!page.includes('<div id="root"')) fail('the image does not serve the built portal');
console.log(`\ncontainer build: the Dockerfile's stages built in clean folders and started (${Math.round((Date.now() - started) / 1000)} s)${keep ? `; kept in ${relative(process.cwd(), work)}` : ''}`);
