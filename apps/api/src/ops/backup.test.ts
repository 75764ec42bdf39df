import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../config';
import { fromPglite, pgliteExtensions } from '../db/client';
import { migrate } from '../db/migrate';
import { seedDemo } from '../db/seed/demo';
import { localStorage } from '../platform/storage';
import { fingerprintsWith, storedFiles } from '../test/compare-data';
import { startS3, testS3Storage, type TestS3 } from '../test/s3';
import { backup } from './backup';
import { restore } from './restore';

/*
 * The backup proven on PGlite (the embedded default): the demo in a data folder backed up, restored into another
 * folder and, for the uploads, into a bucket, and compared row for row and byte for byte. PGlite serves one process,
 * so a folder still open is refused.
 */

const dir = mkdtempSync(join(tmpdir(), 'hireline-backup-pglite-'));
const sourceDir = join(dir, 'source/db');
const sourceStorage = localStorage(join(dir, 'source/uploads'));
const to = join(dir, 'backup');
const app = { version: '1.0.0', commit: null };
let s3: TestS3;

async function fingerprints(dataDir: string) {
  const pglite = await PGlite.create(dataDir, { extensions: pgliteExtensions });
  try {
    return await fingerprintsWith(async (text) => (await pglite.query(text)).rows as never);
  } finally {
    await pglite.close();
  }
}

beforeAll(async () => {
  s3 = await startS3();
  mkdirSync(sourceDir, { recursive: true });
  const database = fromPglite(await PGlite.create(sourceDir, { extensions: pgliteExtensions }));
  try {
    await migrate(database);
    await seedDemo(database.db, { enterpriseKey: 'demo', now: new Date('2026-03-02T09:30:00Z'), storage: sourceStorage });
    await sourceStorage.put('zz/all-bytes', Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 256)));
    // While the API (here: this connection) has the folder open, a backup must not open it a second time.
    await expect(backup({ to: join(dir, 'refused'), database: { kind: 'pglite', dir: sourceDir }, storage: sourceStorage, app })).rejects.toThrow(
      /in use.*stop the API first/,
    );
  } finally {
    await database.close();
  }
}, 300_000);

afterAll(async () => {
  await s3?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('backup and restore on PGlite', () => {
  it('restores every row and every file of the demo into a new data folder and a bucket, as the manifest says', { timeout: 120_000 }, async () => {
    const secret = 's'.repeat(40);
    const manifest = await backup({ to, database: { kind: 'pglite', dir: sourceDir }, storage: sourceStorage, app, appSecret: secret });
    expect(manifest.database).toMatchObject({ kind: 'pglite', file: 'database.tar.gz' });
    expect(readFileSync(join(to, 'manifest.json'), 'utf8')).not.toContain(secret);
    expect(manifest.tables['public.users']).toBeGreaterThan(5);

    const targetDir = join(dir, 'restored/db');
    const targetStorage = testS3Storage(s3, 'restored');
    const summary = await restore({ from: to, database: { kind: 'pglite', dir: targetDir }, storage: targetStorage, appSecret: secret });
    expect(summary.mismatches).toEqual([]);
    expect(summary.sameSecret).toBe(true);

    const original = await fingerprints(sourceDir);
    expect(Object.keys(original).length).toBeGreaterThan(20);
    expect(await fingerprints(targetDir)).toEqual(original);
    const files = await storedFiles(sourceStorage);
    expect(files.size).toBeGreaterThan(1);
    expect(await storedFiles(targetStorage)).toEqual(files);
  });

  it('fails on a damaged database dump, naming it, and creates no database', async () => {
    const path = join(to, 'database.tar.gz');
    const good = readFileSync(path);
    writeFileSync(path, Buffer.concat([good.subarray(0, good.length - 1), Buffer.from([good.at(-1)! ^ 1])]));
    try {
      const targetDir = join(dir, 'damaged/db');
      await expect(restore({ from: to, database: { kind: 'pglite', dir: targetDir }, storage: localStorage(join(dir, 'damaged/uploads')) })).rejects.toThrow(
        /damaged[\s\S]*database dump database\.tar\.gz: sha256 differs/,
      );
      expect(() => readFileSync(join(targetDir, 'PG_VERSION'))).toThrow();
    } finally {
      writeFileSync(path, good);
    }
  });

  it('refuses a folder that holds no finished backup', async () => {
    await expect(restore({ from: join(dir, 'source'), database: { kind: 'pglite', dir: join(dir, 'x/db') }, storage: localStorage(join(dir, 'x/up')) })).rejects.toThrow(
      /no manifest\.json/,
    );
  });
});

describe('npm run backup and npm run restore', () => {
  const run = promisify(execFile);
  /** The API's configuration for a PGlite deployment in DATA_DIR, whatever the environment running the tests sets. */
  const env = (dataDir: string) => {
    const vars: NodeJS.ProcessEnv = { ...process.env, APP_SECRET: 'x'.repeat(40), DATA_DIR: dataDir, npm_config_loglevel: 'silent' };
    for (const name of ['DATABASE_URL', 'STORAGE_URL', 'STORAGE_DIR']) delete vars[name];
    return vars;
  };
  /** Its exit code (0 when it succeeded) and output. */
  const npm = (args: string[], dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> =>
    run('npm', ['run', '--silent', ...args], { cwd: repoRoot, env: env(dataDir) }).then(
      (r) => ({ code: 0, ...r }),
      (e: { code: number; stdout: string; stderr: string }) => e,
    );

  it('backs up DATA_DIR, restores it into another, verifies it, and refuses to restore over it', { timeout: 120_000 }, async () => {
    const cliBackup = join(dir, 'cli-backup');
    const made = await npm(['backup', '--', '--to', cliBackup], join(dir, 'source'));
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(/Done in .*: \d+ tables, \d+ rows .*, \d+ files/);

    const target = join(dir, 'cli-target');
    const restored = await npm(['restore', '--', '--from', cliBackup], target);
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain('Verified: every table has its row count and every file its sha256.');
    expect(await fingerprints(join(target, 'db'))).toEqual(await fingerprints(sourceDir));

    const again = await npm(['restore', '--', '--from', cliBackup], target);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/The target is not empty .*pass --force/);
  });

  it('says how to call it without a folder', async () => {
    const script = join(repoRoot, 'apps/api/src/cli/backup.ts');
    const bare = await run(process.execPath, ['--import', 'tsx', script], { cwd: repoRoot, env: env(join(dir, 'none')) }).catch((e) => e);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('usage: npm run backup -- --to <new or empty folder>');
  });
});
