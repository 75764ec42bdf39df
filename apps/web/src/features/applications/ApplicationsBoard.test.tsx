// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { byText, cleanup, dialog, fakeApi, find, id, JOB, main, openApp, summary } from './applications.fixtures';
import { waitFor } from './test-helpers';

afterEach(cleanup);

const MANAGER = ['applications.all', 'jobs.view'];
/** Shortlist's defaults in the fixtures: consultants and candidate. */
const SHORTLIST_NOTIFY = JSON.stringify({ admin: false, consultants: true, candidate: true });

/** One job's board: Applied has 51 (two pages), Shortlist one, Withdrawn one; every status change succeeds. */
function api() {
  const columns: Record<string, ReturnType<typeof summary>[]> = {
    applied: [summary(1), summary(2, { knocked_out: true, tags: ['night'] })],
    shortlisted: [summary(3, { status: 'shortlisted' })],
    withdrawn: [summary(4, { status: 'withdrawn' })],
  };
  return fakeApi((method, url, body) => {
    if (method === 'GET' && url.pathname === '/portal/v1/applications') {
      const status = url.searchParams.get('status') ?? '';
      if (url.searchParams.get('job_id') !== JOB.id) return { data: [], meta: { page: 1, per_page: 50, total: 0 } };
      if (status === 'applied' && url.searchParams.get('page') === '2') return { data: [summary(5)], meta: { page: 2, per_page: 50, total: 51 } };
      const data = columns[status] ?? [];
      return { data, meta: { page: 1, per_page: 50, total: status === 'applied' ? 51 : data.length } };
    }
    if (method === 'GET' && url.pathname === '/portal/v1/applications/counts') return { total: 0, by_status: [] };
    if (method === 'POST' && url.pathname === '/portal/v1/applications/status/preview') {
      const b = body as { status: string };
      return {
        to: b.status,
        changing: 1,
        from: [{ status: 'applied', count: 1 }],
        skipped: [],
        recipients: { admin: [], consultants: [], candidates: 1 },
        email: null,
      };
    }
    if (method === 'POST' && url.pathname === '/portal/v1/applications/bulk')
      return { results: (body as { ids: string[] }).ids.map((appId) => ({ id: appId, ok: true, status: 'shortlisted', message: null })) };
    return undefined;
  });
}

const region = (name: string) =>
  [...main().querySelectorAll<HTMLElement>('section[role="region"]')].find(
    (r) => document.getElementById(r.getAttribute('aria-labelledby')!)?.textContent?.startsWith(name),
  )!;
const heading = (r: HTMLElement) => document.getElementById(r.getAttribute('aria-labelledby')!)!.textContent;
const card = (n: number) => main().querySelector<HTMLElement>(`li[data-application="${id(n)}"]`)!;
const columnCalls = (calls: string[], status: string) =>
  calls.filter((c) => c.startsWith('GET /portal/v1/applications?') && c.includes(`status=${status}`));

