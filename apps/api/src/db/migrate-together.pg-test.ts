import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startApi, type ApiProcess } from '../test/processes';
import { migrationsFolder } from './migrate';

/*
 * An upgrade as docs/deploy.md describes it: two replicas of a new release start at the same moment on a database
 * that has not seen its migrations (here: none at all). The advisory lock in migrate.ts makes them take turns: each
 * migration is applied once, and both replicas come up and serve.
 */

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `hireline_together_${process.pid}_${Date.now()}`;
const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
const servers: ApiProcess[] = [];
const dirs: string[] = [];

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

afterAll(async () => {
  for (const s of servers) s.child.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  await admin((c) => c.query(`drop database if exists "${name}" with (force)`));
});

describe('two replicas starting together on an empty database', () => {
  it('apply every migration exactly once, and both serve', async () => {
    await admin((c) => c.query(`create database "${name}"`));
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };

    const start = () => {
      const dir = mkdtempSync(join(tmpdir(), 'hireline-together-'));
      dirs.push(dir);
      return startApi(url, dir);
    };
    servers.push(...(await Promise.all([start(), start()])));

    for (const s of servers) expect((await fetch(`${s.base}/health`)).status).toBe(200);
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const applied = await db.query<{ hash: string }>('select hash from drizzle.__drizzle_migrations order by id').finally(() => db.end());
    const hashes = applied.rows.map((row) => row.hash);
    expect(hashes).toHaveLength(journal.entries.length);
    expect(new Set(hashes).size).toBe(hashes.length);
  });
});
