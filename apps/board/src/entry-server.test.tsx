import { describe, expect, it, vi } from 'vitest';
import { getBoardJob, getBoardSite, listBoardJobs } from '@hireline/contract/board';
import type { Endpoint } from '@hireline/contract/endpoint';
import { languageOf, render, type RenderInput } from './entry-server';
import { SSR_STATE_ID, type BoardSsrState } from './lib/ssr-state';
import { boardJob } from './test/board-job';

/* The board's pages rendered on the server (no DOM here, as in the API process). */

const JOB_ID = '00000000-0000-4000-8000-000000000511';
const SITE = {
  name: 'Harbour & Co <Jobs>',
  locale: 'en-AU',
  currency: 'AUD',
  live_jobs: 1,
  filters: { work_types: [{ value: 'casual', label: 'Casual', count: 1 }], classifications: [], pay_types: [] },
  retention: { application_days: 730, candidate_days: 1095 },
};
const EVIL = '</script><script>alert(1)</script>';
const job = boardJob(JOB_ID, { title: `Line cook ${EVIL}`, description: '<p>Cook things.</p>' });
const summary = { ...job, summary: 'Cook', description: undefined };

/** The API's answers, as a spy; `as` because the stand-in answers every endpoint with plain objects. */
function loader() {
  return vi.fn(async (endpoint: Endpoint, _input: { params?: unknown; query?: unknown }): Promise<unknown> => {
    if (endpoint.path === getBoardSite.path) return SITE;
    if (endpoint.path === getBoardJob.path) return job;
    if (endpoint.path === listBoardJobs.path) return { data: [summary], meta: { page: 2, per_page: 20, total: 21 } };
    throw new Error(`unexpected ${endpoint.path}`);
  });
}
const asLoad = (fn: ReturnType<typeof loader>) => fn as unknown as RenderInput['load'];

const state = (head: string): BoardSsrState => {
  const text = new RegExp(`<script type="application/json" id="${SSR_STATE_ID}">([^<]*)</script>`).exec(head)?.[1];
  expect(text).toBeTruthy();
  return JSON.parse(text!) as BoardSsrState;
};

describe("the server's render", () => {
  it("renders a job's page with its content, styles and the state the app hydrates from, escaping the job's text", async () => {
    const load = loader();
    const page = await render({ url: `/jobs/${JOB_ID}`, acceptLanguage: 'en-GB,en;q=0.9', branding: null, wide: false, load: asLoad(load) });
    expect(page).not.toBeNull();
    expect(load.mock.calls.map(([e, input]) => [e.path, input])).toEqual([
      [getBoardSite.path, {}],
      [getBoardJob.path, { params: { uuid: JOB_ID } }],
    ]);
    expect(page!.html).toContain('<main');
    expect(page!.html).toContain('<bdi>Line cook &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</bdi>');
    expect(page!.html).toContain('<p>Cook things.</p>');
    expect(page!.html).toContain('Harbour &amp; Co &lt;Jobs&gt;');
    expect(page!.html).not.toContain('<script');
    // The emotion styles of the markup, under the key the browser's cache adopts.
    expect(page!.head).toMatch(/^<style data-emotion="mui [^"]+">[^<]*\.mui-/);
    // No value closes the state's element early: `<` is escaped in the JSON.
    expect(page!.head.match(/<\/script>/g)).toHaveLength(1);
    const s = state(page!.head);
    expect(s.language).toBe('en');
    const keys = s.queries.queries.map((q) => q.queryKey);
    expect(keys).toEqual(
      expect.arrayContaining([
        ['api', getBoardSite.path, null, null, 'public'],
        ['api', getBoardJob.path, { uuid: JOB_ID }, null, 'public'],
      ]),
    );
    expect(s.queries.queries.find((q) => q.queryKey[1] === getBoardJob.path)?.state.data).toEqual(job);
    // Named in the tab as the app names it (the API escapes it into <title>).
    expect(page!.title).toBe(`Line cook ${EVIL} · Harbour & Co <Jobs>`);
  });

  it("renders the search page's results for the URL's search and page", async () => {
    const load = loader();
    const page = await render({ url: '/jobs?q=cook&work_type=casual&page=2', acceptLanguage: undefined, branding: null, wide: true, load: asLoad(load) });
    expect(load).toHaveBeenCalledWith(listBoardJobs, { query: expect.objectContaining({ q: 'cook', work_type: ['casual'], page: 2, per_page: 20 }) });
    expect(page!.html).toContain('21 jobs');
    expect(page!.html).toContain(`href="/jobs/${JOB_ID}"`);
    expect(state(page!.head).wide).toBe(true);
    expect(page!.title).toBe('Jobs: cook · Harbour & Co <Jobs>');
  });

  it("renders in the browser's language, right to left for Arabic", async () => {
    const page = await render({ url: '/', acceptLanguage: 'de-DE, ar;q=0.8, fr;q=0.5', branding: null, wide: false, load: asLoad(loader()) });
    expect(page).toMatchObject({ language: 'ar', dir: 'rtl' });
    expect(page!.head).toMatch(/^<style data-emotion="muirtl /);
    expect(state(page!.head).language).toBe('ar');
    expect(page!.title).toBe('الوظائف · Harbour & Co <Jobs>');
    // Each render's own title: the next one does not inherit it.
    const next = await render({ url: `/jobs/${JOB_ID}`, acceptLanguage: 'fr', branding: null, wide: false, load: asLoad(loader()) });
    expect(next!.title).toBe(`Line cook ${EVIL} · Harbour & Co <Jobs>`);
  });

  it('leaves every other page to the app, asking for nothing', async () => {
    for (const url of ['/sign-in', '/me/applications', '/employers/register', '/no-such-page']) {
      const load = loader();
      expect(await render({ url, acceptLanguage: undefined, branding: null, wide: false, load: asLoad(load) }), url).toBeNull();
      expect(load).not.toHaveBeenCalled();
    }
  });
});

describe('languageOf', () => {
  it("picks the first of the browser's languages the board speaks, by weight, else English", () => {
    expect(languageOf('fr-CA,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(languageOf('de;q=0.9, en;q=0.2, ar;q=0.5')).toBe('ar');
    expect(languageOf('de, ja')).toBe('en');
    expect(languageOf('fr;q=0, en')).toBe('en');
    expect(languageOf(undefined)).toBe('en');
  });
});
