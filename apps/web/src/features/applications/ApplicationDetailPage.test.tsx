// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { ApplicationDetail } from '@hireline/contract/applications';
import { buttons, byText, cleanup, detail, dialog, fakeApi, id, JOB, main, openApp } from './applications.fixtures';
import { pickOption, waitFor } from './test-helpers';

afterEach(cleanup);

const APP = id(1);
const BASE = `/portal/v1/applications/${APP}`;
const MANAGER = ['applications.all', 'jobs.view'];
/** Unsuccessful's defaults in the fixtures: the candidate only. */
const NOTIFY = JSON.stringify({ admin: false, consultants: false, candidate: true });

/** One application behind a fake API; the detail endpoints of the other tabs answer with little. */
function api(app: ApplicationDetail) {
  return fakeApi((method, url) => {
    if (method === 'GET' && url.pathname === `${BASE}/overview`) return app;
    if (method === 'GET' && url.pathname === `${BASE}/answers`) return { knocked_out: false, answers: [] };
    if (method === 'GET' && url.pathname === `${BASE}/documents`) return { documents: [] };
    if (method === 'GET' && url.pathname === `${BASE}/history`) return { history: [] };
    if (method === 'GET' && url.pathname === `${BASE}/tags`) return { tags: app.tags };
    if (method === 'GET' && url.pathname === `${BASE}/seeker-application-feedback`) return { feedback: null };
    if (method === 'POST' && url.pathname === `${BASE}/disable`)
      return Object.assign(app, { enabled: false, allowed_actions: [...app.allowed_actions.filter((a) => a !== 'disable'), 'enable'] });
    if (method === 'DELETE' && url.pathname === BASE) return new Response(null, { status: 204 });
    if (method === 'GET' && url.pathname === '/portal/v1/applications') return { data: [], meta: { page: 1, per_page: 25, total: 0 } };
    if (method === 'GET' && url.pathname === '/portal/v1/applications/counts') return { total: 0, by_status: [] };
    if (method === 'POST' && url.pathname === '/portal/v1/applications/status/preview')
      return {
        to: 'unsuccessful',
        changing: 1,
        from: [{ status: 'applied', count: 1 }],
        skipped: [],
        recipients: { admin: [], consultants: [], candidates: 1 },
        email: null,
      };
    if (method === 'POST' && url.pathname === '/portal/v1/applications/bulk')
      return { results: [{ id: APP, ok: true, status: 'unsuccessful', message: null }] };
    return undefined;
  });
}

const toolbar = () => document.querySelector<HTMLElement>('[role="toolbar"][aria-label="Application actions"]');
const tabs = () => [...main().querySelectorAll<HTMLElement>('[role="tablist"] [role="tab"]')];
const tab = (name: string) => tabs().find((t) => t.textContent === name)!;
const panel = () => main().querySelector<HTMLElement>('[role="tabpanel"]')!;

