// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { detail as jobDetail } from '../jobs/jobs.fixtures';
import { byText, cleanup, fakeApi, JOB, main, openApp, summary } from './applications.fixtures';
import { waitFor } from './test-helpers';

afterEach(cleanup);

/** The job page's applications card, and the applications list and board it opens. */
function api() {
  return fakeApi((method, url) => {
    if (url.pathname === `/portal/v1/jobs/${JOB.id}/detail`) return { ...jobDetail(1), id: JOB.id, title: JOB.title };
    if (url.pathname === `/portal/v1/jobs/${JOB.id}/applications`)
      return { total: 3, by_status: [{ status: 'applied', count: 2 }, { status: 'shortlisted', count: 1 }] };
    if (url.pathname === '/portal/v1/applications') return { data: [summary(1)], meta: { page: 1, per_page: 25, total: 1 } };
    if (url.pathname === '/portal/v1/applications/counts') return { total: 3, by_status: [] };
    return undefined;
  });
}

describe('the job page into the applications', () => {
  it('links each status count, the list and the board of the job', async () => {
    const { calls } = api();
    const router = await openApp(`/acme/jobs/jobs/${JOB.id}`, ['jobs.view', 'applications.view']);
    await waitFor(() => expect(byText('View applications')).toBeDefined());
    expect(byText('View applications')!.getAttribute('href')).toBe(`/acme/jobs/applications?job_id=${JOB.id}`);
    expect(byText('Open the board')!.getAttribute('href')).toBe(`/acme/jobs/applications?view=board&job=${JOB.id}`);

    byText('Shortlisted')!.click();
    await waitFor(() => expect(router.state.location.searchStr).toBe(`?job_id=${JOB.id}&status=shortlisted`));
    await waitFor(() => expect(main().querySelector('[role="tab"][aria-selected="true"]')?.textContent).toMatch(/^Shortlist/));
    expect(calls).toContain(`GET /portal/v1/applications?page=1&per_page=25&sort=-created_at&job_id=${JOB.id}&status=shortlisted`);

    router.history.back();
    await waitFor(() => expect(byText('Open the board')).toBeDefined());
    byText('Open the board')!.click();
    await waitFor(() => expect(main().querySelector('section[role="region"]')).not.toBeNull());
    expect(calls).toContain(`GET /portal/v1/applications?job_id=${JOB.id}&status=applied&per_page=50&page=1`);
  });
});
