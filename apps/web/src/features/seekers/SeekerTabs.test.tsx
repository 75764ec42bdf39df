// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SeekerDetail } from '@hireline/contract/seekers';
import { session } from '../../lib/session';
import { aid, application, byText, cleanup, detail, dialog, fid, openApp, seekersApi, sid, type } from './seekers.fixtures';
import { waitFor } from '../../test/wait';

afterEach(cleanup);

const ID = sid(7);
const BASE = `/portal/v1/seekers/${ID}`;
const MANAGER = ['seekers.all', 'applications.view'];
const PDF = '%PDF-1.4 fake';

/** A seeker with a PDF resume and a DOCX document, two applications and two tags. */
function api(seeker: SeekerDetail = detail(7)) {
  let tags = ['vip', 'night'];
  return seekersApi((method, url, body) => {
    if (method === 'GET' && url.pathname === `${BASE}/profile`) return seeker;
    if (method === 'GET' && url.pathname === `${BASE}/job-applications`) {
      const withdrawn = application(2, { status: 'withdrawn', job: { ...application(2).job, reference_number: null } });
      return { data: [application(1), withdrawn], meta: { page: 1, per_page: 25, total: 2 } };
    }
    if (method === 'GET' && url.pathname === `${BASE}/tags`) return { tags };
    if (method === 'PUT' && url.pathname === `${BASE}/tags`) {
      tags = (body as { tags: string[] }).tags;
      return { tags };
    }
    if (method === 'GET' && url.pathname.startsWith(`${BASE}/files/`))
      return new Response(new Blob([PDF], { type: 'application/pdf' }), { headers: { 'Content-Type': 'application/pdf' } });
    return undefined;
  });
}

const tab = (name: string) => [...document.querySelectorAll<HTMLAnchorElement>('[role="tab"]')].find((t) => t.textContent === name)!;
const panel = () => document.querySelector<HTMLElement>('[role="tabpanel"]')!;

