// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { ResponseOf } from '@hireline/contract/endpoint';
import type { listJobFeedbacks } from '@hireline/contract/job-reviews';
import { cleanup, detail, fakeApi, id, openApp } from './jobs.fixtures';
import { waitFor } from '../../test/wait';

afterEach(cleanup);

const JOB = id(8);

type Entry = ResponseOf<typeof listJobFeedbacks>['data'][number];
const entry = (n: number, over: Partial<Entry>): Entry => ({
  id: id(80 + n),
  rating: 4,
  employer_recommended: null,
  additional_feedback: null,
  comment: null,
  seeker_name: `Candidate ${n}`,
  created_at: '2025-01-03T00:00:00.000Z',
  ...over,
});

function api(entries: Entry[]) {
  return fakeApi((method, url) => {
    if (method === 'GET' && url.pathname === `/portal/v1/jobs/${JOB}/detail`) return detail(8, { status: 'live' });
    if (method === 'GET' && url.pathname === `/portal/v1/jobs/${JOB}/applications`) return { total: 0, by_status: [] };
    if (method === 'GET' && url.pathname === `/portal/v1/site/job-feedbacks/${JOB}/average-rating`) return { average: 4, count: entries.length };
    if (method === 'GET' && url.pathname === `/portal/v1/site/job-feedbacks/${JOB}`) return { data: entries, meta: { page: 1, per_page: 5, total: entries.length } };
    return undefined;
  });
}

const items = () => [...document.querySelectorAll('main li')].map((li) => li.textContent ?? '');

describe('JobFeedbackCard', () => {
  it('says whether each candidate recommends the employer, as application feedback does, and nothing when they did not say', async () => {
    api([
      entry(1, { employer_recommended: true, additional_feedback: 'Great team', comment: 'Great team' }),
      entry(2, { employer_recommended: false, rating: 2 }),
      entry(3, { employer_recommended: null, additional_feedback: 'No answer to the question' }),
    ]);
    await openApp(`/acme/jobs/jobs/${JOB}`, ['jobs.all', 'job_feedbacks.all']);
    await waitFor(() => expect(items().filter((text) => text.includes('Candidate'))).toHaveLength(3));
    const [yes, no, unsaid] = items().filter((text) => text.includes('Candidate'));
    expect(yes).toContain('Would recommend the employer: Yes');
    expect(yes).toContain('Great team');
    expect(no).toContain('Would recommend the employer: No');
    expect(unsaid).toContain('No answer to the question');
    expect(unsaid).not.toContain('Would recommend');
  });
});
