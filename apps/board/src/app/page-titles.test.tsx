// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../lib/i18n';
import { fakeApi, mountBoard, unmountBoard } from '../test/app-harness';
import { json, waitFor } from '../test/dom';
import { boardJob } from '../test/board-job';

/* The browser tab names the board's page, in the reader's language, after the site: "<page> · <site>". */

const JOB_ID = '00000000-0000-4000-8000-000000000501';
const JOB = boardJob(JOB_ID);

afterEach(async () => {
  unmountBoard();
  await i18n.changeLanguage('en');
});

function api(job: 'answers' | 'never answers' = 'answers') {
  return fakeApi({
    'GET /portal/v1/board/jobs': () => json(200, { data: [], meta: { page: 1, per_page: 20, total: 0 } }),
    [`GET /portal/v1/board/jobs/${JOB_ID}`]: () => (job === 'answers' ? json(200, JOB) : new Promise<Response>(() => {})),
    'GET /portal/v1/board/auth/providers': () => json(200, []),
  });
}

const titleIs = (title: string) => waitFor(() => expect(document.title).toBe(title));

describe('board page titles', () => {
  it('names the job list, a job, sign-in and a missing page after the site', async () => {
    api();
    const router = await mountBoard('/jobs');
    await titleIs('Jobs · Acme Jobs');
    await router.navigate({ to: '/jobs/$id', params: { id: JOB_ID } });
    await titleIs('Line cook · Acme Jobs');
    await router.navigate({ to: '/sign-in' });
    await titleIs('Sign in · Acme Jobs');
    await router.navigate({ href: '/no-such-page' });
    await titleIs('Page not found · Acme Jobs');
  });

  it('shows the site alone while a job loads, not the page it came from', async () => {
    api('never answers');
    const router = await mountBoard('/jobs');
    await titleIs('Jobs · Acme Jobs');
    void router.navigate({ to: '/jobs/$id', params: { id: JOB_ID } });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/jobs/${JOB_ID}`));
    await titleIs('Acme Jobs');
  });

  it('speaks the reader’s language, in the same order', async () => {
    await i18n.changeLanguage('fr');
    api();
    await mountBoard('/jobs');
    await titleIs("Offres d'emploi · Acme Jobs");
    await i18n.changeLanguage('ar');
    await titleIs('الوظائف · Acme Jobs');
  });
});
