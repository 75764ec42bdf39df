import { execFile } from 'node:child_process';

/**
 * Runs PostgreSQL's own client programs (pg_dump, pg_restore) without a shell. The connection URL goes in as
 * `--dbname` without its password, which travels in PGPASSWORD instead, so it shows neither in the process list
 * nor in an error message.
 */
export function runPgTool(program: 'pg_dump' | 'pg_restore', url: string, args: string[]): Promise<void> {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  return new Promise((resolve, reject) => {
    execFile(program, [...args, `--dbname=${u.toString()}`], { env, maxBuffer: 16 * 1024 * 1024 }, (err, _stdout, stderr) => {
      if (!err) return resolve();
      const why = (err as NodeJS.ErrnoException).code === 'ENOENT'
        ? `${program} is not installed (it comes with PostgreSQL's client package; use the server's major version or newer)`
        : stderr.trim() || err.message;
      reject(new Error(`${program} failed: ${why}`));
    });
  });
}

/** The URL without its password, for messages. */
export function safeUrl(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}
