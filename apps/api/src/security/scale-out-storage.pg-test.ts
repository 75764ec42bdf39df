import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../db/schema/platform';
import { openTestDatabase, type TestDatabase } from '../db/testing';
import { addSeeker, addSeekerFile, tinyPdf } from '../test/applications';
import { createTenant, PASSWORD, type Tenant } from '../test/factories';
import type { TestApp } from '../test/harness';
import { startApi, urlOf, type ApiProcess } from '../test/processes';
import { startS3, testS3Storage, type TestS3 } from '../test/s3';

/*
 * Uploads on several machines: two API processes (as `npm start` runs them), each with its own data folder as on two
 * hosts, share one PostgreSQL database and one S3-compatible bucket (STORAGE_URL). A file uploaded through either is
 * served by the other, nothing lands on either local disk, and erasing a candidate removes their objects from the bucket.
 */

const PREFIX = 'deploy/uploads';

let database: TestDatabase;
let tenant: Tenant;
let s3: TestS3;
const dirs: string[] = [];
const servers: ApiProcess[] = [];
/** For the fixtures, which write rows to the database and bytes to the bucket as the API would. */
let t: TestApp;
let token: string;

function headers(extra: Record<string, string> = {}) {
  return {
    'x-af-eid': 'test',
    authorization: `Bearer ${token}`,
    'x-af-aid': tenant.account.id,
    'x-af-sid': tenant.sites[0].id,
    ...extra,
  };
}

const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

beforeAll(async () => {
  s3 = await startS3();
  database = await openTestDatabase({ kind: 'postgres' });
  tenant = await createTenant(database.db, { name: 'Object storage' });
  t = { deps: { db: database.db, storage: testS3Storage(s3, PREFIX) } } as unknown as TestApp;
  const url = urlOf(database.pool);
  dirs.push(mkdtempSync(join(tmpdir(), 'hireline-s3-host-a-')), mkdtempSync(join(tmpdir(), 'hireline-s3-host-b-')));
  servers.push(...(await Promise.all(dirs.map((dir) => startApi(url, dir, s3.env(PREFIX))))));
  const login = await fetch(`${servers[0]!.base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-af-eid': 'test' },
    body: JSON.stringify({ email: tenant.users.accountAdmin.email, password: PASSWORD }),
  });
  expect(login.status).toBe(200);
  token = ((await login.json()) as { access_token: string }).access_token;
}, 300_000);

afterAll(async () => {
  for (const s of servers) s.child.kill('SIGTERM');
  await database?.dispose();
  await s3?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('two API hosts sharing PostgreSQL and a bucket', () => {
  it('serves a file uploaded through one host, byte for byte, from the other; neither keeps it on its disk', async () => {
    const pdf = tinyPdf('Shared résumé');
    const form = new FormData();
    form.append('purpose', 'resume');
    form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'cv.pdf');
    const up = await fetch(`${servers[0]!.base}/v1/forms/upload-file`, { method: 'POST', headers: headers(), body: form });
    expect(up.status, await up.clone().text()).toBe(201);
    const file = (await up.json()) as { id: string; url: string; size: number };
    expect(file.size).toBe(pdf.length);

    const [row] = await database.db.select({ storageKey: files.storageKey }).from(files).where(eq(files.id, file.id));
    expect(await s3.keys()).toContain(`${PREFIX}/${row!.storageKey}`);
    for (const dir of dirs) expect(existsSync(join(dir, 'uploads'))).toBe(false);

    const path = file.url.replace(/^\/portal/, '');
    for (const server of servers) {
      const got = await fetch(`${server.base}${path}`);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe('application/pdf');
      expect((await bytesOf(got)).equals(pdf)).toBe(true);
    }
    // The bucket is no way around the signature: an unsigned or forged link is refused on either host.
    expect((await fetch(`${servers[1]!.base}${path.split('?')[0]}`)).status).toBe(404);
    expect((await fetch(`${servers[1]!.base}${path.replace(/signature=[^&]+/, 'signature=forged')}`)).status).toBe(404);
  });

  it("erasing a candidate through one host removes their objects from the bucket, and only theirs", async () => {
    const erased = await addSeeker(t, tenant, { name: 'Erin Erased' });
    const kept = await addSeeker(t, tenant, { name: 'Kim Kept' });
    const erasedFiles = [
      await addSeekerFile(t, erased, { purpose: 'resume', bytes: tinyPdf('Erin') }),
      await addSeekerFile(t, erased, { purpose: 'document', bytes: tinyPdf('Erin licence'), listed: true }),
    ];
    const keptFile = await addSeekerFile(t, kept, { purpose: 'resume', bytes: tinyPdf('Kim') });
    const keyOf = async (id: string) => `${PREFIX}/${(await database.db.select().from(files).where(eq(files.id, id)))[0]!.storageKey}`;
    const erasedKeys = await Promise.all(erasedFiles.map(keyOf));
    const keptKey = await keyOf(keptFile);
    expect(await s3.keys()).toEqual(expect.arrayContaining([...erasedKeys, keptKey]));

    // The other host reads the candidate's document out of the bucket before the erasure.
    const doc = await fetch(`${servers[1]!.base}/v1/seekers/${erased.id}/files/${erasedFiles[1]}`, { headers: headers() });
    expect(doc.status).toBe(200);
    expect((await bytesOf(doc)).equals(tinyPdf('Erin licence'))).toBe(true);

    const res = await fetch(`${servers[0]!.base}/v1/seekers/${erased.id}/erase`, {
      method: 'POST',
      headers: headers({ 'content-type': 'application/json' }),
      body: JSON.stringify({ reason: 'Privacy request by email' }),
    });
    expect(res.status, await res.clone().text()).toBe(200);

    const left = await s3.keys();
    for (const key of erasedKeys) expect(left).not.toContain(key);
    expect(left).toContain(keptKey);
    expect((await fetch(`${servers[1]!.base}/v1/seekers/${erased.id}/files/${erasedFiles[1]}`, { headers: headers() })).status).toBe(404);
  });
});
