import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTenant, type Tenant } from '../test/factories';
import { openTestDatabase, type TestDatabase } from './testing';
import { migrationsFolder } from './migrate';
import { files } from './schema/platform';

/*
 * Migration 0021 cleans the names of files stored before uploads dropped the characters that disguise a name (bidi
 * overrides and isolates, direction marks, zero-width characters). Here it runs again over names stored that way.
 */

let database: TestDatabase;
let a: Tenant;
beforeAll(async () => {
  database = await openTestDatabase();
  a = await createTenant(database.db);
});
afterAll(() => database?.dispose());

it('removes disguising characters from stored file names, keeps every other name, and runs twice the same', async () => {
  const names: Array<[string, string]> = [
    ['cv\u202Efdp.exe.txt', 'cvfdp.exe.txt'],
    ['x\u2066y\u2069\u200F.pdf', 'xy.pdf'],
    ['\u202E\u200B', 'file'],
    ['سيرة ذاتية.pdf', 'سيرة ذاتية.pdf'],
    ['plain.pdf', 'plain.pdf'],
  ];
  const ids = names.map(() => crypto.randomUUID());
  await database.db.insert(files).values(
    names.map(([name], i) => ({ id: ids[i]!, accountId: a.account.id, purpose: 'resume' as const, storageKey: `t/${ids[i]}`, originalName: name, mime: 'application/pdf', size: 1, sha256: '0'.repeat(64) })),
  );
  const migration = readFileSync(join(migrationsFolder, '0021_file_names_undisguised.sql'), 'utf8');
  await database.db.execute(sql.raw(migration));
  await database.db.execute(sql.raw(migration));
  const rows = await database.db.select({ id: files.id, name: files.originalName }).from(files).where(inArray(files.id, ids));
  expect(ids.map((id) => rows.find((r) => r.id === id)!.name)).toEqual(names.map(([, kept]) => kept));
});