/** A drag event as a browser sends it (happy-dom's DragEvent carries no DataTransfer). */
function drag(type: string, target: HTMLElement, data: Map<string, string>) {
  const event = new Event(type, { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'dataTransfer', {
    value: {
      setData: (k: string, v: string) => data.set(k, v),
      getData: (k: string) => data.get(k) ?? '',
      types: [...data.keys()],
      effectAllowed: 'all',
      dropEffect: 'none',
    },
  });
  target.dispatchEvent(event);
  return event;
}

describe('ApplicationsBoard', () => {
  it('switches from the list to the board of the filtered job, with a labelled column per visible stage', async () => {
    const { calls } = api();
    const router = await openApp(`/acme/jobs/applications?job_id=${JOB.id}`, MANAGER);
    const toggle = await find('[role="group"][aria-label="View"]');
    byText('Board', toggle)!.click();
    await waitFor(() => expect(router.state.location.search).toMatchObject({ view: 'board', job: JOB.id }));
    await waitFor(() => expect(heading(region('Applied'))).toBe('Applied 51'));
    // Each column loads on its own: wait until every one has its count.
    await waitFor(() =>
      expect([...main().querySelectorAll<HTMLElement>('section[role="region"]')].map(heading)).toEqual([
        'Applied 51', 'New 0', 'Invited 0', 'Screening 0', 'Shortlist 1', 'Interviewed 0', 'Offered 0', 'Unsuccessful 0', 'Withdrawn 1',
      ]),
    );
    expect(columnCalls(calls, 'applied')).toEqual([`GET /portal/v1/applications?job_id=${JOB.id}&status=applied&per_page=50&page=1`]);
    expect(card(2).textContent).toContain('Knocked out');
    expect(card(2).textContent).toContain('night');
    expect(card(2).textContent).toContain('Applied Jan 2, 2025');
    // The job picker shows the chosen job's name.
    await waitFor(() => expect(main().querySelector<HTMLInputElement>('input[role="combobox"]')!.value).toBe('Forklift driver'));

    byText('Load more in Applied')!.click();
    await waitFor(() => expect(card(5)).not.toBeNull());
    expect(columnCalls(calls, 'applied').at(-1)).toBe(`GET /portal/v1/applications?job_id=${JOB.id}&status=applied&per_page=50&page=2`);
    await waitFor(() => expect(byText('Load more in Applied')).toBeUndefined());
  });

  it('asks for a job first', async () => {
    api();
    await openApp('/acme/jobs/applications?view=board', MANAGER);
    await waitFor(() => expect(main().querySelector('[role="status"]')?.textContent).toContain('Choose a job'));
    expect(main().querySelector('section[role="region"]')).toBeNull();
  });

  it('moves a card with the keyboard menu through the status dialog, then reloads the columns', async () => {
    const { calls } = api();
    await openApp(`/acme/jobs/applications?view=board&job=${JOB.id}`, MANAGER);
    await waitFor(() => expect(card(1)).not.toBeNull());
    const move = card(1).querySelector<HTMLElement>('button[aria-label="Move to… (Candidate 1)"]')!;
    expect(move.getAttribute('aria-haspopup')).toBe('menu');
    move.click();
    const items = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')];
      expect(found.length).toBeGreaterThan(0);
      return found;
    });
    // Every other visible stage but Withdrawn.
    expect(items.map((i) => i.textContent)).toEqual(['New', 'Invited', 'Screening', 'Shortlist', 'Interviewed', 'Offered', 'Unsuccessful']);
    items.find((i) => i.textContent === 'Shortlist')!.click();
    const box = await waitFor(() => {
      expect(dialog()?.textContent).toContain("Change the status of Candidate 1's application");
      return dialog()!;
    });
    await waitFor(() =>
      expect(calls).toContain(
        `POST /portal/v1/applications/status/preview {"ids":["${id(1)}"],"status":"shortlisted","notify":${SHORTLIST_NOTIFY}}`,
      ),
    );
    const before = columnCalls(calls, 'applied').length;
    const confirm = await waitFor(() => {
      const button = byText('Move 1 application', box);
      expect(button?.hasAttribute('disabled')).toBe(false);
      return button!;
    });
    confirm.click();
    const bulk = `POST /portal/v1/applications/bulk {"action":"status","ids":["${id(1)}"],"status":"shortlisted","notify":${SHORTLIST_NOTIFY}}`;
    await waitFor(() => expect(calls).toContain(bulk));
    await waitFor(() => expect(document.body.textContent).toContain('1 application moved to Shortlist.'));
    // Both columns ask again.
    await waitFor(() => expect(columnCalls(calls, 'applied').length).toBeGreaterThan(before));
  });

  it('opens the status dialog for a card dropped on another column; withdrawn cards do not move', async () => {
    const { calls } = api();
    await openApp(`/acme/jobs/applications?view=board&job=${JOB.id}`, MANAGER);
    await waitFor(() => expect(card(2)).not.toBeNull());
    expect(card(2).getAttribute('draggable')).toBe('true');
    expect(card(4).getAttribute('draggable')).toBe('false');
    expect(card(4).querySelector('button')).toBeNull();
    expect(card(4).textContent).toContain('cannot be moved');

    const data = new Map<string, string>();
    drag('dragstart', card(2), data);
    expect(JSON.parse(data.get('application/x-hireline-application')!)).toMatchObject({ id: id(2), status: 'applied' });
    // Withdrawn never takes a drop; another stage does.
    expect(drag('dragover', region('Withdrawn'), data).defaultPrevented).toBe(false);
    expect(drag('dragover', region('Interviewed'), data).defaultPrevented).toBe(true);
    drag('drop', region('Interviewed'), data);
    await waitFor(() => expect(dialog()?.textContent).toContain("Change the status of Candidate 2's application"));
    await waitFor(() => expect(calls.some((c) => c.includes(`/status/preview {"ids":["${id(2)}"],"status":"interviewed"`))).toBe(true));
  });

  it('offers no moving without applications.status', async () => {
    api();
    await openApp(`/acme/jobs/applications?view=board&job=${JOB.id}`, ['applications.view']);
    await waitFor(() => expect(card(1)).not.toBeNull());
    expect(card(1).getAttribute('draggable')).toBe('false');
    expect(card(1).querySelector('button')).toBeNull();
  });
});
