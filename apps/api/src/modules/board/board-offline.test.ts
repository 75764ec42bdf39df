import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, sites } from '../../db/schema/tenancy';
// eslint-disable-next-line no-restricted-imports -- the offline page is served beside the built apps, which only the whole server does
import { buildServer } from '../../server';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

/* A board that is not served answers a branded 503 page, not the staff portal; an enabled board beside it is unchanged. */

let t: TestApp;
let live: Tenant;
let boardOff: Tenant;
let siteOff: Tenant;
let accountOff: Tenant;
let root: string;
let app: Awaited<ReturnType<typeof buildServer>>;

const page = (title: string) => `<!doctype html><html><head><title>${title}</title></head><body></body></html>`;
const boardHost = (tenant: Tenant) => `jobs.${tenant.account.domain}`;

beforeAll(async () => {
  t = await createTestApp({ ENTERPRISE_KEY: 'test' });
  const db = t.deps.db;
  live = await createTenant(db, { name: 'Live' });
  boardOff = await createTenant(db, { name: 'Quiet' });
  siteOff = await createTenant(db, { name: 'Closed' });
  accountOff = await createTenant(db, { name: 'Gone' });
  await db.update(sites).set({ boardEnabled: false, branding: { colors: { primary_color: '#ff6600' } } }).where(eq(sites.id, boardOff.sites[0].id));
  await db
    .update(sites)
    .set({ enabled: false, settings: sql`jsonb_set(coalesce(${sites.settings}, '{}'::jsonb), '{locale}', '"fr-FR"')` })
    .where(eq(sites.id, siteOff.sites[0].id));
  await db.update(accounts).set({ enabled: false }).where(eq(accounts.id, accountOff.account.id));

  root = mkdtempSync(join(tmpdir(), 'hireline-offline-'));
  for (const [dir, title] of [['web', 'portal'], ['board', 'board']] as const) {
    mkdirSync(join(root, dir), { recursive: true });
    writeFileSync(join(root, dir, 'index.html'), page(title));
  }
  app = await buildServer(
    { ...t.deps, config: { ...t.deps.config, webDistDir: join(root, 'web'), boardDistDir: join(root, 'board') } },
    { logger: false, serveWeb: true },
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const on = (host: string, url = '/') => app.inject({ method: 'GET', url, headers: { host } });

describe('an offline board', () => {
  it('answers 503 with Retry-After and noindex, in the site’s name and colours, on every page of its host', async () => {
    for (const url of ['/', '/jobs/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', '/sign-in']) {
      const res = await on(boardHost(boardOff), url);
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after']).toBe('3600');
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
      expect(res.body).toContain('This job board is offline');
      expect(res.body).toContain('Quiet Jobs');
      // The site's own colour over the account's.
      expect(res.body).toContain('#ff6600');
      expect(res.body).not.toContain('portal');
    }
  });

  it("is offline when the site or its account is disabled too, in the site's language", async () => {
    const closed = await on(`${boardHost(siteOff)}:3000`);
    expect(closed.statusCode).toBe(503);
    expect(closed.body).toContain('<html lang="fr"');
    expect(closed.body).toContain('Ce site d’emploi est hors ligne');
    const gone = await on(boardHost(accountOff));
    expect(gone.statusCode).toBe(503);
    expect(gone.body).toContain('Gone Jobs');
  });

  it('has no feeds, sitemap or board API', async () => {
    for (const url of ['/feed.xml', '/sitemap.xml']) expect((await on(boardHost(boardOff), url)).statusCode, url).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/portal/v1/board/site', headers: { host: boardHost(boardOff), 'x-af-eid': 'test' } });
    expect(api.statusCode).toBe(404);
  });

  it('leaves an enabled board, the portal hosts and unknown hosts as they were', async () => {
    const board = await on(boardHost(live));
    expect(board.statusCode).toBe(200);
    expect(board.body).toContain('<title>Live Jobs</title>');
    expect((await on(boardHost(live), '/feed.xml')).statusCode).toBe(200);
    for (const host of [boardOff.account.domain, 'unknown.example']) {
      const portal = await on(host, '/login');
      expect(portal.statusCode, host).toBe(200);
      expect(portal.body, host).toContain('<title>portal</title>');
    }
  });
});
