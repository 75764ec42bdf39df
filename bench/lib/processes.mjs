import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Child processes of the benchmark. Servers are started as `node --import tsx …` rather than `npx tsx …`: the
 * same loader, but one process instead of npx → tsx → node, so the pid we hold is the one whose memory we read
 * and the one we stop. Only pids started here are ever signalled.
 */

export function startServer(name, args, env) {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  const keep = (chunk) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  child.label = name;
  child.output = () => output.join('');
  return child;
}

/** Polls until the server answers HTTP at all (any status); fails early if the process dies. */
export async function waitForHttp(child, url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let dead = false;
  child.exited.then(() => (dead = true));
  while (Date.now() < deadline) {
    if (dead) throw new Error(`${child.label} exited during start-up:\n${child.output()}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      await sleep(200);
    }
  }
  throw new Error(`${child.label} did not answer ${url} within ${timeoutMs / 1000} s:\n${child.output()}`);
}

export async function stopServer(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await child.exited;
  clearTimeout(timer);
}

/** Runs a node script to completion with the terminal attached (the generator prints its own progress). */
export function runNode(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: 'inherit' });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`node ${args.join(' ')} exited with ${code}`))));
  });
}

/** Runs a node script and returns its stdout (used for api-sql.mjs --json). */
export function captureNode(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`node ${args.join(' ')} exited with ${code}`))));
  });
}

/** Resident memory of a process in MB, from /proc (Linux); null where there is no /proc. */
export function rssMb(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * A process and its descendants (a cluster primary and its workers), from the parent pids in /proc; just the
 * process where there is no /proc.
 */
export function processTree(pid) {
  const parents = new Map();
  try {
    for (const d of readdirSync('/proc')) {
      if (!/^\d+$/.test(d)) continue;
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        parents.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      } catch {
        // gone since the listing
      }
    }
  } catch {
    return [pid];
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child);
  return tree;
}

/** Samples the RSS of a process and its descendants every `everyMs` until stopped; returns the peak and mean of their sum. */
export function sampleRss(pid, everyMs = 250) {
  const samples = [];
  const timer = setInterval(() => {
    const sizes = processTree(pid).map(rssMb).filter((mb) => mb !== null);
    if (sizes.length) samples.push(sizes.reduce((a, b) => a + b, 0));
  }, everyMs);
  return () => {
    clearInterval(timer);
    if (!samples.length) return { peak_mb: null, mean_mb: null };
    const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
    return { peak_mb: Math.round(Math.max(...samples)), mean_mb: Math.round(mean) };
  };
}

/**
 * How busy the machine is before we start: other work on 2 cores (a test run, a compiler) skews every figure,
 * so the result records it and the runner warns. Busy = share of non-idle CPU time over `ms`.
 */
export async function cpuBusy(ms = 2000) {
  const read = () => {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const n = fields.map(Number);
    const idle = n[3] + (n[4] ?? 0);
    return { idle, total: n.reduce((a, b) => a + b, 0) };
  };
  try {
    const a = read();
    await sleep(ms);
    const b = read();
    return Math.round((1 - (b.idle - a.idle) / Math.max(1, b.total - a.total)) * 100);
  } catch {
    return null;
  }
}

/** CPU time (user + system) a process has used, in ms; /proc counts clock ticks, 100 per second on Linux. */
export function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name can hold spaces; the fields after its closing parenthesis are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * CPU spent by a server process and by the PostgreSQL backends of the bench database while a run lasts. Unlike
 * latency, CPU per request barely moves when other work shares the machine, so it is the figure to compare
 * between runs on a busy box. Backends are polled because pools open and close connections during a run;
 * parallel query workers live too briefly to be seen, so a parallel plan's DB figure is a lower bound.
 */
export function sampleCpu(serverPid, listBackendPids, everyMs = 250) {
  // The server's whole tree: with API_PROCESSES=n the work is done by the primary's workers.
  const servers = processTree(serverPid);
  const server0 = servers.map(cpuMs);
  const first = new Map();
  const last = new Map();
  const poll = async () => {
    for (const pid of await listBackendPids()) {
      const ms = cpuMs(pid);
      if (ms === null) continue;
      if (!first.has(pid)) first.set(pid, ms);
      last.set(pid, ms);
    }
  };
  const started = poll();
  const timer = setInterval(() => poll().catch(() => {}), everyMs);
  return async () => {
    clearInterval(timer);
    await started;
    await poll().catch(() => {});
    let db = 0;
    for (const [pid, ms] of last) db += ms - first.get(pid);
    const server1 = servers.map(cpuMs);
    const spent = server0.some((x) => x === null) || server1.some((x) => x === null) ? null : server1.reduce((a, b, i) => a + b - server0[i], 0);
    return { server_cpu_ms: spent, db_cpu_ms: db };
  };
}
