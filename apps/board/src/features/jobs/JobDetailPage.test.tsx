// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { calls, fakeApi, mountBoard, text, unmountBoard } from '../../test/app-harness';
import { group, json, waitFor } from '../../test/dom';
import { boardJob } from '../../test/board-job';

const JOB_ID = '00000000-0000-4000-8000-000000000511';
const APP_ID = '00000000-0000-4000-8000-000000000911';

const job = boardJob(JOB_ID);
const application = {
  id: APP_ID,
  job: { id: JOB_ID, title: 'Line cook', employer_name: 'Harbour Kitchen', live: true },
  status: 'received',
  applied_at: '2025-03-11T09:00:00.000Z',
  withdrawn_at: null,
  can_withdraw: true,
  feedback: null,
  job_rating: null,
};
const mine = (data: unknown[]) => () => json(200, { data, meta: { page: 1, per_page: 1, total: data.length } });
const applyLinks = () => document.querySelectorAll(`a[href="/jobs/${JOB_ID}/apply"]`);

afterEach(unmountBoard);

describe("a job's page", () => {
  it('tells a candidate who applied when they did, with a link to the application, instead of "Apply now"', async () => {
    const api = fakeApi({
      [`GET /portal/v1/board/jobs/${JOB_ID}`]: () => json(200, job),
      'GET /portal/v1/board/candidates/me/applications': mine([application]),
    });
    await mountBoard(`/jobs/${JOB_ID}`, { token: 'tok', ready: '#job-title' });
    await waitFor(() => expect(text()).toContain('You applied on Mar 11, 2025'));
    expect(applyLinks()).toHaveLength(0);
    expect(document.querySelector(`a[href="/me/applications#application-${APP_ID}"]`)?.textContent).toBe('View my application');
    const [asked] = calls(api, 'GET', '/portal/v1/board/candidates/me/applications');
    expect(asked!.url.searchParams.get('job_id')).toBe(JOB_ID);
  });

  it('offers "Apply now" to a candidate who has not applied, and to a visitor without asking', async () => {
    fakeApi({
      [`GET /portal/v1/board/jobs/${JOB_ID}`]: () => json(200, job),
      'GET /portal/v1/board/candidates/me/applications': mine([]),
    });
    await mountBoard(`/jobs/${JOB_ID}`, { token: 'tok', ready: '#job-title' });
    await waitFor(() => expect(applyLinks().length).toBeGreaterThan(0));
    expect(text()).not.toContain('You applied');
    unmountBoard();

    const api = fakeApi({ [`GET /portal/v1/board/jobs/${JOB_ID}`]: () => json(200, job) });
    await mountBoard(`/jobs/${JOB_ID}`, { ready: '#job-title' });
    expect(applyLinks().length).toBeGreaterThan(0);
    expect(calls(api, 'GET', '/portal/v1/board/candidates/me/applications')).toHaveLength(0);
  });

  it('asks a candidate who rated the job whether they recommend the employer, and sends it with the rating', async () => {
    const saved = (_: URL, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { rating: number; employer_recommended?: boolean };
      const answer = { rating: body.rating, employer_recommended: body.employer_recommended ?? null, additional_feedback: null };
      return json(200, { ...answer, comment: null, message: 'Thank you for your feedback.' });
    };
    const api = fakeApi({
      [`GET /portal/v1/board/jobs/${JOB_ID}`]: () => json(200, job),
      'GET /portal/v1/board/candidates/me/applications': mine([]),
      [`PUT /portal/v1/board/jobs/${JOB_ID}/feedback`]: saved,
    });
    await mountBoard(`/jobs/${JOB_ID}`, { token: 'tok', ready: '#job-title' });
    const star = await waitFor(() => document.querySelector<HTMLInputElement>(`input[name="rate-${JOB_ID}"][value="4"]`)!);
    expect(text()).not.toContain('Would you recommend this employer?');
    star.click();
    const question = await waitFor(() => group('Would you recommend this employer?'));
    await waitFor(() => expect(calls(api, 'PUT', `/portal/v1/board/jobs/${JOB_ID}/feedback`)).toHaveLength(1));
    // The question waits while the rating is being saved.
    const no = await waitFor(() => {
      const input = question.querySelector<HTMLInputElement>('input[value="no"]')!;
      expect(input.disabled).toBe(false);
      return input;
    });
    no.click();
    await waitFor(() => expect(calls(api, 'PUT', `/portal/v1/board/jobs/${JOB_ID}/feedback`)).toHaveLength(2));
    const bodies = calls(api, 'PUT', `/portal/v1/board/jobs/${JOB_ID}/feedback`).map(({ init }) => JSON.parse(String(init.body)));
    expect(bodies).toMatchObject([{ rating: 4 }, { rating: 4, employer_recommended: false }]);
    expect(bodies[0]).not.toHaveProperty('employer_recommended');
  });
});
