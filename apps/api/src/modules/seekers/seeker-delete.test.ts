import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationFeedbacks, applicationStatusHistory } from '../../db/schema/applications';
import { seekerSessions } from '../../db/schema/identity';
import { files } from '../../db/schema/platform';
import { seekerDocuments } from '../../db/schema/seekers';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { userWith } from '../../test/people';
import { addRichSeeker, applicationRows, auditOf, fileRow, seekerClient, seekerRow, site, type SeekerClient } from './seekers.fixtures';

let t: TestApp;
let a: Tenant;
let admin: SeekerClient;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  admin = seekerClient(t, await login(t.app, a.users.accountAdmin.email), site(a));
});
afterAll(() => t.close());

describe('DELETE /v1/seekers/:uuid', () => {
  it('deletes the seeker with their applications, documents, files and bytes; others stay', async () => {
    const gone = await addRichSeeker(t, a);
    const kept = await addRichSeeker(t, a, { name: 'Bob Jones' });
    const appIds = Object.values(gone.applications).map((x) => x.id);
    for (const key of gone.keys) expect(await t.deps.storage.get(key)).not.toBeNull();

    const res = await admin.del(`/v1/seekers/${gone.seeker.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');

    expect(await seekerRow(t, gone.seeker.id)).toBeNull();
    expect(await applicationRows(t, gone.seeker.id)).toEqual([]);
    const db = t.deps.db;
    expect(await db.select().from(applicationStatusHistory).where(inArray(applicationStatusHistory.applicationId, appIds))).toEqual([]);
    expect(await db.select().from(applicationFeedbacks).where(inArray(applicationFeedbacks.applicationId, appIds))).toEqual([]);
    expect(await db.select().from(seekerDocuments).where(eq(seekerDocuments.seekerId, gone.seeker.id))).toEqual([]);
    expect(await db.select().from(files).where(inArray(files.id, Object.values(gone.files)))).toEqual([]);
    for (const key of gone.keys) expect(await t.deps.storage.get(key)).toBeNull();
    expect(await db.select().from(seekerSessions).where(eq(seekerSessions.id, gone.session.id))).toEqual([]);

    expect(await seekerRow(t, kept.seeker.id)).not.toBeNull();
    expect(await applicationRows(t, kept.seeker.id)).toHaveLength(2);
    for (const id of Object.values(kept.files)) expect(await fileRow(t, id)).not.toBeNull();
    for (const key of kept.keys) expect(await t.deps.storage.get(key)).not.toBeNull();

    expect((await admin.get(`/v1/seekers/${gone.seeker.id}/profile`)).statusCode).toBe(404);
    expect((await admin.del(`/v1/seekers/${gone.seeker.id}`)).statusCode).toBe(404);
  });

  it('is audited with counts and no personal data', async () => {
    const { seeker } = await addRichSeeker(t, a, { name: 'Zed Quill' });
    expect((await admin.del(`/v1/seekers/${seeker.id}`)).statusCode).toBe(204);
    const [entry, ...more] = await auditOf(t, seeker.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ action: 'seeker.delete', actorUserId: a.users.accountAdmin.id, accountId: a.account.id, subjectType: 'seeker' });
    expect(entry!.data).toEqual({ applications: 2, files: 4, erased: false });
    const logged = JSON.stringify(entry);
    for (const personal of ['Zed Quill', seeker.email, seeker.profileId, '+44']) expect(logged).not.toContain(personal);
  });

  it('removes the bytes only once the deletion is committed', async () => {
    const { seeker, keys } = await addRichSeeker(t, a);
    const storage = t.deps.storage;
    const original = storage.delete;
    const seen: Array<{ key: string; rowLeft: boolean }> = [];
    // Read outside the transaction: the row must already be gone for good when the bytes go.
    storage.delete = async (key) => {
      seen.push({ key, rowLeft: (await seekerRow(t, seeker.id)) !== null });
      return original.call(storage, key);
    };
    try {
      expect((await admin.del(`/v1/seekers/${seeker.id}`)).statusCode).toBe(204);
    } finally {
      storage.delete = original;
    }
    expect(seen.map((s) => s.key).sort()).toEqual([...keys].sort());
    expect(seen.every((s) => !s.rowLeft)).toBe(true);
  });

  it('needs seekers.delete; a refused delete removes nothing', async () => {
    const { seeker, keys } = await addRichSeeker(t, a);
    const consultant = await userWith(t, a, ['seekers.view', 'seekers.update', 'seekers.export']);
    const res = await seekerClient(t, consultant.token, site(a)).del(`/v1/seekers/${seeker.id}`);
    expect(res.statusCode).toBe(403);
    expect(await seekerRow(t, seeker.id)).not.toBeNull();
    expect(await applicationRows(t, seeker.id)).toHaveLength(2);
    for (const key of keys) expect(await t.deps.storage.get(key)).not.toBeNull();
  });
});
