import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../db/seed/demo';
import { openTestDatabase, type TestDatabase } from '../db/testing';
import { localStorage } from '../platform/storage';
import { backup } from './backup';
import { restore } from './restore';
import { storedFiles, tableFingerprints } from '../test/compare-data';

/*
 * The backup proven on PostgreSQL: the demo and a few uploads backed up, restored into a new database and a new
 * folder, and every table's rows and every file's bytes compared with the original. A damaged backup is refused
 * before anything is written, naming what is damaged.
 */

const adminUrl = process.env.TEST_DATABASE_URL!;
const withDatabase = (name: string) => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();

let source: TestDatabase;
let sourceUrl: string;
const dir = mkdtempSync(join(tmpdir(), 'hireline-backup-pg-'));
const sourceStorage = localStorage(join(dir, 'uploads'));
const created: string[] = [];

async function admin<T>(run: (c: pg.Client) => Promise<T>) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

/** An empty database on the test server, as an operator's new server would have. */
async function emptyDatabase() {
  const name = `hireline_restore_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`create database "${name}"`));
  created.push(name);
  return withDatabase(name);
}

beforeAll(async () => {
  source = await openTestDatabase({ kind: 'postgres' });
  sourceUrl = (source.pool as unknown as { options: { connectionString: string } }).options.connectionString;
  await seedDemo(source.db, { enterpriseKey: 'demo', now: new Date('2026-03-02T09:30:00Z'), storage: sourceStorage });
  // Beyond the demo's own: every byte value, an empty file, and a key in a folder of its own.
  await sourceStorage.put('zz/all-bytes', Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 256)));
  await sourceStorage.put('zz/empty', Buffer.alloc(0));
  await sourceStorage.put('yy/nested/random', randomBytes(100_000));
}, 300_000);

afterAll(async () => {
  await source?.dispose();
  for (const name of created) await admin((c) => c.query(`drop database if exists "${name}" with (force)`));
  rmSync(dir, { recursive: true, force: true });
});

describe('backup and restore on PostgreSQL', () => {
  const to = join(dir, 'backup');
  const app = { version: '1.2.3', commit: 'abcdef1' };

  it('restores every row and every file of the demo into an empty database and folder, as the manifest says', { timeout: 120_000 }, async () => {
    const manifest = await backup({ to, database: { kind: 'postgres', url: sourceUrl }, storage: sourceStorage, app, appSecret: 'a'.repeat(40) });
    expect(manifest.app).toEqual(app);
    expect(manifest.migrations.at(-1)).toMatch(/^\d{4}_/);
    expect(manifest.tables['public.users']).toBeGreaterThan(5);
    expect(manifest.files.map((f) => f.key)).toEqual(expect.arrayContaining(['zz/all-bytes', 'zz/empty', 'yy/nested/random']));

    const targetUrl = await emptyDatabase();
    const targetStorage = localStorage(join(dir, 'restored'));
    const summary = await restore({ from: to, database: { kind: 'postgres', url: targetUrl }, storage: targetStorage });
    expect(summary.mismatches).toEqual([]);
    expect(summary.files).toBe(manifest.files.length);

    const original = await tableFingerprints(sourceUrl);
    expect(Object.keys(original).length).toBeGreaterThan(20);
    expect(await tableFingerprints(targetUrl)).toEqual(original);
    const files = await storedFiles(sourceStorage);
    expect(files.size).toBeGreaterThan(3);
    expect(await storedFiles(targetStorage)).toEqual(files);

    // The API's own role can use the restored tables as row-level security expects (ADR 012).
    const c = new pg.Client({ connectionString: targetUrl });
    await c.connect();
    try {
      await c.query("set role hireline_api; set hireline.tenant = '*'");
      expect(Number((await c.query('select count(*) as n from users')).rows[0].n)).toBe(manifest.tables['public.users']);
    } finally {
      await c.end();
    }
  });

  it('refuses a target that already holds data, unless told to erase it', { timeout: 120_000 }, async () => {
    const targetUrl = await emptyDatabase();
    const targetStorage = localStorage(join(dir, 'refused'));
    await targetStorage.put('aa/already-here', Buffer.from('x'));
    await expect(restore({ from: to, database: { kind: 'postgres', url: targetUrl }, storage: targetStorage })).rejects.toThrow(
      /not empty.*holds files.*--force/,
    );
    const summary = await restore({ from: to, database: { kind: 'postgres', url: targetUrl }, storage: targetStorage, force: true, appSecret: 'b'.repeat(40) });
    expect(summary.mismatches).toEqual([]);
    // Restored under another APP_SECRET: the data is whole, but the operator is told two-factor keys will not open.
    expect(summary.sameSecret).toBe(false);
    expect(await storedFiles(targetStorage)).toEqual(await storedFiles(sourceStorage));
    // Restored once, the database now has tables: a second restore is refused for them.
    await expect(restore({ from: to, database: { kind: 'postgres', url: targetUrl }, storage: localStorage(join(dir, 'other')) })).rejects.toThrow(
      /database has \d+ tables/,
    );
  });

  it('fails on a damaged file in the backup, naming it, and writes nothing', async () => {
    const path = join(to, 'files', 'zz/all-bytes');
    const good = readFileSync(path);
    const bad = Buffer.from(good);
    bad[100] = bad[100]! ^ 0xff;
    writeFileSync(path, bad);
    try {
      const targetUrl = await emptyDatabase();
      const targetStorage = localStorage(join(dir, 'damaged'));
      await expect(restore({ from: to, database: { kind: 'postgres', url: targetUrl }, storage: targetStorage })).rejects.toThrow(
        /damaged[\s\S]*file zz\/all-bytes: sha256 differs/,
      );
      expect(await tableFingerprints(targetUrl)).toEqual({});
      expect((await storedFiles(targetStorage)).size).toBe(0);
    } finally {
      writeFileSync(path, good);
    }
  });

  it('dumps the very snapshot it counted, whatever is written meanwhile', { timeout: 120_000 }, async () => {
    const count = async (url: string) => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        return Number((await c.query('select count(*) as n from notifications')).rows[0].n);
      } finally {
        await c.end();
      }
    };
    const before = await count(sourceUrl);
    expect(before).toBeGreaterThan(0);
    const snapshotTo = join(dir, 'snapshot-backup');
    // The API deletes rows between the counting and the dump: neither sees it, so the two still agree.
    const manifest = await backup({
      to: snapshotTo,
      database: { kind: 'postgres', url: sourceUrl },
      storage: sourceStorage,
      app,
      afterSnapshot: async () => {
        const c = new pg.Client({ connectionString: sourceUrl });
        await c.connect();
        await c.query('delete from notifications').finally(() => c.end());
      },
    });
    expect(await count(sourceUrl)).toBe(0);
    expect(manifest.tables['public.notifications']).toBe(before);
    const targetUrl = await emptyDatabase();
    const summary = await restore({ from: snapshotTo, database: { kind: 'postgres', url: targetUrl }, storage: localStorage(join(dir, 'snapshot-restored')) });
    expect(summary.mismatches).toEqual([]);
    expect(await count(targetUrl)).toBe(before);
  });
});
