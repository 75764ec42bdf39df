import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/jobs';
// The whole server with the built portal is what this file checks the feeds against; the harness serves no portal.
// eslint-disable-next-line no-restricted-imports
import { buildServer } from '../../server';
import { createTestApp, type TestApp } from '../../test/harness';
import { BOARD_RATE_LIMIT } from './board-host.service';
import { childText, parseXml } from './board-xml.testing';
import { createBoardWorld, daysFromNow, hiddenKeys, keyOf, type BoardWorld } from './board.fixtures';
import { coded } from '../../test/errors';

let t: TestApp;
let w: BoardWorld;
/** A live advert whose text tries to break out of its CDATA sections. */
let tricky: string;
const trickyTitle = 'R&D <Lead> ]]> "quoted"\u0001';
beforeAll(async () => {
  // Crawlers send no X-AF-EID: the feeds use the deployment's key, which the test tenants' enterprise has.
  t = await createTestApp({ ENTERPRISE_KEY: 'test', TRUST_PROXY: 'true' });
  w = await createBoardWorld(t);
  const [row] = await t.deps.db
    .insert(jobs)
    .values({
      accountId: w.a.account.id,
      siteId: w.a.sites[0].id,
      employerId: w.a.employers[0].id,
      status: 'live',
      title: trickyTitle,
      description: '<p>Ends ]]> here &amp; there</p>',
      descriptionText: 'Ends ]]> here & there',
      postedAt: daysFromNow(-20),
      advertStartAt: daysFromNow(-20),
      advertEndAt: daysFromNow(5),
    })
    .returning({ id: jobs.id });
  tricky = row!.id;
});
afterAll(() => t.close());

const get = (url: string, host: string, headers: Record<string, string> = {}, ip?: string) =>
  t.app.inject({ method: 'GET', url, headers: { host, ...headers }, ...(ip ? { remoteAddress: ip } : {}) });
/** Newest first, as the feeds list them. */
const liveOrder = () => [w.ids.developer, w.ids.nurse, w.ids.forklift, w.ids.barista, tricky];

describe('GET /feed.xml', () => {
  it('lists exactly the live adverts of the board, newest first, as well-formed XML', async () => {
    const res = await get('/feed.xml', w.host);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const source = parseXml(res.body);
    expect(source.name).toBe('source');
    expect(childText(source, 'publisher')).toBe('Alpha Jobs');
    expect(childText(source, 'publisherurl')).toBe(`http://${w.host}/`);
    const items = source.children.filter((c) => c.name === 'job');
    expect(items.map((j) => keyOf(w, childText(j, 'referencenumber')))).toEqual(liveOrder().map((id) => keyOf(w, id)));
    for (const key of hiddenKeys) expect(res.body).not.toContain(w.ids[key]);
  });

  it('carries each advert in the Indeed-style fields, text in CDATA', async () => {
    const res = await get('/feed.xml', w.host);
    expect(res.body).toContain('<title><![CDATA[Forklift Driver]]></title>');
    const items = parseXml(res.body).children.filter((c) => c.name === 'job');
    const job = (id: string) => items.find((j) => childText(j, 'referencenumber') === id)!;
    const fields = (id: string) => Object.fromEntries(job(id).children.map((c) => [c.name, c.text]));
    expect(fields(w.ids.forklift)).toMatchObject({
      title: 'Forklift Driver',
      url: `http://${w.host}/jobs/${w.ids.forklift}`,
      company: 'Alpha Employer 1',
      city: 'Boston',
      state: 'MA',
      country: 'US',
      description: '<p>Drive forklifts in our <strong>warehouse</strong>.</p>',
      salary: '$50,000 - $60,000 per year',
      jobtype: 'fulltime',
      category: 'Transport & Logistics',
      remotetype: '',
    });
    expect(new Date(fields(w.ids.forklift).date!).getTime()).toBeLessThan(Date.now());
    expect(fields(w.ids.nurse)).toMatchObject({
      company: 'Northwind Traders',
      country: 'AU',
      salary: 'A$40.00 - A$52.50 per hour',
      jobtype: 'parttime',
    });
    expect(fields(w.ids.barista)).toMatchObject({ salary: 'From $25 per hour', expirationdate: '' });
    expect(fields(w.ids.developer)).toMatchObject({ salary: '', remotetype: 'Fully remote', city: '', country: 'US' });
    // `]]>` is split across two sections and characters XML cannot carry are dropped, so the text reads back whole.
    expect(fields(tricky)).toMatchObject({ title: 'R&D <Lead> ]]> "quoted"', description: '<p>Ends ]]> here &amp; there</p>' });
  });

  it('uses the scheme and host a trusted proxy forwarded', async () => {
    const res = await get('/feed.xml', 'internal:8080', { 'x-forwarded-host': w.host, 'x-forwarded-proto': 'https' });
    expect(res.statusCode).toBe(200);
    expect(childText(parseXml(res.body), 'publisherurl')).toBe(`https://${w.host}/`);
  });
});

