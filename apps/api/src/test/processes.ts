import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

/**
 * Real API processes (`apps/api/src/main.ts`, as `npm start` runs it) for the tests that need more than one, or need
 * to kill one: two processes on one PostgreSQL database, a SIGKILL in the middle of a write load.
 */

const root = join(__dirname, '../../../..');

export interface ApiProcess {
  child: ChildProcess;
  port: number;
  /** `http://127.0.0.1:<port>/portal` */
  base: string;
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/**
 * Starts one API process on `url` and resolves once its health check answers. With `API_PROCESSES` above 1, also once
 * the primary has printed its banner, which it does only when every worker listens: the first worker up answers the
 * health check alone, and a test that killed it before the other had joined would find the port closed.
 */
export async function startApi(url: string, dataDir: string, env: Record<string, string> = {}, port?: number): Promise<ApiProcess> {
  port ??= await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      ENTERPRISE_KEY: 'test',
      DEMO_SEED: '0',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      APP_SECRET: 'x'.repeat(40),
      // As in createTestApp: the tests' Stripe stand-in and receivers listen on loopback.
      OUTBOUND_ALLOW_LOOPBACK: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let printed = '';
  child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const everyWorker = Number(env.API_PROCESSES ?? 1) > 1;
  const deadline = Date.now() + 45_000;
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/portal/health`).then((r) => r.ok, () => false);
    if (ok && (!everyWorker || printed.includes('is running at'))) return { child, port, base: `http://127.0.0.1:${port}/portal` };
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error('API process did not start');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The connection string a scratch test database was opened with. */
export function urlOf(pool: unknown): string {
  return (pool as { options: { connectionString: string } }).options.connectionString;
}
