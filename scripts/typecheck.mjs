#!/usr/bin/env node
// `npm run typecheck`: every TypeScript project, two (or as many as there are cores) at a time. Each `tsc -p` is
// mostly single-threaded, so one after another left a core idle for the minute typechecking takes on CI.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

// Largest first, so the small ones fill in beside them.
const projects = ['apps/web', 'apps/api', 'apps/board', 'e2e', 'packages/contract', 'packages/access'];
const queue = [...projects];
const failed = [];

const check = (project) =>
  new Promise((resolve) => {
    const out = [];
    const child = spawn(process.execPath, [tsc, '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('close', (code) => {
      // Each project's errors printed together, not interleaved with another's.
      if (out.length) process.stdout.write(Buffer.concat(out));
      if (code !== 0) failed.push(project);
      resolve();
    });
  });

const worker = async () => {
  for (let p = queue.shift(); p; p = queue.shift()) await check(p);
};
await Promise.all(Array.from({ length: Math.max(2, availableParallelism()) }, worker));
if (failed.length) {
  console.error(`typecheck failed: ${failed.join(', ')}`);
  process.exit(1);
}
