// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { byText, cleanup, dialog, fakeApi, find, id, openApp } from './jobs.fixtures';
import { waitFor } from '../../test/wait';

afterEach(cleanup);

const job = { id: id(5), title: 'Job 5', reference_number: null, status: 'live', employer: { id: id(50), name: 'Acme Logistics' } };

function api() {
  return fakeApi((method, url) => {
    if (method === 'GET' && url.pathname === '/portal/v1/site/flagged-jobs')
      return { data: [{ job, open_reports: 2, latest_report_at: '2025-01-05T10:00:00.000Z', latest_reason: 'Scam' }], meta: { page: 1, per_page: 25, total: 1 } };
    if (method === 'GET' && url.pathname === `/portal/v1/site/flagged-jobs/${job.id}`)
      return {
        job,
        reports: [
          { id: id(60), date: '2025-01-05T10:00:00.000Z', reason: 'Scam', additional_comments: 'Asks for a fee', reporter_email: null, status: 'open', resolved_at: null },
          { id: id(61), date: '2025-01-04T10:00:00.000Z', reason: 'Wrong salary', additional_comments: null, reporter_email: 'a@b.test', status: 'open', resolved_at: null },
        ],
      };
    if (method === 'POST' && url.pathname === `/portal/v1/site/flagged-jobs/${job.id}/take-down`) return { resolved: 2, status: 'unlisted' };
    return undefined;
  });
}

describe('FlaggedJobsPage', () => {
  it('opens a row to read every report, and takes a live job down after confirming', async () => {
    const { calls } = api();
    await openApp('/acme/jobs/jobs/flagged-jobs', ['flagged_jobs.all', 'jobs.view']);
    const toggle = await find('button[aria-label="Show the reports of Job 5"]');
    expect(document.querySelector('main tbody tr')!.textContent).toContain('Scam');
    toggle.click();
    const panel = await waitFor(() => {
      const region = document.querySelector<HTMLElement>('[role="region"][aria-label="Reports of Job 5"]');
      expect(region?.textContent).toContain('Wrong salary');
      return region!;
    });
    expect(panel.textContent).toContain('Asks for a fee');
    expect(panel.textContent).toContain('No additional comments.');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    document.querySelector<HTMLButtonElement>('button[aria-label="Take down Job 5"]')!.click();
    const confirm = await waitFor(() => {
      expect(dialog()?.textContent).toContain('Take down “Job 5”?');
      return dialog()!;
    });
    expect(confirm.textContent).toContain('unlisted from the job board (you can relist it later)');
    byText('Take down', confirm)!.click();
    await waitFor(() => expect(calls).toContain(`POST /portal/v1/site/flagged-jobs/${job.id}/take-down {}`));
    await waitFor(() => expect(document.body.textContent).toContain('Job taken down (Unlisted); 2 reports closed.'));
  });

  it('shows the reports but no actions without flagged_jobs.update', async () => {
    api();
    await openApp('/acme/jobs/jobs/flagged-jobs', ['flagged_jobs.view', 'jobs.view']);
    await find('button[aria-label="Show the reports of Job 5"]');
    expect(document.querySelector('button[aria-label="Take down Job 5"]')).toBeNull();
    expect(document.querySelector('button[aria-label="Dismiss reports of Job 5"]')).toBeNull();
  });
});
