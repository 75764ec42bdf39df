// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { calls, fakeApi, mountBoard, text, unmountBoard } from '../../test/app-harness';
import { json, labelled, waitFor } from '../../test/dom';

const JOB = {
  id: '00000000-0000-4000-8000-000000000501',
  title: 'Line cook',
  employer: { name: 'Harbour Kitchen', logo_url: null },
  location: 'Sydney NSW',
  work_type: { value: 'casual', label: 'Casual' },
  classification: { value: 'hospitality', label: 'Hospitality' },
  pay: { min_cents: 3000, max_cents: 3500, currency: 'AUD', type: { value: 'hourly', label: 'Hourly' }, period: 'hour' },
  summary: 'Busy harbourside kitchen.',
  key_selling_points: ['Free meals', 'Weekly pay'],
  featured: true,
  published_at: '2025-03-10T09:00:00.000Z',
  expires_at: null,
};
const page = (data: unknown[], total = data.length) => json(200, { data, meta: { page: 1, per_page: 20, total } });

afterEach(unmountBoard);

describe('job search page', () => {
  it('asks the API for what the URL says and lists the adverts', async () => {
    const api = fakeApi({ 'GET /portal/v1/board/jobs': () => page([JOB], 21) });
    await mountBoard('/jobs?q=cook&work_type=casual&pay_min=25', { ready: 'article h2 a' });
    const [first] = calls(api, 'GET', '/portal/v1/board/jobs');
    expect(Object.fromEntries(first!.url.searchParams)).toEqual({ page: '1', per_page: '20', q: 'cook', work_type: 'casual', pay_min: '2500' });
    const card = document.querySelector('article')!;
    expect(card.querySelector('h2 a')!.getAttribute('href')).toBe(`/jobs/${JOB.id}`);
    expect(card.textContent).toContain('Harbour Kitchen');
    expect(card.textContent).toContain('A$30 – A$35 per hour');
    expect(card.textContent).toContain('Featured');
    expect(card.textContent).toContain('Free meals');
    expect(card.textContent).toContain('Posted Mar 10, 2025');
    expect(text()).toContain('21 jobs');
    // The filters come from the site with their counts; a facet nobody uses is left out.
    expect(text()).toContain('Casual (1)');
    expect(text()).not.toContain('Contract (0)');
    expect((labelled('Keywords') as HTMLInputElement).value).toBe('cook');
    // Two pages of 20.
    expect(document.querySelector('nav[aria-label="Pages of results"]')).not.toBeNull();
  });

  it('offers to clear the filters when nothing matches', async () => {
    const api = fakeApi({ 'GET /portal/v1/board/jobs': (url) => page(url.searchParams.has('q') ? [] : [JOB]) });
    const router = await mountBoard('/jobs?q=astronaut&classification=hospitality&sort=published_at', { ready: 'main h1' });
    await waitFor(() => expect(text()).toContain('No jobs match your search.'));
    [...document.querySelectorAll('button')].find((b) => b.textContent === 'Clear all filters')!.click();
    await waitFor(() => expect(document.querySelector('article')).not.toBeNull());
    expect(router.state.location.search).toEqual({ sort: 'published_at' });
    expect(calls(api, 'GET', '/portal/v1/board/jobs').at(-1)!.url.searchParams.has('q')).toBe(false);
  });

  it('on a page past the end, says so instead of "no jobs match" and leads back to the last page', async () => {
    const api = fakeApi({
      'GET /portal/v1/board/jobs': (url) =>
        json(200, { data: url.searchParams.get('page') === '5' ? [] : [JOB], meta: { page: Number(url.searchParams.get('page')), per_page: 20, total: 21 } }),
    });
    const router = await mountBoard('/jobs?page=5', { ready: 'main h1' });
    await waitFor(() => expect(text()).toContain('This page is past the end of the results.'));
    expect(text()).not.toContain('No jobs match your search.');
    [...document.querySelectorAll('button')].find((b) => b.textContent === 'Go to the last page (2)')!.click();
    await waitFor(() => expect(document.querySelector('article')).not.toBeNull());
    expect(String(router.state.location.search.page)).toBe('2');
    expect(calls(api, 'GET', '/portal/v1/board/jobs').at(-1)!.url.searchParams.get('page')).toBe('2');
  });

  it('says the minimum pay is a yearly amount, and how other periods count', async () => {
    fakeApi({ 'GET /portal/v1/board/jobs': () => page([JOB]) });
    await mountBoard('/jobs', { ready: 'article h2 a' });
    expect(labelled('Minimum pay per year')).not.toBeNull();
    expect(text()).toContain('Hourly pay counts as 2,080 hours a year');
  });

  it('shows the failure with a way to try again', async () => {
    let fail = true;
    fakeApi({ 'GET /portal/v1/board/jobs': () => (fail ? json(500, { message: 'Server error.' }) : page([JOB])) });
    await mountBoard('/', { ready: 'main h1' });
    await waitFor(() => expect(text()).toContain('The jobs could not be loaded.'));
    fail = false;
    [...document.querySelectorAll('button')].find((b) => b.textContent === 'Try again')!.click();
    await waitFor(() => expect(document.querySelector('article')).not.toBeNull());
  });
});
