import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { addSeeker, addSeekerFile } from '../../test/applications';
import { employer1 } from '../../test/client';
import { addProfileFiles, addRichSeeker, fileRow, seekerClient, site, type SeekerClient } from './seekers.fixtures';
import { coded } from '../../test/errors';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let admin: SeekerClient;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  admin = seekerClient(t, await login(t.app, a.users.accountAdmin.email), site(a));
});
afterAll(() => t.close());

const file = (seekerId: string, fileId: string, query?: Record<string, string>, who: SeekerClient = admin) =>
  who.get(`/v1/seekers/${seekerId}/files/${fileId}`, query);

describe('GET /v1/seekers/:uuid/files/:file', () => {
  it('sends the resume with its stored type, as an attachment by default, never cached or sniffed', async () => {
    const s = await addSeeker(t, a);
    const { resume } = await addProfileFiles(t, s);
    const res = await file(s.id, resume);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.equals((await t.deps.storage.get((await fileRow(t, resume))!.storageKey))!)).toBe(true);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="resume.pdf"`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect((await file(s.id, resume, { disposition: 'inline' })).headers['content-disposition']).toMatch(/^inline; filename="resume.pdf"/);
    expect((await file(s.id, resume, { disposition: 'download' })).json().errors).toEqual({ disposition: [messages.invalid] });
  });

  it('sends a listed document; names are safe in the header and exact in filename*', async () => {
    const s = await addSeeker(t, a, { name: 'Zoë' });
    const { document } = await addProfileFiles(t, s, { documentName: 'Lébenslauf "final" (1).txt' });
    const res = await file(s.id, document);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe('Forklift licence of Zoë');
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="L_benslauf _final_ (1).txt"; filename*=UTF-8''L%C3%A9benslauf%20%22final%22%20%281%29.txt`,
    );
  });

  it("is 404 for any file that is not the seeker's resume or one of their documents", async () => {
    const rich = await addRichSeeker(t, a);
    const other = await addSeeker(t, a);
    const { resume: othersResume } = await addProfileFiles(t, other);
    // Uploaded but never attached, and the resume sent with an application, are not the profile's files.
    for (const id of [rich.files.loose, rich.files.sent, othersResume, crypto.randomUUID()]) {
      const res = await file(rich.seeker.id, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual(coded({ message: messages.notFound }));
    }
    expect((await file(rich.seeker.id, rich.files.resume)).statusCode).toBe(200);
    expect((await file(rich.seeker.id, 'nope')).statusCode).toBe(422);
  });

  it("is 404 for another tenant's seeker or file, and when the bytes are gone", async () => {
    const foreign = await addSeeker(t, b);
    const { resume: foreignResume } = await addProfileFiles(t, foreign);
    expect((await file(foreign.id, foreignResume)).statusCode).toBe(404);
    const s = await addSeeker(t, a);
    expect((await file(s.id, foreignResume)).statusCode).toBe(404);
    const lost = await addSeekerFile(t, s, { purpose: 'document', listed: true });
    await t.deps.storage.delete((await fileRow(t, lost))!.storageKey);
    expect((await file(s.id, lost)).statusCode).toBe(404);
  });

  it('needs seekers.view: an employer user is refused', async () => {
    const s = await addSeeker(t, a);
    const { resume } = await addProfileFiles(t, s);
    const employer = seekerClient(t, await login(t.app, a.users.employerAdmin.email), employer1(a));
    const res = await file(s.id, resume, undefined, employer);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(coded({ message: messages.unauthorized }));
  });
});
