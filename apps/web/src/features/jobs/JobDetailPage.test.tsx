// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { JobDetail } from '@hireline/contract/job-model';
import { buttons, byText, cleanup, detail, dialog, fakeApi, id, openApp, type } from './jobs.fixtures';
import { EMPLOYER } from '../../test/site-fixtures';
import { waitFor } from '../../test/wait';

afterEach(cleanup);

const JOB = id(7);
const MANAGER = ['jobs.all', 'flagged_jobs.all', 'job_feedbacks.all', 'applications.view'];

/** One job on hold behind a fake API; reject needs the reason the API would also require. */
function api(job: JobDetail) {
  return fakeApi((method, url, body) => {
    const base = `/portal/v1/jobs/${JOB}`;
    if (method === 'GET' && url.pathname === `${base}/detail`) return job;
    if (method === 'GET' && url.pathname === `${base}/applications`)
      return { total: 3, by_status: [{ status: 'applied', count: 2 }, { status: 'shortlisted', count: 1 }, { status: 'offered', count: 0 }] };
    if (method === 'GET' && url.pathname === `/portal/v1/site/job-feedbacks/${JOB}/average-rating`) return { average: 4.5, count: 2 };
    if (method === 'GET' && url.pathname === `/portal/v1/site/job-feedbacks/${JOB}`)
      return { data: [{ id: id(90), rating: 5, employer_recommended: true, additional_feedback: 'Great team', comment: 'Great team', seeker_name: 'Walter', created_at: '2025-01-03T00:00:00.000Z' }], meta: { page: 1, per_page: 5, total: 1 } };
    if (method === 'POST' && url.pathname === `${base}/reject`) {
      Object.assign(job, { status: 'rejected', rejection_reason: (body as { reason: string }).reason, allowed_actions: ['delete'] });
      return job;
    }
    return undefined;
  });
}

const toolbar = () => document.querySelector<HTMLElement>('[role="toolbar"][aria-label="Job actions"]');

