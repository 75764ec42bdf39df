// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { calls, fakeApi, mountBoard, text, unmountBoard } from '../../test/app-harness';
import { json, waitFor } from '../../test/dom';

const JOB_ID = '00000000-0000-4000-8000-000000000501';
const APP_ID = '00000000-0000-4000-8000-000000000901';
const application = {
  id: APP_ID,
  job: { id: JOB_ID, title: 'Line cook', employer_name: 'Harbour Kitchen', live: true },
  status: 'in_progress',
  applied_at: '2025-03-11T09:00:00.000Z',
  withdrawn_at: null,
  can_withdraw: true,
  feedback: null,
  job_rating: null,
};
const button = (label: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === label)!;

afterEach(unmountBoard);

describe('my applications', () => {
  it('lists applications with a candidate-friendly status and a link to the live job', async () => {
    fakeApi({
      'GET /portal/v1/board/candidates/me/applications': () =>
        json(200, {
          data: [application, { ...application, id: '00000000-0000-4000-8000-000000000902', job: { ...application.job, title: 'Barista', live: false }, status: 'unsuccessful', can_withdraw: false }],
          meta: { page: 1, per_page: 20, total: 2 },
        }),
    });
    await mountBoard('/me/applications', { token: 'tok', ready: 'main article' });
    const [cook, barista] = [...document.querySelectorAll('main article')];
    expect(cook!.querySelector('a')!.getAttribute('href')).toBe(`/jobs/${JOB_ID}`);
    expect(cook!.textContent).toContain('In progress');
    expect(cook!.textContent).toContain('Applied Mar 11, 2025');
    expect(barista!.querySelector('a')).toBeNull();
    expect(barista!.textContent).toContain('Not progressing');
    expect(barista!.textContent).not.toContain('Withdraw');
  });

  it('withdraws only after a confirmation that says it is final', async () => {
    let withdrawn = false;
    const api = fakeApi({
      'GET /portal/v1/board/candidates/me/applications': () =>
        json(200, { data: [withdrawn ? { ...application, status: 'withdrawn', can_withdraw: false } : application], meta: { page: 1, per_page: 20, total: 1 } }),
      [`POST /portal/v1/board/candidates/me/applications/${APP_ID}/withdraw`]: () => {
        withdrawn = true;
        return json(200, { ...application, status: 'withdrawn', can_withdraw: false });
      },
    });
    await mountBoard('/me/applications', { token: 'tok', ready: 'main article' });
    button('Withdraw').click();
    await waitFor(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull());
    const dialog = document.querySelector('[role="dialog"]')!;
    expect(dialog.textContent).toContain('This is final');
    expect(dialog.textContent).toContain('This cannot be undone.');
    expect(calls(api, 'POST', `/portal/v1/board/candidates/me/applications/${APP_ID}/withdraw`)).toHaveLength(0);
    [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Withdraw')!.click();
    await waitFor(() => expect(text()).toContain('Your application for Line cook has been withdrawn.'));
    await waitFor(() => expect(document.querySelector('main article')!.textContent).toContain('Withdrawn'));
    expect(calls(api, 'POST', `/portal/v1/board/candidates/me/applications/${APP_ID}/withdraw`)).toHaveLength(1);
  });

  it('points to the job search when there are none', async () => {
    fakeApi({ 'GET /portal/v1/board/candidates/me/applications': () => json(200, { data: [], meta: { page: 1, per_page: 20, total: 0 } }) });
    await mountBoard('/me/applications', { token: 'tok', ready: 'main h1' });
    await waitFor(() => expect(text()).toContain('You have not applied for any jobs yet.'));
    expect(document.querySelector('main a[href="/jobs"]')).not.toBeNull();
  });
});
