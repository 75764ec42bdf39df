import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../config';
import { startS3, testS3Storage, type TestS3 } from '../test/s3';
import { localStorage } from './storage';
import { migrateUploads } from './storage-migrate';

/*
 * Moving an existing deployment's uploads into a bucket: every local file lands under the same key (the files rows
 * keep pointing at it), a second run copies nothing, and a file that differs in size is copied again.
 */

const run = promisify(execFile);

let s3: TestS3;
let dir: string;
beforeAll(async () => {
  s3 = await startS3();
  dir = mkdtempSync(join(tmpdir(), 'hireline-migrate-'));
});
afterAll(async () => {
  await s3?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const pdf = Buffer.from('%PDF-1.4\n% a resume\n%%EOF\n');
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 255]);

async function uploadsFolder(name: string) {
  const root = join(dir, name);
  const local = localStorage(root);
  await local.put('01/0198aaaa-resume', pdf);
  await local.put('01/0198bbbb-logo', png);
  await local.put('test/0198cccc-document', Buffer.from('plain text'));
  await local.ping(); // leaves no probe, but a stray dotfile must not be copied either
  writeFileSync(join(root, '.ping-123'), '');
  return root;
}

describe('migrateUploads', () => {
  it('copies every file under its key, then skips what is already there, and copies again what changed size', async () => {
    const root = await uploadsFolder('uploads');
    const target = testS3Storage(s3, 'migrated');
    const seen: number[] = [];
    const first = await migrateUploads(root, target, (p) => seen.push(p.done));
    expect(first).toEqual({ files: 3, bytes: pdf.length + png.length + 10, skipped: 0 });
    expect(seen.sort()).toEqual([1, 2, 3]);
    expect((await s3.keys()).filter((k) => k.startsWith('migrated/'))).toEqual([
      'migrated/01/0198aaaa-resume',
      'migrated/01/0198bbbb-logo',
      'migrated/test/0198cccc-document',
    ]);
    expect((await target.get('01/0198bbbb-logo'))!.equals(png)).toBe(true);

    expect(await migrateUploads(root, target)).toEqual({ files: 0, bytes: 0, skipped: 3 });

    await localStorage(root).put('01/0198aaaa-resume', Buffer.concat([pdf, Buffer.from('% page 2\n')]));
    expect(await migrateUploads(root, target)).toEqual({ files: 1, bytes: pdf.length + 9, skipped: 2 });
    expect((await target.get('01/0198aaaa-resume'))!.toString()).toContain('page 2');
  });
});

describe('npm run storage:migrate', () => {
  const env = (extra: Record<string, string>) => ({
    ...process.env,
    APP_SECRET: 'x'.repeat(40),
    DATA_DIR: join(dir, 'data'),
    npm_config_loglevel: 'silent',
    ...extra,
  });

  it('copies STORAGE_DIR into the bucket of STORAGE_URL, with progress and a summary; a second run skips everything', async () => {
    const root = await uploadsFolder('cli-uploads');
    const vars = env({ STORAGE_DIR: root, ...s3.env('from-cli') });
    const first = await run('npm', ['run', '--silent', 'storage:migrate'], { cwd: repoRoot, env: vars });
    expect(first.stdout).toContain(`Copying uploads from ${root} to s3://${s3.bucket}/from-cli`);
    expect(first.stdout).toMatch(/100% 3\/3 files/);
    expect(first.stdout).toMatch(/3 files copied \(0\.0 MB\), 0 skipped \(already in the bucket with the same size\), 3 in all\./);
    expect((await s3.keys()).filter((k) => k.startsWith('from-cli/'))).toHaveLength(3);

    const second = await run('npm', ['run', '--silent', 'storage:migrate'], { cwd: repoRoot, env: vars });
    expect(second.stdout).toMatch(/0 files copied \(0\.0 MB\), 3 skipped/);
  });

  it('says what is missing without STORAGE_URL, or when the bucket cannot be reached', async () => {
    const script = join(repoRoot, 'apps/api/src/cli/storage-migrate.ts');
    const noBucket = await run(process.execPath, ['--import', 'tsx', script], { cwd: repoRoot, env: env({}) }).catch((e) => e);
    expect(noBucket.code).toBe(2);
    expect(noBucket.stderr).toContain('set STORAGE_URL=s3://bucket/prefix');

    const vars = env({ STORAGE_DIR: await uploadsFolder('unreachable'), ...s3.env(), STORAGE_URL: 's3://no-such-bucket' });
    const wrong = await run(process.execPath, ['--import', 'tsx', script], { cwd: repoRoot, env: vars }).catch((e) => e);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('Cannot reach s3://no-such-bucket');
    expect(wrong.stdout).not.toContain('Copying');
  });
});
