import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import * as boardContract from '@hireline/contract/board';
import * as candidateAccountContract from '@hireline/contract/board-candidate-account';
import * as candidatesContract from '@hireline/contract/board-candidates';
import * as employersContract from '@hireline/contract/board-employers';
import type { Endpoint } from '@hireline/contract/endpoint';
import { messages } from '@hireline/contract/messages';
import { accounts, sites } from '../../db/schema/tenancy';
import { memoryRateLimiter } from '../../platform/rate-limit';
import { ensureEnterprise } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { BOARD_RATE_LIMIT } from './board-host.service';
import { boardGet, createBoardWorld, type BoardWorld } from './board.fixtures';
import { coded } from '../../test/errors';

let t: TestApp;
let w: BoardWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await createBoardWorld(t);
});
afterAll(() => t.close());

const site = (opts: Parameters<typeof boardGet>[2] = {}) => boardGet(t, '/portal/v1/board/site', opts);

describe('GET /v1/board/site', () => {
  it("answers the board's name, locale and the site's enabled filter options with live counts", async () => {
    const res = await site({ host: w.host });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      name: 'Alpha Jobs',
      locale: 'en-US',
      currency: 'USD',
      live_jobs: 4,
      filters: {
        // Casual is switched off: not offered, though the barista advert still carries it.
        work_types: [
          { value: 'full_time', label: 'Full time', count: 2 },
          { value: 'part_time', label: 'Part time', count: 1 },
        ],
        classifications: [
          { value: 'information_technology', label: 'Information Technology', count: 1 },
          { value: 'healthcare', label: 'Healthcare & Medical', count: 1 },
          { value: 'transport_logistics', label: 'Transport & Logistics', count: 1 },
        ],
        pay_types: [
          { value: 'annual', label: 'Annual salary', count: 1 },
          { value: 'hourly', label: 'Hourly rate', count: 2 },
        ],
      },
      retention: { application_days: 730, candidate_days: 1095 },
    });
  });

  it("tells candidates their own account's retention periods, for its privacy notice", async () => {
    const beta = `jobs.${w.b.account.domain}`;
    await t.deps.db.update(accounts).set({ retentionApplicationDays: 90, retentionCandidateDays: 400, retentionMailDays: 30 }).where(eq(accounts.id, w.a.account.id));
    try {
      expect((await site({ host: w.host })).json().retention).toEqual({ application_days: 90, candidate_days: 400 });
      expect((await site({ host: beta })).json().retention).toEqual({ application_days: 730, candidate_days: 1095 });
    } finally {
      await t.deps.db.update(accounts).set({ retentionApplicationDays: 730, retentionCandidateDays: 1095, retentionMailDays: 90 }).where(eq(accounts.id, w.a.account.id));
    }
  });

  it('is the same board from the Host header in any case and with a port, or from ?domain=', async () => {
    const fromHost = (await site({ host: `${w.host.toUpperCase()}:3000` })).json();
    expect(fromHost.name).toBe('Alpha Jobs');
    const named = await site({ host: 'api.elsewhere.test', query: { domain: w.host } });
    expect(named.statusCode).toBe(200);
    expect(named.json()).toEqual(fromHost);
    // ?domain= wins over the Host header.
    expect((await site({ host: w.host, query: { domain: `jobs.${w.b.account.domain}` } })).json().name).toBe('Beta Jobs');
  });

  it('answers 404 for an unknown host, a portal domain and another enterprise', async () => {
    for (const host of ['nowhere.example', w.a.account.domain, 'localhost']) {
      const res = await site({ host });
      expect(res.statusCode, host).toBe(404);
      expect(res.json()).toEqual(coded({ message: messages.notFound }));
    }
    await ensureEnterprise(t.deps.db, 'other');
    const foreign = await t.app.inject({ method: 'GET', url: '/portal/v1/board/site', headers: { host: w.host, 'x-af-eid': 'other' } });
    expect(foreign.statusCode).toBe(404);
    for (const url of ['/portal/v1/board/jobs', `/portal/v1/board/jobs/${w.ids.forklift}`])
      expect((await boardGet(t, url, { host: 'nowhere.example' })).statusCode, url).toBe(404);
  });

  it('answers 404 once the site is disabled, its board is off or its account is disabled', async () => {
    const beta = `jobs.${w.b.account.domain}`;
    const betaSite = eq(sites.id, w.b.sites[0].id);
    expect((await site({ host: beta })).statusCode).toBe(200);
    await t.deps.db.update(sites).set({ boardEnabled: false }).where(betaSite);
    expect((await site({ host: beta })).statusCode).toBe(404);
    expect((await boardGet(t, `/portal/v1/board/jobs/${w.ids.otherTenant}`, { host: beta })).statusCode).toBe(404);
    await t.deps.db.update(sites).set({ boardEnabled: true, enabled: false }).where(betaSite);
    expect((await site({ host: beta })).statusCode).toBe(404);
    await t.deps.db.update(sites).set({ enabled: true }).where(betaSite);
    await t.deps.db.update(accounts).set({ enabled: false }).where(eq(accounts.id, w.b.account.id));
    expect((await site({ host: beta })).statusCode).toBe(404);
    await t.deps.db.update(accounts).set({ enabled: true }).where(eq(accounts.id, w.b.account.id));
    expect((await site({ host: beta })).statusCode).toBe(200);
  });

  it('answers 404 for a second site without a domain, and its own board once it has one', async () => {
    const second = `second.${w.a.account.domain}`;
    expect((await site({ host: second })).statusCode).toBe(404);
    await t.deps.db.update(sites).set({ domain: second }).where(eq(sites.id, w.a.sites[1].id));
    // Claimed but not proved (site-domains.service.ts): still no board there.
    expect((await site({ host: second })).statusCode).toBe(404);
    await t.deps.db.update(sites).set({ domainVerifiedAt: new Date() }).where(eq(sites.id, w.a.sites[1].id));
    const res = await site({ host: second });
    expect(res.json()).toMatchObject({ name: 'Alpha Second', live_jobs: 1 });
    const list = (await boardGet(t, '/portal/v1/board/jobs', { host: second })).json();
    expect(list.data.map((j: { id: string }) => j.id)).toEqual([w.ids.secondSite]);
    await t.deps.db.update(sites).set({ domain: null, domainVerifiedAt: null }).where(eq(sites.id, w.a.sites[1].id));
  });

  it('needs the enterprise key like every API call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/portal/v1/board/site', headers: { host: w.host } });
    expect(res.statusCode).toBe(400);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After once a client IP has spent its budget, and only for that IP', async () => {
    // One window for the whole test, however long a loaded machine takes over its 300 requests: on the real clock a
    // minute could pass between the first and the last, and the budget would start again.
    const real = t.deps.trafficLimiter;
    t.deps.trafficLimiter = memoryRateLimiter(() => 0);
    onTestFinished(() => {
      t.deps.trafficLimiter = real;
    });
    const ip = '203.0.113.9';
    const urls = ['/portal/v1/board/site', '/portal/v1/board/jobs', `/portal/v1/board/jobs/${w.ids.forklift}`];
    // Every board endpoint draws on one budget, found or not.
    for (let i = 0; i < BOARD_RATE_LIMIT; i++) {
      const res = await boardGet(t, urls[i % urls.length]!, { host: i % 2 ? w.host : 'nowhere.example', ip });
      expect(res.statusCode, `request ${i + 1}`).not.toBe(429);
    }
    for (const url of urls) {
      const res = await boardGet(t, url, { host: w.host, ip });
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe(messages.tooManyRequests);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await boardGet(t, urls[0]!, { host: w.host, ip: '203.0.113.10' })).statusCode).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('documents the board endpoints from the contract, the feeds not', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/portal/docs/json' })).json();
    // Every endpoint the board's contract files declare, and nothing else under /board/.
    const declared = [boardContract, candidatesContract, candidateAccountContract, employersContract]
      .flatMap((m) => Object.values(m))
      .filter((v): v is Endpoint => typeof v === 'object' && v !== null && 'path' in v && 'method' in v && 'access' in v)
      .map((e) => `/portal${e.path.replace(/:(\w+)/g, '{$1}')}`);
    expect(Object.keys(doc.paths).filter((p) => p.includes('/board/')).sort()).toEqual([...new Set(declared)].sort());
    expect(declared).toContain('/portal/v1/board/jobs/{uuid}/apply');
    expect(doc.paths['/portal/v1/board/candidates/me'].get.security).toEqual([{ bearer: [] }]);
    const detail = doc.paths['/portal/v1/board/jobs/{uuid}'].get;
    expect(detail.security).toBeUndefined();
    expect(detail.responses['200'].content['application/json'].schema.properties.json_ld.properties).toHaveProperty('hiringOrganization');
    expect(doc.paths).not.toHaveProperty('/feed.xml');
  });
});