describe('Seeker detail tabs', () => {
  it('are links in a labelled tab list, and an unknown tab opens the profile', async () => {
    api();
    const router = await openApp(`/acme/jobs/seekers/${ID}/overview`, MANAGER);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/acme/jobs/seekers/${ID}/profile`));
    expect(document.querySelector('[role="tablist"]')?.getAttribute('aria-label')).toBe('Seeker sections');
    expect([...document.querySelectorAll('[role="tab"]')].map((t) => t.textContent)).toEqual(['Profile', 'Applications', 'Tags']);
    await waitFor(() => expect(tab('Profile').getAttribute('aria-selected')).toBe('true'));
    expect(tab('Tags').getAttribute('href')).toBe(`/acme/jobs/seekers/${ID}/tags`);
    expect(panel().getAttribute('aria-labelledby')).toBe(tab('Profile').id);
  });

  it('profile: contact, candidate details in the site\'s words, and the documents', async () => {
    api();
    await openApp(`/acme/jobs/seekers/${ID}/profile`, MANAGER);
    await waitFor(() => expect(panel().textContent).toContain('Work visa'));
    const text = panel().textContent!;
    for (const part of ['seeker7@mail.test', '+33 6 12 34 56 78', 'Lyon', 'Full time', 'P-0007', 'Jan 10, 2025', 'cv.pdf', 'visa.docx'])
      expect(text).toContain(part);
    expect(byText('seeker7@mail.test')?.getAttribute('href')).toBe('mailto:seeker7@mail.test');
    // A PDF can be previewed; a DOCX only downloaded.
    expect(byText('Preview', panel())?.getAttribute('aria-label')).toBe('Preview cv.pdf');
    expect(document.querySelector('[aria-label="Preview visa.docx"]')).toBeNull();
    expect(document.querySelector('[aria-label="Download visa.docx"]')).not.toBeNull();
  });

  it('profile: previews a PDF in the page from the authenticated fetch, and frees it on close', async () => {
    const { calls } = api();
    const created: Blob[] = [];
    const objectUrl = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      // Stands for a blob: URL, which happy-dom cannot load in an iframe (a browser can); about: it loads quietly.
      return `about:blank#preview-${created.length}`;
    });
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    await openApp(`/acme/jobs/seekers/${ID}/profile`, MANAGER);
    await waitFor(() => expect(document.querySelector('[aria-label="Preview cv.pdf"]')).not.toBeNull());
    document.querySelector<HTMLElement>('[aria-label="Preview cv.pdf"]')!.click();

    const frame = await waitFor(() => {
      const el = dialog()?.querySelector('iframe');
      if (!el) throw new Error('no frame yet');
      return el;
    });
    expect(dialog()!.querySelector('h2')?.textContent).toBe('cv.pdf');
    expect(frame.getAttribute('title')).toBe('Preview of cv.pdf');
    expect(frame.getAttribute('src')).toBe('about:blank#preview-1');
    expect(calls).toContain(`GET ${BASE}/files/${fid(1)}?disposition=inline`);
    const headers = new Headers((vi.mocked(fetch).mock.calls.find(([u]) => String(u).includes('disposition=inline'))![1]!.headers));
    expect(headers.get('Authorization')).toBe('Bearer t0ken');
    expect(headers.get('X-AF-SID')).toBeTruthy();
    expect(await created[0]!.text()).toBe(PDF);
    expect(revoke).not.toHaveBeenCalled();

    byText('Close', dialog()!)!.click();
    await waitFor(() => expect(revoke).toHaveBeenCalledWith('about:blank#preview-1'));
    for (const spy of [objectUrl, revoke]) spy.mockRestore();
  });

  it('profile: downloads a document under its own name', async () => {
    const { calls } = api();
    const saved: string[] = [];
    const objectUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:file');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await openApp(`/acme/jobs/seekers/${ID}/profile`, MANAGER);
    await waitFor(() => expect(document.querySelector('[aria-label="Download visa.docx"]')).not.toBeNull());
    document.querySelector<HTMLElement>('[aria-label="Download visa.docx"]')!.click();
    await waitFor(() => expect(saved).toEqual(['visa.docx']));
    expect(calls).toContain(`GET ${BASE}/files/${fid(2)}?disposition=attachment`);
    for (const spy of [click, objectUrl, revoke]) spy.mockRestore();
  });

  it('profile: a download refused with 401 ends the session the way every other call does', async () => {
    let profileCalls = 0;
    const { calls } = seekersApi((method, url) => {
      if (url.pathname === `${BASE}/profile`)
        return ++profileCalls === 1 ? detail(7) : Response.json({ message: 'Unauthenticated.' }, { status: 401 });
      if (url.pathname.startsWith(`${BASE}/files/`)) return Response.json({ message: 'Unauthenticated.' }, { status: 401 });
      return undefined;
    });
    await openApp(`/acme/jobs/seekers/${ID}/profile`, MANAGER);
    await waitFor(() => expect(document.querySelector('[aria-label="Download cv.pdf"]')).not.toBeNull());
    document.querySelector<HTMLElement>('[aria-label="Download cv.pdf"]')!.click();
    await waitFor(() => expect(document.body.textContent).toContain('Your session has expired.'));
    expect(calls).toContain(`GET ${BASE}/files/${fid(1)}?disposition=attachment`);
    expect(session.get().token).toBeNull();
    expect(document.body.textContent).not.toContain('Unauthenticated.');
  });

  it('applications: loads the seeker\'s applications, each linking to its overview', async () => {
    const { calls } = api();
    await openApp(`/acme/jobs/seekers/${ID}/applications`, MANAGER);
    await waitFor(() => expect(panel().querySelectorAll('tbody tr')).toHaveLength(2));
    expect(calls).toContain(`GET ${BASE}/job-applications?page=1&per_page=25`);
    expect(calls.some((c) => c.startsWith(`GET ${BASE}/tags`))).toBe(false);
    expect([...panel().querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Job', 'Status', 'Applied on']);
    const first = panel().querySelectorAll('tbody tr')[0]!;
    expect(first.textContent).toContain('Acme Logistics · Ref. REF-1');
    expect(first.textContent).toContain('Shortlisted');
    expect(first.textContent).toContain('Jan 12, 2025');
    const second = panel().querySelectorAll('tbody tr')[1]!;
    expect(second.textContent).toContain('Withdrawn');
    expect(second.textContent).not.toContain('Ref.');
    expect(byText('Forklift driver 2')?.getAttribute('href')).toBe(`/acme/jobs/applications/${aid(2)}/overview`);
  });

  it('tags: loads the tags and saves the edited list', async () => {
    const { calls } = api();
    await openApp(`/acme/jobs/seekers/${ID}/tags`, MANAGER);
    await waitFor(() => expect(calls).toContain(`GET ${BASE}/tags`));
    const input = await waitFor(() => {
      const el = panel().querySelector<HTMLInputElement>('input');
      if (!el) throw new Error('no input');
      return el;
    });
    await waitFor(() => expect([...panel().querySelectorAll('.MuiChip-label')].map((c) => c.textContent)).toEqual(['vip', 'night']));
    expect((byText('Save tags', panel()) as HTMLButtonElement).disabled).toBe(true);

    type(input, 'Forklift ');
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await waitFor(() => expect([...panel().querySelectorAll('.MuiChip-label')].map((c) => c.textContent)).toEqual(['vip', 'night', 'forklift']));
    byText('Save tags', panel())!.click();
    await waitFor(() => expect(calls).toContain(`PUT ${BASE}/tags {"tags":["vip","night","forklift"]}`));
    await waitFor(() => expect(document.body.textContent).toContain('Tags saved.'));
  });

  it('tags: a tag over 40 characters is refused with a word, not dropped silently', async () => {
    api();
    await openApp(`/acme/jobs/seekers/${ID}/tags`, MANAGER);
    const input = await waitFor(() => {
      const el = panel().querySelector<HTMLInputElement>('input');
      if (!el) throw new Error('no input');
      return el;
    });
    await waitFor(() => expect(panel().querySelectorAll('.MuiChip-label')).toHaveLength(2));
    type(input, 'x'.repeat(41));
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await waitFor(() => expect(panel().textContent).toContain('This value may not be greater than 40 characters.'));
    expect([...panel().querySelectorAll('.MuiChip-label')].map((c) => c.textContent)).toEqual(['vip', 'night']);
  });

  it('tags: read-only chips without `update_tags`', async () => {
    const seeker = detail(7);
    api({ ...seeker, allowed_actions: seeker.allowed_actions.filter((a) => a !== 'update_tags') });
    await openApp(`/acme/jobs/seekers/${ID}/tags`, ['seekers.view']);
    await waitFor(() => expect([...panel().querySelectorAll('li')].map((c) => c.textContent)).toEqual(['vip', 'night']));
    expect(panel().querySelector('input')).toBeNull();
    expect(byText('Save tags', panel())).toBeUndefined();
  });
});
