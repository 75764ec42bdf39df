import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { siteSettingsMessages } from '@hireline/contract/site-settings';
import { jobs } from '../../db/schema/jobs';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { addProduct, completeJob } from '../../test/jobs';
import { client, employer1, site1, type Client } from '../../test/client';
import { grantCredits } from '../../test/credits';
import { auditOf } from '../../test/audit';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let admin: Client;
let manager: Client;
let employer: Client;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  admin = client(t, await login(t.app, a.users.accountAdmin.email), site1(a));
  manager = client(t, await login(t.app, a.users.siteManager.email), site1(a));
  employer = client(t, await login(t.app, a.users.employerAdmin.email), employer1(a));
});
afterAll(() => t.close());

const standard = { name: 'Standard', description: 'Thirty days in search.', duration_days: 30, price_cents: 4900 };

describe('products', () => {
  it('creates products at the end of the list in the site currency; the posting list shows the enabled ones', async () => {
    await manager.patch('/v1/site/settings', { currency: 'NZD' });
    const first = await manager.post('/v1/site/settings/products', standard);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ ...standard, featured: false, enabled: true, currency: 'NZD', position: 0, jobs_count: 0 });
    const hidden = (await manager.post('/v1/site/settings/products', { name: 'Hidden', duration_days: 7, price_cents: 0, featured: true, enabled: false })).json();
    expect(hidden).toMatchObject({ description: null, position: 1, featured: true, enabled: false });

    expect((await manager.get('/v1/site/settings/products')).json().map((p: { name: string }) => p.name)).toEqual(['Standard', 'Hidden']);
    expect((await employer.get('/v1/site/products')).json()).toEqual([
      { id: first.json().id, name: 'Standard', description: 'Thirty days in search.', duration_days: 30, featured: false, price_cents: 4900, currency: 'NZD' },
    ]);
    const [entry] = await auditOf(t, hidden.id, 'product.create');
    expect(entry).toMatchObject({ actorUserId: a.users.siteManager.id, accountId: a.account.id, data: { name: 'Hidden', site_id: a.sites[0].id } });
  });

  it('changes a product; enabling it puts it in the posting list, and only real changes are audited', async () => {
    const created = (await admin.post('/v1/site/settings/products', { ...standard, name: 'Draftable', enabled: false })).json();
    const res = await admin.patch(`/v1/site/settings/products/${created.id}`, { name: 'Premium', duration_days: 60, featured: true, enabled: true, description: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, name: 'Premium', duration_days: 60, featured: true, enabled: true, description: null });
    expect((await employer.get('/v1/site/products')).json().map((p: { id: string }) => p.id)).toContain(created.id);
    const [entry] = await auditOf(t, created.id, 'product.update');
    expect(entry!.data).toEqual({ fields: ['name', 'description', 'duration_days', 'featured', 'enabled'], site_id: a.sites[0].id });
    await admin.patch(`/v1/site/settings/products/${created.id}`, { name: 'Premium' });
    expect(await auditOf(t, created.id, 'product.update')).toHaveLength(1);
  });

  it('deletes a product; jobs posted with it stay, without the product', async () => {
    const product = (await admin.post('/v1/site/settings/products', { ...standard, name: 'Short-lived' })).json();
    await grantCredits(t, a.employers[0].id, 1);
    const job = (await admin.post('/v1/jobs', completeJob(a, product.id))).json();
    expect((await admin.post(`/v1/jobs/${job.id}/post`, {})).json().status).toBe('live');
    expect((await admin.get('/v1/site/settings/products')).json().find((p: { id: string }) => p.id === product.id).jobs_count).toBe(1);

    const res = await admin.del(`/v1/site/settings/products/${product.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect((await admin.get('/v1/site/settings/products')).json().map((p: { id: string }) => p.id)).not.toContain(product.id);
    const [row] = await t.deps.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({ status: 'live', productId: null });
    expect((await auditOf(t, product.id, 'product.delete'))[0]!.data).toEqual({ name: 'Short-lived', site_id: a.sites[0].id });
    expect((await admin.del(`/v1/site/settings/products/${product.id}`)).statusCode).toBe(404);
  });

  it('answers 422 with field messages', async () => {
    const res = await admin.post('/v1/site/settings/products', { name: '', duration_days: 366, price_cents: -5, featured: 'no', currency: 'EUR' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: [messages.required],
      duration_days: [siteSettingsMessages.duration],
      price_cents: [siteSettingsMessages.price],
      featured: [messages.invalid],
      currency: ['This field is not allowed.'],
    });
    expect((await admin.post('/v1/site/settings/products', {})).json().errors).toEqual({
      name: [messages.required],
      duration_days: [messages.required],
      price_cents: [messages.required],
    });
    const product = await addProduct(t, a);
    expect((await admin.patch(`/v1/site/settings/products/${product.id}`, { duration_days: 0.5 })).json().errors).toEqual({ duration_days: [siteSettingsMessages.duration] });
  });

  it("is 404 for another site's or tenant's product, 403 for an employer admin", async () => {
    const other = await addProduct(t, a, { site: 1 });
    const foreign = await addProduct(t, b);
    for (const id of [other.id, foreign.id]) {
      expect((await admin.patch(`/v1/site/settings/products/${id}`, { name: 'Mine' })).statusCode).toBe(404);
      expect((await admin.del(`/v1/site/settings/products/${id}`)).statusCode).toBe(404);
    }
    expect((await admin.get('/v1/site/settings/products')).json().map((p: { id: string }) => p.id)).not.toContain(other.id);
    const mine = await addProduct(t, a);
    expect((await employer.get('/v1/site/settings/products')).statusCode).toBe(403);
    expect((await employer.post('/v1/site/settings/products', standard)).statusCode).toBe(403);
    expect((await employer.patch(`/v1/site/settings/products/${mine.id}`, { name: 'X' })).statusCode).toBe(403);
    expect((await employer.del(`/v1/site/settings/products/${mine.id}`)).statusCode).toBe(403);
    const beta = client(t, await login(t.app, b.users.accountAdmin.email), site1(a));
    expect((await beta.get('/v1/site/settings/products')).statusCode).toBe(404);
  });
});