describe('ApplicationDetailPage', () => {
  it('shows the candidate, the job, the status, the allowed actions and the overview', async () => {
    const { calls } = api(detail(1));
    await openApp(`/acme/jobs/applications/${APP}/overview`, MANAGER);
    await waitFor(() => expect(toolbar()).not.toBeNull());
    expect(main().querySelector('h1')?.textContent).toBe('Candidate 1');
    expect(byText('Forklift driver', main().querySelector('h1')!.parentElement!)?.getAttribute('href')).toBe(`/acme/jobs/jobs/${JOB.id}`);
    expect(main().textContent).toContain('StatusApplied');
    expect(buttons(toolbar()!).map((b) => b.textContent)).toEqual(['Change status', 'Disable', 'Delete', 'Act as candidate']);
    expect(tabs().map((t) => t.textContent)).toEqual(['Overview', 'Answers', 'Documents', 'History', 'Tags', 'Feedback']);
    expect(tab('Overview').getAttribute('aria-selected')).toBe('true');
    expect(tab('Answers').getAttribute('href')).toBe(`/acme/jobs/applications/${APP}/answers`);
    expect(panel().getAttribute('aria-labelledby')).toBe(tab('Overview').id);
    expect(calls).toContain(`GET ${BASE}/overview`);

    const text = panel().textContent!;
    const shown = ['c1@example.test', '+33 1 23 45 67 89', 'P-001', 'Lyon', 'Chloé Consultant', 'job board', 'I have driven forklifts for ten years.'];
    for (const value of shown) expect(text).toContain(value);
    // Option values shown with the site's labels.
    await waitFor(() => expect(panel().textContent).toContain('Work visa'));
    expect(panel().textContent).toContain('Full time');
  });

  it('changes the status of this one application, never to the status it has', async () => {
    const { calls } = api(detail(1));
    await openApp(`/acme/jobs/applications/${APP}/overview`, MANAGER);
    await waitFor(() => expect(toolbar()).not.toBeNull());
    byText('Change status', toolbar()!)!.click();
    const box = await waitFor(() => {
      expect(dialog()?.textContent).toContain("Change the status of Candidate 1's application");
      return dialog()!;
    });
    const offered = await pickOption('New status', 'Unsuccessful', box);
    expect(offered).not.toContain('Applied');
    expect(offered).not.toContain('Withdrawn');
    // Registered is hidden on this site: no move there is offered.
    expect(offered).not.toContain('Registered');
    await waitFor(() =>
      expect(calls).toContain(
        `POST /portal/v1/applications/status/preview {"ids":["${APP}"],"status":"unsuccessful","notify":${NOTIFY}}`,
      ),
    );
    const confirm = await waitFor(() => {
      const button = byText('Move 1 application', box);
      expect(button?.hasAttribute('disabled')).toBe(false);
      return button!;
    });
    confirm.click();
    await waitFor(() =>
      expect(calls).toContain(
        `POST /portal/v1/applications/bulk {"action":"status","ids":["${APP}"],"status":"unsuccessful","notify":${NOTIFY}}`,
      ),
    );
    await waitFor(() => expect(document.body.textContent).toContain('1 application moved to Unsuccessful.'));
  });

  it('disables after asking, and offers Enable instead', async () => {
    const { calls } = api(detail(1));
    await openApp(`/acme/jobs/applications/${APP}/overview`, MANAGER);
    await waitFor(() => expect(toolbar()).not.toBeNull());
    byText('Disable', toolbar()!)!.click();
    await waitFor(() => expect(dialog()?.textContent).toContain("Disable Candidate 1's application?"));
    expect(dialog()!.textContent).not.toContain('This cannot be undone.');
    expect(dialog()!.textContent).toContain('It stays in the list and the pipeline, with its history, marked Disabled.');
    byText('Disable', dialog()!)!.click();
    await waitFor(() => expect(calls).toContain(`POST ${BASE}/disable`));
    await waitFor(() => expect(buttons(toolbar()!).map((b) => b.textContent)).toEqual(['Change status', 'Enable', 'Delete', 'Act as candidate']));
    expect(main().textContent).toContain('Disabled');
  });

  it('deletes after saying it cannot be undone, then returns to the list', async () => {
    const { calls } = api(detail(1));
    const router = await openApp(`/acme/jobs/applications/${APP}/overview`, MANAGER);
    await waitFor(() => expect(toolbar()).not.toBeNull());
    byText('Delete', toolbar()!)!.click();
    await waitFor(() => expect(dialog()?.textContent).toContain("Delete Candidate 1's application?"));
    expect(dialog()!.textContent).toContain('This cannot be undone.');
    byText('Delete', dialog()!)!.click();
    await waitFor(() => expect(calls).toContain(`DELETE ${BASE}`));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/jobs/applications'));
    await waitFor(() => expect(document.body.textContent).toContain('Application deleted.'));
  });

  it('shows the overview for an unknown tab and corrects the address', async () => {
    api(detail(1));
    const router = await openApp(`/acme/jobs/applications/${APP}/nonsense`, MANAGER);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/acme/jobs/applications/${APP}/overview`));
    await waitFor(() => expect(tab('Overview').getAttribute('aria-selected')).toBe('true'));
    expect(panel().textContent).toContain('P-001');
  });

  it('says the application was not found when the API answers 404, with the way back', async () => {
    fakeApi(() => undefined);
    await openApp(`/acme/jobs/applications/${id(9)}/overview`, MANAGER);
    await waitFor(() => expect(main().querySelector('h1')?.textContent).toBe('Application not found'));
    expect(byText('Back to applications')?.getAttribute('href')).toBe('/acme/jobs/applications');
  });

  it('offers no actions the overview does not allow', async () => {
    api(detail(1, { status: 'withdrawn', allowed_actions: [] }));
    await openApp(`/acme/jobs/applications/${APP}/overview`, ['applications.view']);
    await waitFor(() => expect(main().textContent).toContain('StatusWithdrawn'));
    expect(toolbar()).toBeNull();
    expect(byText('Change status')).toBeUndefined();
    // Without jobs.view the job is named, not linked to a page the guard would refuse.
    expect(main().textContent).toContain('Applied for Forklift driver');
    expect(byText('Forklift driver')).toBeUndefined();
  });
});
