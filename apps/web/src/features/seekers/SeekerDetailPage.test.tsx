// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seekerActions, type SeekerAction, type SeekerDetail } from '@hireline/contract/seekers';
import i18n from '../../test/i18n';
import { buttons, byText, cleanup, detail, dialog, openApp, seekersApi, sid, type } from './seekers.fixtures';
import { waitFor } from '../../test/wait';

afterEach(cleanup);

const ID = sid(7);
const MANAGER = ['seekers.all', 'applications.view'];
const BASE = `/portal/v1/seekers/${ID}`;

/** One seeker behind a fake API that applies each action to it, as the API would. */
function api(seeker: SeekerDetail) {
  return seekersApi((method, url) => {
    if (method === 'GET' && url.pathname === `${BASE}/profile`) return seeker;
    // The allowed actions after a change: those set true are added, those set false taken away.
    const act = (change: Partial<SeekerDetail>, actions: Partial<Record<SeekerAction, boolean>>) =>
      Object.assign(seeker, change, { allowed_actions: seekerActions.filter((a) => actions[a] ?? seeker.allowed_actions.includes(a)) });
    if (method === 'POST' && url.pathname === `${BASE}/enable`) return act({ enabled: true }, { enable: false, disable: true });
    if (method === 'POST' && url.pathname === `${BASE}/disable`)
      return act({ enabled: false, disabled_at: '2025-03-01T00:00:00.000Z' }, { enable: false, disable: false });
    if (method === 'POST' && url.pathname === `${BASE}/erase`)
      return act({ erased: true, erased_at: '2025-03-02T00:00:00.000Z', name: 'Erased seeker' }, { erase: false, export: false });
    if (method === 'DELETE' && url.pathname === BASE) return new Response(null, { status: 204 });
    if (method === 'GET' && url.pathname === `${BASE}/export`)
      return { exported_at: '2025-03-03T00:00:00.000Z', seeker, documents: [], applications: [{ id: 'a', answers: [] }] };
    if (method === 'GET' && url.pathname === '/portal/v1/seekers') return { data: [], meta: { page: 1, per_page: 25, total: 0 } };
    return undefined;
  });
}

const toolbar = () => document.querySelector<HTMLElement>('[role="toolbar"][aria-label="Seeker actions"]');
const actions = () => buttons(toolbar()!).map((b) => b.textContent);
const posts = (calls: string[]) => calls.filter((c) => !c.startsWith('GET'));

