import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedgers } from '../../db/schema/credits';
import { employers } from '../../db/schema/employers';
import { products } from '../../db/schema/jobs';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { summaryOf } from './board-present';
import { boardGet, createBoardWorld, hiddenKeys, keyOf, liveKeys, setEmployer, type BoardWorld } from './board.fixtures';
import { coded } from '../../test/errors';

let t: TestApp;
let w: BoardWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await createBoardWorld(t);
});
afterAll(() => t.close());

type Item = { id: string } & Record<string, unknown>;
const list = async (query: Record<string, string | string[]> = {}) => {
  const res = await boardGet(t, '/portal/v1/board/jobs', { host: w.host, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Item[]; meta: { page: number; per_page: number; total: number } };
};
const keys = (rows: Item[]) => rows.map((r) => keyOf(w, r.id));
const detail = (id: string, host = w.host) => boardGet(t, `/portal/v1/board/jobs/${id}`, { host });

describe('GET /v1/board/jobs', () => {
  it("lists exactly the board's live adverts, newest published first", async () => {
    const res = await list();
    expect(keys(res.data)).toEqual(['developer', 'nurse', 'forklift', 'barista']);
    expect(res.meta).toEqual({ page: 1, per_page: 20, total: 4 });
    for (const key of hiddenKeys) expect(keys(res.data)).not.toContain(key);
  });

  it('shows each advert as the board needs it, labels from the site and nothing of staff', async () => {
    const { data } = await list();
    const forklift = data.find((r) => r.id === w.ids.forklift)!;
    expect(forklift).toMatchObject({
      title: 'Forklift Driver',
      employer: { name: 'Alpha Employer 1', logo_url: null },
      location: 'Boston, MA',
      work_type: { value: 'full_time', label: 'Full time' },
      classification: { value: 'transport_logistics', label: 'Transport & Logistics' },
      pay: { min_cents: 5_000_000, max_cents: 6_000_000, currency: 'USD', type: { value: 'annual', label: 'Annual salary' }, period: 'year' },
      summary: 'Drive forklifts in our warehouse.',
      key_selling_points: ['Free parking', 'Night shifts'],
      featured: false,
    });
    expect(Date.parse(forklift.published_at as string)).toBeLessThan(Date.now());
    expect(Date.parse(forklift.expires_at as string)).toBeGreaterThan(Date.now());
    const staffOnly = ['status', 'consultant', 'tags', 'reference_number', 'applications_count', 'open_reports', 'flagged'];
    staffOnly.push('rejection_reason', 'credit_balance', 'account_id', 'site_id', 'employer_id');
    for (const row of data) for (const key of staffOnly) expect(row).not.toHaveProperty(key);
    for (const row of data) expect(Object.keys(row.employer as object).sort()).toEqual(['logo_url', 'name']);

    const nurse = data.find((r) => r.id === w.ids.nurse)!;
    const signed = new RegExp(`^/portal/v1/files/${w.logoFileId}\\?expires=\\d+&signature=`);
    expect((nurse.employer as { logo_url: string }).logo_url).toMatch(signed);
    const barista = data.find((r) => r.id === w.ids.barista)!;
    // A disabled option still labels adverts that carry it; a value the site never listed shows as itself.
    expect(barista).toMatchObject({
      work_type: { value: 'casual', label: 'Casual' },
      classification: { value: 'hospitality', label: 'hospitality' },
      expires_at: null,
    });
    expect(barista.pay).toMatchObject({ min_cents: 2_500, max_cents: null, period: 'hour' });
    expect(data.find((r) => r.id === w.ids.developer)).toMatchObject({ pay: null, featured: true });
  });

  it('summarises a long description as short plain text cut at a word', async () => {
    const { data } = await list();
    const summary = data.find((r) => r.id === w.ids.developer)!.summary as string;
    expect(summary.length).toBeLessThanOrEqual(201);
    expect(summary).toMatch(/^Build TypeScript services\. Free barista coffee\. We ship every day/);
    expect(summary.endsWith('…')).toBe(true);
    expect(summary).not.toMatch(/<|\s…$/);
  });

  it('summarises by whole sentences, stopping before a heading or list', () => {
    expect(summaryOf('We are hiring.\nGreat team!\nWhat you will do\nLift things.')).toBe('We are hiring. Great team!');
    expect(summaryOf('  Short   intro  \n\nResponsibilities\n')).toBe('Short intro');
    expect(summaryOf(`Intro.\n${'Long sentence '.repeat(20)}.`)).toBe('Intro.');
    expect(summaryOf(`${'word '.repeat(60)}end`)).toBe(`${'word '.repeat(39)}word…`);
    expect(summaryOf('')).toBe('');
  });

  it('searches title, description and employer name by words and prefixes, best matches first', async () => {
    expect(keys((await list({ q: 'forklift' })).data)).toEqual(['forklift']);
    expect(keys((await list({ q: 'typescr' })).data)).toEqual(['developer']);
    expect(keys((await list({ q: 'northwind' })).data)).toEqual(['nurse']);
    expect((await list({ q: 'plumber' })).data).toEqual([]);
    // The same words on another tenant's board, a hidden advert or another site never match here.
    expect((await list({ q: 'forklift driver' })).meta.total).toBe(1);
    // A title match outranks the same word in a newer advert's description, unless newest first is asked for.
    expect(keys((await list({ q: 'barista' })).data)).toEqual(['barista', 'developer']);
    expect(keys((await list({ q: 'barista', sort: '-published_at' })).data)).toEqual(['developer', 'barista']);
  });

  it('filters by work type, classification, pay type, location and minimum pay', async () => {
    expect(keys((await list({ work_type: 'full_time' })).data)).toEqual(['developer', 'forklift']);
    expect(keys((await list({ work_type: ['part_time', 'casual'] })).data)).toEqual(['nurse', 'barista']);
    expect(keys((await list({ classification: 'healthcare' })).data)).toEqual(['nurse']);
    expect(keys((await list({ pay_type: 'hourly' })).data)).toEqual(['nurse', 'barista']);
    expect(keys((await list({ location: 'bost' })).data)).toEqual(['forklift']);
    expect(keys((await list({ location: 'nsw' })).data)).toEqual(['nurse']);
    // Pay reaches at least pay_min: the top of the range, or the only amount given; no pay range never matches.
    expect(keys((await list({ pay_min: '5250' })).data)).toEqual(['nurse', 'forklift']);
    expect(keys((await list({ pay_min: '5251' })).data)).toEqual(['forklift']);
    expect(keys((await list({ pay_min: '2500', pay_type: 'hourly' })).data)).toEqual(['nurse', 'barista']);
    expect(keys((await list({ work_type: 'full_time', q: 'forklift' })).data)).toEqual(['forklift']);
    expect((await list({ location: '%' })).data).toEqual([]);
  });

  it('sorts oldest first on request and pages with meta', async () => {
    expect(keys((await list({ sort: 'published_at' })).data)).toEqual(['barista', 'forklift', 'nurse', 'developer']);
    const first = await list({ per_page: '3' });
    const second = await list({ per_page: '3', page: '2' });
    expect(first.meta).toEqual({ page: 1, per_page: 3, total: 4 });
    expect(second.meta).toEqual({ page: 2, per_page: 3, total: 4 });
    expect([...keys(first.data), ...keys(second.data)]).toEqual(['developer', 'nurse', 'forklift', 'barista']);
    expect((await list({ page: '3', per_page: '3' })).data).toEqual([]);
  });

  it('refuses more than 50 a page and unknown sorts', async () => {
    const res = await boardGet(t, '/portal/v1/board/jobs', { host: w.host, query: { per_page: '51' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('per_page');
    expect((await boardGet(t, '/portal/v1/board/jobs', { host: w.host, query: { sort: 'status' } })).statusCode).toBe(422);
    expect((await list({ per_page: '50' })).meta.per_page).toBe(50);
  });

  it("drops an employer's adverts the moment it is disabled", async () => {
    await setEmployer(t, w.northwind, { enabled: false });
    try {
      expect(keys((await list()).data)).not.toContain('nurse');
      expect((await detail(w.ids.nurse)).statusCode).toBe(404);
    } finally {
      await setEmployer(t, w.northwind, { enabled: true });
    }
    expect(keys((await list()).data)).toContain('nurse');
  });
});

describe('GET /v1/board/jobs/:uuid', () => {
  it('answers 404 for every advert that is not live on this board, including other sites and tenants', async () => {
    for (const key of hiddenKeys) {
      const res = await detail(w.ids[key]);
      expect(res.statusCode, key).toBe(404);
      expect(res.json(), key).toEqual(coded({ message: 'Not found.' }));
    }
    // Beta's live advert is found on Beta's board, and only there.
    expect((await detail(w.ids.otherTenant, `jobs.${w.b.account.domain}`)).statusCode).toBe(200);
    expect((await detail(w.ids.forklift, `jobs.${w.b.account.domain}`)).statusCode).toBe(404);
    expect((await detail(crypto.randomUUID())).statusCode).toBe(404);
  });

  it('shows the whole advert: description, banner, employer, how to apply', async () => {
    const res = await detail(w.ids.nurse);
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json();
    for (const key of liveKeys) expect((await detail(w.ids[key])).statusCode).toBe(200);
    expect(job).toMatchObject({
      id: w.ids.nurse,
      title: 'Night Nurse',
      description: '<p>Care for patients overnight.</p>',
      employer: { name: 'Northwind Traders', website: 'https://northwind.example' },
      apply: { type: 'email', url: null, email: 'jobs@northwind.example' },
      links: [{ label: 'About us', url: 'https://northwind.example/about' }],
      pay: { min_cents: 4_000, max_cents: 5_250, currency: 'AUD', period: 'hour' },
    });
    expect(job.banner_url).toMatch(new RegExp(`^/portal/v1/files/${w.bannerFileId}\\?`));
    expect(job.employer.logo_url).toMatch(new RegExp(`^/portal/v1/files/${w.logoFileId}\\?`));
    expect((await detail(w.ids.developer)).json().apply).toEqual({ type: 'url', url: 'https://careers.example/apply/1', email: null });
    expect((await detail(w.ids.forklift)).json()).toMatchObject({
      apply: { type: 'internal', url: null, email: null },
      reference_number: 'WH-100',
      banner_url: null,
    });
  });

  it('lists the screening questions without what knocks an applicant out, and no staff-only field', async () => {
    const res = await detail(w.ids.nurse);
    const job = res.json();
    expect(job.screening_questions).toEqual([
      { id: expect.any(String), question: 'Do you hold a nursing licence?', type: 'yes_no', options: [], required: true },
      { id: expect.any(String), question: 'Which shifts suit you?', type: 'single_choice', options: ['Nights', 'Weekends'], required: false },
    ]);
    expect(res.body).not.toMatch(/knockout/i);
    const staffOnly = [
      'status', 'consultant', 'product', 'tags', 'status_history', 'allowed_actions', 'applications_count', 'open_reports', 'flagged',
      'rejection_reason', 'approved_at', 'rejected_at', 'unlisted_at', 'expired_at', 'cloned_from_id', 'application_emails', 'application_url',
      'salary_min_cents', 'salary_max_cents', 'created_at', 'updated_at', 'account_id', 'site_id', 'employer_id',
    ];
    for (const key of staffOnly) expect(job).not.toHaveProperty(key);
    expect(Object.keys(job.employer).sort()).toEqual(['logo_url', 'name', 'website']);
    // Nothing of the employer's private record or balance, nor the other address on the job.
    expect(res.body).not.toMatch(/secret-contact|\+61 2 0000|hr@northwind|:42[,}]|credit/);
    expect((await detail(w.ids.forklift)).body).not.toMatch(/internal note|internal-tag/);
  });

  it('answers 422 for an id that is not a UUID', async () => {
    expect((await detail('not-a-uuid')).statusCode).toBe(422);
  });
});

describe('an advert posted through the portal', () => {
  it('reaches its board as soon as it is posted, with the description the server sanitised', async () => {
    const { b } = w;
    const db = t.deps.db;
    const [product] = await db
      .insert(products)
      .values({ accountId: b.account.id, siteId: b.sites[0].id, name: 'Standard', durationDays: 30, priceCents: 4900, currency: 'USD' })
      .returning();
    const employerId = b.employers[0].id;
    const ledger = { accountId: b.account.id, siteId: b.sites[0].id, employerId };
    await db.insert(creditLedgers).values({ ...ledger, action: 'grant', creditAmount: 1, balance: 1 });
    await db.update(employers).set({ creditBalance: 1 }).where(eq(employers.id, employerId));
    const staff = { token: await login(t.app, b.users.accountAdmin.email), accountId: b.account.id, siteId: b.sites[0].id };
    const created = await call(t.app, staff, {
      method: 'POST',
      url: '/portal/v1/jobs',
      payload: {
        title: 'Crane Operator',
        employer_id: employerId,
        product_id: product!.id,
        description: '<p onclick="steal()">Lift <b>steel</b></p><script>alert(1)</script><img src=x onerror=alert(1)>',
        apply_type: 'internal',
        screening_questions: [{ type: 'yes_no', label: 'Licensed?', required: true, knockout_answers: ['no'] }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const beta = `jobs.${b.account.domain}`;
    expect((await detail(id, beta)).statusCode).toBe(404);

    const posted = await call(t.app, staff, { method: 'POST', url: `/portal/v1/jobs/${id}/post` });
    expect(posted.statusCode, posted.body).toBe(200);
    const res = await detail(id, beta);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Crane Operator',
      description: '<p>Lift <strong>steel</strong></p>',
      screening_questions: [{ question: 'Licensed?', type: 'yes_no', required: true }],
    });
    expect(res.body).not.toMatch(/<script|alert|onerror|onclick|knockout/);
    const list = (await boardGet(t, '/portal/v1/board/jobs', { host: beta })).json();
    expect(list.data.map((j: Item) => j.id)).toContain(id);
  });
});
