// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import {
  ACCOUNT_ADMIN,
  bodiesOf,
  button,
  cleanup,
  expectSnackbar,
  labelled,
  main,
  openSettings,
  settingsApi,
  SETTINGS,
  toggle,
  type,
} from './settings.fixtures';
import { waitFor } from '../../test/wait';

afterEach(cleanup);

const tabNames = () => [...document.querySelectorAll('main [role="tab"]')].map((tab) => tab.textContent);
const selectedTab = () => document.querySelector('main [role="tab"][aria-selected="true"]')?.textContent;
const input = (label: string) =>
  waitFor(() => {
    const el = labelled(label) as HTMLInputElement | null;
    if (!el) throw new Error(`No field ${label}`);
    return el;
  });

describe('SiteSettingsPage', () => {
  it('shows a tab per section, each with its own URL, and no branding tab to a site manager', async () => {
    settingsApi();
    const router = await openSettings('/acme/jobs/settings');
    await waitFor(() => expect(selectedTab()).toBe('General'));
    expect(document.querySelector('main h1')?.textContent).toBe('Settings');
    expect(tabNames()).toEqual([
      'General',
      'Approvals',
      'Pricing',
      'Products',
      'Application stages',
      'Field options',
      'Email templates',
      'Forms',
      'CMS',
    ]);
    const pricing = [...main().querySelectorAll<HTMLAnchorElement>('[role="tab"]')].find((tab) => tab.textContent === 'Pricing')!;
    expect(pricing.getAttribute('href')).toBe('/acme/jobs/settings?tab=pricing');
    pricing.click();
    await waitFor(() => expect(router.state.location.searchStr).toBe('?tab=pricing'));
    await waitFor(() => expect(selectedTab()).toBe('Pricing'));

    // A branding link opened by someone who may not edit the account's branding lands on General.
    router.history.push('/acme/jobs/settings?tab=branding');
    await waitFor(() => expect(router.state.location.searchStr).toBe(''));
    expect(selectedTab()).toBe('General');
  });

  it('offers the branding tab to an account admin', async () => {
    settingsApi();
    await openSettings('/acme/jobs/settings?tab=branding', ACCOUNT_ADMIN);
    await waitFor(() => expect(selectedTab()).toBe('Branding'));
    expect(tabNames()).toContain('Branding');
  });

  it('saves the general settings with a PATCH of the tab’s fields, the Save button enabled only once something changed', async () => {
    const { calls } = settingsApi((method, url, body) => {
      if (method === 'PATCH' && url.pathname === '/portal/v1/site/settings')
        return { ...SETTINGS, ...(body as object), generated_secrets: {} };
      return undefined;
    });
    await openSettings('/acme/jobs/settings');
    const name = await input('Site name');
    await waitFor(() => expect(name.value).toBe('Acme Jobs'));
    expect((labelled('Time zone') as HTMLInputElement).value).toBe('Europe/Paris');
    const save = await button('Save changes');
    expect(save.disabled).toBe(true);

    type(name, 'Acme Careers');
    type(labelled('Language') as HTMLSelectElement, 'fr');
    await waitFor(() => expect(save.disabled).toBe(false));
    save.click();
    await waitFor(() =>
      expect(bodiesOf(calls, 'PATCH /portal/v1/site/settings')).toEqual([{ name: 'Acme Careers', timezone: 'Europe/Paris', locale: 'fr' }]),
    );
    await expectSnackbar('General settings saved.');
    // Saved: the form starts again from what the API answered.
    await waitFor(() => expect((document.querySelector('main button[type="submit"]') as HTMLButtonElement).disabled).toBe(true));
  });

  it('puts a 422 from the API on its field', async () => {
    settingsApi((method, url) =>
      method === 'PATCH' && url.pathname === '/portal/v1/site/settings'
        ? Response.json({ message: 'The given data was invalid.', errors: { timezone: ['Choose a time zone from the list.'] } }, { status: 422 })
        : undefined,
    );
    await openSettings('/acme/jobs/settings');
    const name = await input('Site name');
    await waitFor(() => expect(name.value).toBe('Acme Jobs'));
    type(name, 'Acme Careers');
    (await button('Save changes')).click();
    const zone = labelled('Time zone')!;
    await waitFor(() => expect(zone.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(zone.getAttribute('aria-describedby')!)?.textContent).toBe('Choose a time zone from the list.');
  });

  it('saves the approval switches', async () => {
    const { calls } = settingsApi((method, url, body) =>
      method === 'PATCH' && url.pathname === '/portal/v1/site/settings' ? { ...SETTINGS, ...(body as object), generated_secrets: {} } : undefined,
    );
    await openSettings('/acme/jobs/settings?tab=approvals');
    await waitFor(() => expect(toggle('Employer approval required').checked).toBe(false));
    expect(main().textContent).toContain('Posted jobs wait on hold until someone approves them');
    toggle('Employer approval required').click();
    (await button('Save changes')).click();
    await waitFor(() =>
      expect(bodiesOf(calls, 'PATCH /portal/v1/site/settings')).toEqual([{ job_approval_required: true, employer_approval_required: true }]),
    );
    await expectSnackbar('Approval settings saved.');
  });

  it('shows the values read-only, without saving, to a user who may only view', async () => {
    settingsApi();
    await openSettings('/acme/jobs/settings', { 'site:00000000-0000-4000-8000-0000000000a1': ['settings.view'] });
    const name = await input('Site name');
    await waitFor(() => expect(name.value).toBe('Acme Jobs'));
    expect(name.readOnly).toBe(true);
    expect(main().textContent).toContain("You can see this site's settings but not change them.");
    expect([...main().querySelectorAll('button')].some((b) => b.textContent === 'Save changes')).toBe(false);
  });

  it('shows the load error with a retry', async () => {
    settingsApi((method, url) =>
      url.pathname === '/portal/v1/site/settings' ? Response.json({ message: 'This action is unauthorized.' }, { status: 403 }) : undefined,
    );
    await openSettings('/acme/jobs/settings');
    const alert = () => main().querySelector('[role="alert"]')?.textContent;
    await waitFor(() => expect(alert()).toContain("The site's settings could not be loaded."));
    expect(await button('Try again')).toBeDefined();
  });
});