describe('GET /sitemap.xml', () => {
  it("lists the board's home and each live advert's page", async () => {
    const res = await get('/sitemap.xml', `${w.host}:8443`, { 'x-forwarded-proto': 'https' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const urlset = parseXml(res.body);
    expect(urlset.name).toBe('urlset');
    expect(urlset.attrs.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const origin = `https://${w.host}:8443`;
    expect(urlset.children.map((u) => childText(u, 'loc'))).toEqual([`${origin}/`, ...liveOrder().map((id) => `${origin}/jobs/${id}`)]);
    for (const u of urlset.children.slice(1)) expect(Date.parse(childText(u, 'lastmod'))).not.toBeNaN();
  });
});

describe('GET /robots.txt', () => {
  it('invites crawlers on a board and points them to its sitemap', async () => {
    const res = await get('/robots.txt', w.host);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe(`User-agent: *\nAllow: /\n\nSitemap: http://${w.host}/sitemap.xml\n`);
  });

  it('keeps crawlers out of the staff portal and any other host', async () => {
    for (const host of [w.a.account.domain, 'localhost', 'nowhere.example']) {
      const res = await get('/robots.txt', host);
      expect(res.statusCode, host).toBe(200);
      expect(res.body, host).toBe('User-agent: *\nDisallow: /\n');
    }
  });
});

describe('hosts that are no board', () => {
  it('answer 404 for the feed and the sitemap', async () => {
    for (const host of [w.a.account.domain, 'nowhere.example', `jobs.${w.a.account.domain}.evil.example`])
      for (const url of ['/feed.xml', '/sitemap.xml']) {
        const res = await get(url, host);
        expect(res.statusCode, `${host}${url}`).toBe(404);
        expect(res.json()).toEqual(coded({ message: 'Not found.' }));
      }
  });
});

describe('beside the built portal', () => {
  it('answers the feeds before the static files and the SPA fallback', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'hireline-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>portal</title>');
    // A portal build that ships its own robots.txt must not answer for a board, nor the SPA for a feed.
    writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\nAllow: /from-dist\n');
    // No board build here: a board host's pages fall through to the portal, which must still lose to the feeds.
    const config = { ...t.deps.config, webDistDir: dist, boardDistDir: join(dist, 'no-board') };
    const app = await buildServer({ ...t.deps, config }, { logger: false, serveWeb: true });
    try {
      await app.ready();
      const on = (url: string, host: string) => app.inject({ method: 'GET', url, headers: { host } });
      expect((await on('/robots.txt', w.host)).body).toContain('Sitemap:');
      expect((await on('/robots.txt', w.a.account.domain)).body).toBe('User-agent: *\nDisallow: /\n');
      expect((await on('/feed.xml', w.host)).headers['content-type']).toMatch(/^application\/xml/);
      expect((await on('/sitemap.xml', w.host)).body).toContain('<urlset');
      const portalFeed = await on('/feed.xml', w.a.account.domain);
      expect(portalFeed.statusCode).toBe(404);
      expect(portalFeed.body).not.toContain('portal');
      // Everything else still reaches the SPA.
      expect((await on(`/jobs/${w.ids.forklift}`, w.host)).body).toContain('<title>portal</title>');
    } finally {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('rate limit', () => {
  it('counts the feed and the sitemap against the same budget as the board API, but never robots.txt', async () => {
    const ip = '198.51.100.7';
    for (let i = 0; i < BOARD_RATE_LIMIT; i++) {
      const url = i % 3 === 0 ? '/portal/v1/board/site' : i % 3 === 1 ? '/sitemap.xml' : '/feed.xml';
      const res = await get(url, 'nowhere.example', { 'x-af-eid': 'test' }, ip);
      expect(res.statusCode, `request ${i + 1}`).toBe(404);
    }
    for (const url of ['/feed.xml', '/sitemap.xml']) {
      const res = await get(url, w.host, {}, ip);
      expect(res.statusCode, url).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await get('/robots.txt', w.host, {}, ip)).statusCode).toBe(200);
    expect((await get('/feed.xml', w.host, {}, '198.51.100.8')).statusCode).toBe(200);
  });
});