describe('SeekerDetailPage', () => {
  it('shows the name, profile id and state, and exactly the actions the API allows', async () => {
    api(detail(7));
    await openApp(`/acme/jobs/seekers/${ID}/profile`, MANAGER);
    await waitFor(() => expect(toolbar()).not.toBeNull());
    expect(document.querySelector('main h1')?.textContent).toBe('Seeker 7');
    expect(document.querySelector('main')!.textContent).toContain('Profile ID P-0007');
    expect(document.querySelector('main')!.textContent).toContain('Enabled');
    // `allowed_actions` has no `enable`: no Enable button. The manager may act as candidates (seekers.all).
    expect(actions()).toEqual(['Disable', 'Act as candidate', 'Export data', 'Erase personal data', 'Delete']);
  });

  it('offers Enable when the API allows it, and enables without asking', async () => {
    const { calls } = api(detail(7, { enabled: false, allowed_actions: ['enable'] }));
    await openApp(`/acme/jobs/seekers/${ID}/profile`, MANAGER);
    await waitFor(() => expect(actions()).toEqual(['Enable']));
    byText('Enable', toolbar()!)!.click();
    await waitFor(() => expect(calls).toContain(`POST ${BASE}/enable`));
    await waitFor(() => expect(document.body.textContent).toContain('Seeker enabled.'));
    // Enabled again, the candidate can be acted as again.
    await waitFor(() => expect(actions()).toEqual(['Disable', 'Act as candidate']));
  });

  it('disables only after a confirmation that says it cannot be undone', async () => {
    const { calls } = api(detail(7));
    await openApp(`/acme/jobs/seekers/${ID}/profile`, MANAGER);
    await waitFor(() => expect(toolbar()).not.toBeNull());
    byText('Disable', toolbar()!)!.click();
    const confirm = await waitFor(() => {
      expect(dialog()?.textContent).toContain('Disable Seeker 7?');
      return dialog()!;
    });
    expect(confirm.textContent).toContain('a disabled seeker cannot be enabled again');
    expect(confirm.textContent).toContain('This cannot be undone.');
    // The safe choice has the focus: Enter does not disable by accident.
    expect(document.activeElement?.textContent).toBe('Cancel');
    expect(posts(calls)).toEqual([]);

    byText('Disable for good', confirm)!.click();
    await waitFor(() => expect(posts(calls)).toEqual([`POST ${BASE}/disable`]));
    await waitFor(() => expect(document.body.textContent).toContain('Seeker disabled.'));
    await waitFor(() => expect(document.querySelector('main')!.textContent).toContain('cannot be enabled again'));
    await waitFor(() => expect(actions()).toEqual(['Export data', 'Erase personal data', 'Delete']));
  });

  it('cancelling the disable confirmation sends nothing', async () => {
    const { calls } = api(detail(7));
    await openApp(`/acme/jobs/seekers/${ID}/profile`, MANAGER);
    await waitFor(() => expect(toolbar()).not.toBeNull());
    byText('Disable', toolbar()!)!.click();
    await waitFor(() => expect(dialog()).not.toBeNull());
    byText('Cancel', dialog()!)!.click();
    await waitFor(() => expect(dialog()).toBeNull());
    expect(posts(calls)).toEqual([]);
  });

  it('erases only with a reason, after saying it is irreversible', async () => {
    const { calls } = api(detail(7));
    await openApp(`/acme/jobs/seekers/${ID}/profile`, MANAGER);
    await waitFor(() => expect(toolbar()).not.toBeNull());
    byText('Erase personal data', toolbar()!)!.click();
    const form = await waitFor(() => {
      expect(dialog()?.textContent).toContain('Erase the personal data of Seeker 7?');
      return dialog()!;
    });
    expect(form.textContent).toContain('This is irreversible');
    expect(form.getAttribute('aria-labelledby')).toBeTruthy();

    byText('Erase personal data', form)!.click();
    await waitFor(() => expect(form.textContent).toContain('This field is required.'));
    type(form.querySelector('textarea:not([aria-hidden])')!, '   ');
    byText('Erase personal data', form)!.click();
    await waitFor(() => expect(form.textContent).toContain('This field is required.'));
    expect(posts(calls)).toEqual([]);

    type(form.querySelector('textarea:not([aria-hidden])')!, 'GDPR request #42');
    byText('Erase personal data', form)!.click();
    await waitFor(() => expect(posts(calls)).toEqual([`POST ${BASE}/erase {"reason":"GDPR request #42"}`]));
    await waitFor(() => expect(document.body.textContent).toContain('Personal data erased.'));
    await waitFor(() => expect(document.querySelector('main h1')?.textContent).toBe('Erased seeker'));
    expect(document.querySelector('main')!.textContent).toContain('Erased');
  });

  it('deletes after warning that applications and documents go too, then returns to the list', async () => {
    const { calls } = api(detail(7));
    const router = await openApp(`/acme/jobs/seekers/${ID}/profile`, MANAGER);
    await waitFor(() => expect(toolbar()).not.toBeNull());
    byText('Delete', toolbar()!)!.click();
    const confirm = await waitFor(() => {
      expect(dialog()?.textContent).toContain('Delete Seeker 7?');
      return dialog()!;
    });
    expect(confirm.textContent).toContain('with all their applications and documents');
    expect(confirm.textContent).toContain('This cannot be undone.');
    byText('Delete seeker', confirm)!.click();
    await waitFor(() => expect(posts(calls)).toEqual([`DELETE ${BASE}`]));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/jobs/seekers'));
    await waitFor(() => expect(document.body.textContent).toContain('Seeker deleted.'));
  });

  it('exports the data as seeker-<profile id>.json', async () => {
    const { calls } = api(detail(7));
    const saved: { name: string; blob: Blob }[] = [];
    const objectUrl = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push({ name: '', blob: blob as Blob });
      return 'blob:export';
    });
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.at(-1)!.name = this.download;
    });
    await openApp(`/acme/jobs/seekers/${ID}/profile`, MANAGER);
    await waitFor(() => expect(toolbar()).not.toBeNull());
    byText('Export data', toolbar()!)!.click();
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['seeker-P-0007.json']));
    expect(calls).toContain(`GET ${BASE}/export`);
    const json = JSON.parse(await saved[0]!.blob.text()) as { seeker: { profile_id: string }; applications: unknown[] };
    expect(json.seeker.profile_id).toBe('P-0007');
    expect(json.applications).toHaveLength(1);
    for (const spy of [click, objectUrl, revoke]) spy.mockRestore();
  });

  it('reads right to left in Arabic, every label translated', async () => {
    api(detail(7));
    await i18n.changeLanguage('ar');
    try {
      await openApp(`/acme/jobs/seekers/${ID}/profile`, MANAGER);
      await waitFor(() => expect(document.querySelector('[role="toolbar"]')).not.toBeNull());
      expect(document.documentElement.dir).toBe('rtl');
      expect(document.querySelector('[role="toolbar"]')!.getAttribute('aria-label')).toBe('إجراءات الباحث عن عمل');
      expect([...document.querySelectorAll('[role="tab"]')].map((t) => t.textContent)).toEqual(['الملف الشخصي', 'الطلبات', 'الوسوم']);
      const main = document.querySelector('main')!.textContent!;
      for (const english of ['Profile ID', 'Contact', 'Resume', 'Preview', 'Download', 'Disable', 'Back to seekers'])
        expect(main).not.toContain(english);
      byText('تعطيل', document.querySelector<HTMLElement>('[role="toolbar"]')!)!.click();
      await waitFor(() => expect(dialog()?.textContent).toContain('لا يمكن تفعيل الباحث عن عمل المعطّل مرة أخرى'));
    } finally {
      await i18n.changeLanguage('en-US');
    }
  });

  it('says the seeker was not found on a 404, with the way back to the list', async () => {
    seekersApi(() => undefined);
    await openApp(`/acme/jobs/seekers/${ID}/profile`, MANAGER);
    await waitFor(() => expect(document.querySelector('main h1')?.textContent).toBe('Seeker not found'));
    expect(byText('Back to seekers')?.getAttribute('href')).toBe('/acme/jobs/seekers');
  });
});
