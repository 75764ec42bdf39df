// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { candidateMessages } from '@hireline/contract/board-candidates';
import { calls, fakeApi, mountBoard, text, unmountBoard } from '../../test/app-harness';
import { description, group, json, labelled, waitFor } from '../../test/dom';
import { boardJob } from '../../test/board-job';
import { session } from '../../lib/session';

const JOB_ID = '00000000-0000-4000-8000-000000000501';
const Q1 = '00000000-0000-4000-8000-000000000601';
const Q2 = '00000000-0000-4000-8000-000000000602';
const RESUME = { id: '00000000-0000-4000-8000-000000000701', purpose: 'resume', name: 'cv.pdf', mime: 'application/pdf', size: 2048, url: '/f/cv' };

const job = boardJob(JOB_ID, {
  screening_questions: [
    { id: Q1, question: 'Do you hold a food safety certificate?', type: 'yes_no', options: [], required: true },
    { id: Q2, question: 'Years in a commercial kitchen', type: 'number', options: [], required: false },
  ],
});
const profile = {
  id: '00000000-0000-4000-8000-000000000801',
  profile_id: 'C-1',
  name: 'Dana Candidate',
  email: 'dana@example.com',
  phone: null,
  location: null,
  visa_type: null,
  desired_work_type: null,
  resume: RESUME,
  documents: [],
  options: { visa_types: [], work_types: [] },
};
const application = {
  id: '00000000-0000-4000-8000-000000000901',
  job: { id: JOB_ID, title: 'Line cook', employer_name: 'Harbour Kitchen', live: true },
  status: 'received',
  applied_at: '2025-03-11T09:00:00.000Z',
  withdrawn_at: null,
  can_withdraw: true,
  feedback: null,
  job_rating: null,
};

const base = (apply: (body: Record<string, unknown>) => Response) => ({
  [`GET /portal/v1/board/jobs/${JOB_ID}`]: () => json(200, job),
  'GET /portal/v1/board/candidates/me': () => json(200, profile),
  [`POST /portal/v1/board/jobs/${JOB_ID}/apply`]: (_: URL, init: RequestInit) => apply(JSON.parse(String(init.body))),
});
const submit = () => [...document.querySelectorAll('button')].find((b) => b.textContent === 'Send application')!.click();
const radio = (legend: string, value: string) => group(legend).querySelector<HTMLInputElement>(`input[value="${value}"]`)!;

afterEach(unmountBoard);

describe('applying for a job', () => {
  it('sends a signed-out visitor to sign in and back', async () => {
    fakeApi({});
    const router = await mountBoard(`/jobs/${JOB_ID}/apply`, { ready: 'main h1' });
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(router.state.location.search).toEqual({ next: `/jobs/${JOB_ID}/apply` });
  });

  it('sends the profile resume and typed answers, and shows what the API says', async () => {
    const api = fakeApi(base(() => json(201, { application, message: candidateMessages.applied })));
    await mountBoard(`/jobs/${JOB_ID}/apply`, { token: 'tok', ready: 'form' });
    expect(text()).toContain('Apply for Line cook');
    radio('Do you hold a food safety certificate?', 'yes').click();
    submit();
    await waitFor(() => expect(text()).toContain(candidateMessages.applied));
    const [sent] = calls(api, 'POST', `/portal/v1/board/jobs/${JOB_ID}/apply`);
    expect(JSON.parse(String(sent!.init.body))).toEqual({
      resume_file_id: RESUME.id,
      cover_letter: null,
      answers: [
        { question_id: Q1, answer: true },
        { question_id: Q2, answer: null },
      ],
    });
    expect(new Headers(sent!.init.headers).get('Authorization')).toBe('Bearer tok');
    expect(document.querySelector('main a[href="/me/applications"]')).not.toBeNull();
  });

  it('gives a knocked-out candidate the API\'s polite message', async () => {
    fakeApi(base(() => json(201, { application: { ...application, status: 'unsuccessful' }, message: candidateMessages.knockedOut })));
    await mountBoard(`/jobs/${JOB_ID}/apply`, { token: 'tok', ready: 'form' });
    radio('Do you hold a food safety certificate?', 'no').click();
    submit();
    await waitFor(() => expect(text()).toContain(candidateMessages.knockedOut));
    expect(document.querySelector('main h1')!.textContent).toBe('Thank you for applying');
  });

  it('puts the API\'s field errors on the questions and focuses the first', async () => {
    fakeApi(
      base(() =>
        json(422, {
          message: 'The given data was invalid.',
          errors: { [`answers.${Q2}`]: ['Years must be a whole number.'], 'answers.0.answer': ['This answer is not allowed.'] },
        }),
      ),
    );
    await mountBoard(`/jobs/${JOB_ID}/apply`, { token: 'tok', ready: 'form' });
    radio('Do you hold a food safety certificate?', 'yes').click();
    submit();
    const years = labelled('Years in a commercial kitchen');
    await waitFor(() => expect(description(years)).toBe('Years must be a whole number.'));
    expect(group('Do you hold a food safety certificate?').textContent).toContain('This answer is not allowed.');
    // The first question in the form is the first error, so it has the focus.
    expect(document.activeElement).toBe(radio('Do you hold a food safety certificate?', 'yes'));
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });

  it('says so with a link when the candidate already applied', async () => {
    fakeApi(base(() => json(409, { message: candidateMessages.alreadyApplied })));
    await mountBoard(`/jobs/${JOB_ID}/apply`, { token: 'tok', ready: 'form' });
    radio('Do you hold a food safety certificate?', 'yes').click();
    submit();
    await waitFor(() => expect(document.querySelector('[role="alert"]')?.textContent).toContain(candidateMessages.alreadyApplied));
    expect(document.querySelector('[role="alert"] a')!.getAttribute('href')).toBe('/me/applications');
  });

  it('drops an ended session and asks to sign in again, coming back here', async () => {
    fakeApi({ ...base(() => json(500, {})), 'GET /portal/v1/board/candidates/me': () => json(401, { message: 'Unauthenticated.' }) });
    const router = await mountBoard(`/jobs/${JOB_ID}/apply`, { token: 'old', ready: 'main h1' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(router.state.location.search).toEqual({ next: `/jobs/${JOB_ID}/apply` });
    expect(session.get().token).toBeNull();
    await waitFor(() => expect(text()).toContain('Your session has ended. Please sign in again.'));
  });
});
