// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { Dashboard } from '@hireline/contract/dashboard';
import { cleanup, fakeApi, find, openApp } from '../../test/site-fixtures';
import { waitFor } from '../../test/wait';

/* The dashboard's figures and latest applications open the lists they count, with the filter that counted them. */

const APP_ID = '00000000-0000-4000-8000-000000000701';
const days = Array.from({ length: 30 }, (_, i) => ({ date: `2030-01-${String(i + 1).padStart(2, '0')}`, count: i >= 27 ? 1 : 0 }));
const dashboard: Dashboard = {
  live_jobs: 4,
  pending_jobs: 2,
  flagged_jobs: 1,
  new_applications_week: 3,
  credits_balance: 12,
  applications_over_time: days,
  jobs_by_status: [{ status: 'live', count: 4 }],
  latest_applications: [{ id: APP_ID, candidate_name: 'Ann Archer', job_title: 'Forklift Driver', status: 'new', created_at: '2030-01-30T10:00:00.000Z' }],
};

const api = () => fakeApi((_m, url) => (url.pathname === '/portal/v1/site/dashboard' ? dashboard : undefined));
const hrefOf = (name: string) => {
  const link = [...document.querySelectorAll('main a')].find((a) => a.textContent?.includes(name));
  return link ? decodeURIComponent(link.getAttribute('href')!) : undefined;
};

afterEach(cleanup);

describe('dashboard links', () => {
  it('each figure links to its list, filtered as the figure counts', async () => {
    api();
    await openApp('/', ['dashboard.view', 'jobs.view', 'applications.view', 'employers.view']);
    await find('a[href*="created_from"]');
    expect(hrefOf('Live jobs')).toBe('/acme/jobs/jobs?status=live');
    expect(hrefOf('Jobs on hold')).toBe('/acme/jobs/jobs?status=pending');
    expect(hrefOf('Flagged jobs')).toBe('/acme/jobs/jobs?status=live&status=unlisted&flagged=true');
    // The last seven days of the series that made the figure.
    expect(hrefOf('New applications')).toBe('/acme/jobs/applications?created_from=2030-01-24&created_to=2030-01-30');
    expect(hrefOf('Credits')).toBe('/acme/jobs/employers?sort=-credit_balance');
  });

  it('each latest application opens it, and the card opens the whole list', async () => {
    api();
    await openApp('/', ['dashboard.view', 'applications.view']);
    await waitFor(() => expect(hrefOf('Ann Archer')).toBe(`/acme/jobs/applications/${APP_ID}/overview`));
    expect(hrefOf('View all applications')).toBe('/acme/jobs/applications');
  });

  it('shows a figure without a link to a list the user may not open', async () => {
    api();
    await openApp('/', ['dashboard.view']);
    await waitFor(() => expect(document.querySelector('main')!.textContent).toContain('Live jobs'));
    expect(hrefOf('Live jobs')).toBeUndefined();
    expect(hrefOf('Ann Archer')).toBeUndefined();
  });
});
