import { expect, type APIRequestContext, type APIResponse, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, storedToken } from './support';

// Helpers of the jobs e2e tests: the real API with the signed-in user's token and selection, for picking the seed
// rows a test works on and reading what the browser cannot show (an employer's exact credit balance).

/** The slice of the contract's job detail the tests read. */
export interface JobDetail {
  id: string;
  title: string;
  status: 'draft' | 'pending' | 'live' | 'unlisted' | 'expired' | 'rejected';
  flagged: boolean;
  open_reports: number;
  employer: { id: string; name: string; credit_balance: number };
  product: { id: string; name: string } | null;
  description: string;
  rejection_reason: string | null;
  cloned_from_id: string | null;
}

/** The portal's English label of each status (locales/en/jobs.json). */
export const STATUS_LABEL: Record<JobDetail['status'], string> = {
  draft: 'Draft',
  pending: 'On hold',
  live: 'Live',
  unlisted: 'Unlisted',
  expired: 'Expired',
  rejected: 'Rejected',
};

export type JobSummary = Omit<JobDetail, 'employer' | 'product' | 'description' | 'rejection_reason' | 'cloned_from_id'> & {
  employer: { id: string; name: string };
};
interface Paginated<T> {
  data: T[];
  meta: { page: number; per_page: number; total: number };
}

export interface SiteApi {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  /** The answer as it is, whatever its status or type (files, refusals). */
  raw(method: 'GET' | 'POST', path: string, body?: unknown): Promise<APIResponse>;
  /** `GET /v1/jobs` with this query string (the list's filters, sort and paging). */
  jobs(query: string): Promise<JobSummary[]>;
  job(id: string): Promise<JobDetail>;
  employerId(name: string): Promise<string>;
  /** The employer's credit balance, as the job detail reports it (any job of theirs will do). */
  creditBalance(employerId: string): Promise<number>;
}

interface Scope {
  accountId?: string | null;
  siteId?: string | null;
  employerId?: string | null;
}

interface Me {
  accounts: { id: string; slug: string; sites: { id: string; slug: string; employers: { id: string }[] }[] }[];
}

async function whoAmI(request: APIRequestContext, token: string): Promise<Me> {
  const res = await request.get('/portal/auth/me', { headers: { authorization: `Bearer ${token}`, 'x-af-eid': 'demo' } });
  expect(res.ok(), `GET /auth/me: ${res.status()}`).toBe(true);
  return (await res.json()) as Me;
}

/**
 * The API as the portal calls it: the stored bearer token and the selection of the site the page is on (the
 * portal's `X-AF-*` headers). Call once the page is on a site route (`/:account/:site/…`); this waits until the
 * portal has stored that site as its selection, so the tests and the page work on the same site.
 */
export async function siteApi(page: Page, request: APIRequestContext): Promise<SiteApi> {
  const token = await storedToken(page);
  const [, accountSlug, siteSlug] = new URL(page.url()).pathname.split('/');
  const account = (await whoAmI(request, token)).accounts.find((a) => a.slug === accountSlug);
  const site = account?.sites.find((x) => x.slug === siteSlug);
  if (!account || !site) throw new Error(`${page.url()} is not a site route of the signed-in user`);
  let stored: Scope | null = null;
  await expect
    .poll(
      async () => {
        stored = await page.evaluate(() => JSON.parse(localStorage.getItem('hireline:scope') ?? 'null') as Scope | null);
        return stored?.siteId ?? null;
      },
      { message: `the portal selects ${accountSlug}/${siteSlug}` },
    )
    .toBe(site.id);
  return apiWith(request, token, { accountId: account.id, siteId: site.id, employerId: stored!.employerId ?? null });
}

/**
 * The API for another user than the browser's, signed in through the API itself, on Acme Jobs (and, for employer
 * staff, their employer): e.g. to find a job the browser's user must not see.
 */
export async function siteApiAs(request: APIRequestContext, email: string): Promise<SiteApi> {
  const res = await request.post('/portal/auth/login', {
    headers: { 'x-af-eid': 'demo' },
    data: { email, password: DEMO_PASSWORD },
  });
  expect(res.ok(), `sign-in of ${email}: ${res.status()}`).toBe(true);
  const { access_token: token } = (await res.json()) as { access_token: string };
  const account = (await whoAmI(request, token)).accounts.find((a) => a.slug === 'acme');
  const site = account?.sites.find((s) => s.slug === 'jobs');
  if (!account || !site) throw new Error(`${email} does not work on Acme Jobs`);
  return apiWith(request, token, { accountId: account.id, siteId: site.id, employerId: site.employers[0]?.id ?? null });
}

function apiWith(request: APIRequestContext, token: string, s: Scope): SiteApi {
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    'x-af-eid': 'demo',
    accept: 'application/json',
    ...(s.accountId ? { 'x-af-aid': s.accountId } : {}),
    ...(s.siteId ? { 'x-af-sid': s.siteId } : {}),
    ...(s.employerId ? { 'x-af-empid': s.employerId } : {}),
  };
  const answer = async <T>(what: string, res: APIResponse): Promise<T> => {
    expect(res.ok(), `${what}: ${res.status()} ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  };
  const api: SiteApi = {
    get: async (path) => answer(`GET ${path}`, await request.get(`/portal${path}`, { headers })),
    post: async (path, body) => answer(`POST ${path}`, await request.post(`/portal${path}`, { headers, data: body ?? {} })),
    raw: (method, path, body) => request.fetch(`/portal${path}`, { method, headers, ...(method === 'POST' ? { data: body ?? {} } : {}) }),
    jobs: async (query) => (await api.get<Paginated<JobSummary>>(`/v1/jobs?${query}`)).data,
    job: (id) => api.get<JobDetail>(`/v1/jobs/${id}/detail`),
    employerId: async (name) => {
      const found = await api.get<{ id: string; name: string }[]>(`/v1/site/lookups/employers?q=${encodeURIComponent(name)}`);
      const employer = found.find((e) => e.name === name);
      if (!employer) throw new Error(`no employer called ${name} on this site`);
      return employer.id;
    },
    creditBalance: async (employerId) => {
      const [any] = await api.jobs(`employer_id=${employerId}&per_page=1`);
      if (!any) throw new Error(`employer ${employerId} has no job to read the balance from`);
      return (await api.job(any.id)).employer.credit_balance;
    },
  };
  return api;
}

/** A day as a date input takes it (the browser's time zone is the test runner's). */
export function day(offsetDays = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + offsetDays);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A title no seed job has, so searching for it finds exactly the job a test made. */
export function uniqueTitle(base: string): string {
  return `${base} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}

/**
 * The table row of one job. Seed titles repeat (five "Tutor"s), so a row is known by the job its title links to.
 */
export function rowOfJob(page: Page, id: string): Locator {
  return page.getByRole('row').filter({ has: page.locator(`a[href$="/jobs/${id}"]`) });
}

/** The status chip beside the job's title on its detail page: the page's first chip. */
export function statusChip(page: Page): Locator {
  return page.getByRole('main').locator('.MuiChip-root').first();
}