describe('JobDetailPage', () => {
  it('shows every allowed action and no other', async () => {
    api(
      detail(7, {
        status: 'pending',
        pay_min_cents: 3_000_000,
        pay_max_cents: 4_000_050,
        allowed_actions: ['edit', 'approve', 'reject', 'clone'],
      }),
    );
    await openApp(`/acme/jobs/jobs/${JOB}`, MANAGER);
    await waitFor(() => expect(toolbar()).not.toBeNull());
    expect(document.querySelector('main h1')?.textContent).toBe('Job 7');
    expect(buttons(toolbar()!).map((b) => b.textContent)).toEqual(['Edit', 'Approve', 'Reject', 'Clone']);
    expect(byText('Edit', toolbar()!)?.getAttribute('href')).toBe(`/acme/jobs/jobs/edit?id=${JOB}`);

    const main = document.querySelector('main')!;
    expect(main.textContent).toContain('€30,000 – €40,000.50');
    expect(main.querySelector('strong')?.textContent).toBe('forklifts'); // the server's sanitised description
    await waitFor(() => expect(byText('Shortlisted')?.getAttribute('href')).toBe(`/acme/jobs/applications?job_id=${JOB}&status=shortlisted`));
    await waitFor(() => expect(main.textContent).toContain('4.5 out of 5 from 2 ratings'));
  });

  it('offers Post (to the payment step) for a draft, and nothing the API did not allow', async () => {
    api(detail(7, { status: 'draft', allowed_actions: ['edit', 'post', 'delete'] }));
    await openApp(`/acme/jobs/jobs/${JOB}`, MANAGER);
    await waitFor(() => expect(toolbar()).not.toBeNull());
    expect(buttons(toolbar()!).map((b) => b.textContent)).toEqual(['Edit', 'Post', 'Delete']);
    expect(byText('Post', toolbar()!)?.getAttribute('href')).toBe(`/acme/jobs/jobs/edit?id=${JOB}&step=payment`);
  });

  it('at 0 credits offers staff Grant credits (for this employer, back to the payment step) instead of Post', async () => {
    api(detail(7, { status: 'draft', employer: { ...EMPLOYER, credit_balance: 0 }, allowed_actions: ['edit', 'post', 'delete'] }));
    await openApp(`/acme/jobs/jobs/${JOB}`, [...MANAGER, 'credits.view', 'credits.create']);
    await waitFor(() => expect(toolbar()).not.toBeNull());
    expect(buttons(toolbar()!).map((b) => b.textContent)).toEqual(['Edit', 'Grant credits', 'Delete']);
    expect(toolbar()!.textContent).toContain('Acme Logistics has 0 credits.');
    const href = new URL(byText('Grant credits', toolbar()!)!.getAttribute('href')!, 'http://x');
    expect(href.pathname).toBe('/acme/jobs/credit-system');
    expect(Object.fromEntries(href.searchParams)).toEqual({ employer: EMPLOYER.id, grant: '1', return_to: `/acme/jobs/jobs/edit?id=${JOB}&step=payment` });
  });

  it('at 0 credits offers an employer user Buy credits and paying for this post, never a Post that fails', async () => {
    api(detail(7, { status: 'draft', employer: { ...EMPLOYER, credit_balance: 0 }, allowed_actions: ['edit', 'post', 'delete'] }));
    await openApp(`/acme/jobs/jobs/${JOB}`, ['jobs.view', 'jobs.create', 'jobs.update', 'credits.view', 'credits.purchase']);
    await waitFor(() => expect(toolbar()).not.toBeNull());
    expect(buttons(toolbar()!).map((b) => b.textContent)).toEqual(['Edit', 'Buy credits', 'Pay and post', 'Delete']);
    expect(byText('Buy credits', toolbar()!)?.getAttribute('href')).toBe(
      `/acme/jobs/credit-system/create?return_to=${encodeURIComponent(`/acme/jobs/jobs/edit?id=${JOB}&step=payment`)}&employer=${EMPLOYER.id}`,
    );
    expect(byText('Pay and post', toolbar()!)?.getAttribute('href')).toBe(`/acme/jobs/jobs/edit?id=${JOB}&step=payment`);
  });

  it('rejects only with a reason', async () => {
    const { calls } = api(detail(7, { status: 'pending', allowed_actions: ['approve', 'reject'] }));
    await openApp(`/acme/jobs/jobs/${JOB}`, MANAGER);
    await waitFor(() => expect(toolbar()).not.toBeNull());
    byText('Reject', toolbar()!)!.click();
    const form = await waitFor(() => {
      expect(dialog()?.textContent).toContain('Reject “Job 7”?');
      return dialog()!;
    });
    byText('Reject', form)!.click();
    await waitFor(() => expect(form.textContent).toContain('This field is required.'));
    expect(calls.some((c) => c.startsWith('POST'))).toBe(false);

    type(form.querySelector('textarea:not([aria-hidden])')!, 'The pay is missing.');
    byText('Reject', form)!.click();
    await waitFor(() => expect(calls).toContain(`POST /portal/v1/jobs/${JOB}/reject {"reason":"The pay is missing."}`));
    await waitFor(() => expect(document.body.textContent).toContain("Job rejected; the employer's credit was refunded."));
    await waitFor(() => expect(buttons(toolbar()!).map((b) => b.textContent)).toEqual(['Delete']));
    expect(document.querySelector('main')!.textContent).toContain('Rejected: The pay is missing.');
  });

  it('says the job was not found when the API answers 404, with the way back to the list', async () => {
    fakeApi(() => undefined);
    await openApp(`/acme/jobs/jobs/${JOB}`, MANAGER);
    await waitFor(() => expect(document.querySelector('main h1')?.textContent).toBe('Job not found'));
    expect(byText('Back to jobs')?.getAttribute('href')).toBe('/acme/jobs/jobs');
  });
});
