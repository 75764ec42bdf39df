// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { retentionDaysMessage } from '@hireline/contract/retention';
import {
  ACCOUNT_ADMIN,
  bodiesOf,
  button,
  cleanup,
  dialog,
  expectSnackbar,
  labelled,
  main,
  openSettings,
  RETENTION,
  settingsApi,
  type,
} from './settings.fixtures';
import { waitFor } from '../../test/wait';

/* The account's retention periods at Settings › Data retention: validated, confirmed when shortened, saved. */

afterEach(cleanup);

const URL_PATH = '/portal/v1/accounts/retention';
const TAB = '/acme/jobs/settings?tab=retention';

function api() {
  let current = { ...RETENTION };
  return settingsApi((method, url, body) => {
    if (url.pathname !== URL_PATH) return undefined;
    if (method === 'PATCH') {
      const b = body as typeof RETENTION;
      if (b.audit_days === 999)
        return Response.json({ message: messages.givenDataInvalid, errors: { audit_days: [retentionDaysMessage] } }, { status: 422 });
      current = { ...current, ...b };
    }
    return current;
  });
}

const field = (label: string) =>
  waitFor(() => {
    const el = labelled(label) as HTMLInputElement | null;
    if (!el) throw new Error(`No field ${label}`);
    return el;
  });
const openDialog = () =>
  waitFor(() => {
    const el = dialog();
    if (!el) throw new Error('No dialog');
    return el;
  });
const helperOf = (input: HTMLInputElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

describe('Data retention', () => {
  it('shows the account’s periods and saves a longer one without asking', async () => {
    const { calls } = api();
    await openSettings(TAB, ACCOUNT_ADMIN);
    expect((await field('Audit entries')).value).toBe('730');
    expect((await field('Inactive candidates')).value).toBe('1095');
    type(await field('Sent emails'), '180');
    (await button('Save retention periods')).click();
    await waitFor(() => expect(bodiesOf(calls, `PATCH ${URL_PATH}`)).toEqual([{ ...RETENTION, mail_days: 180 }]));
    expect(dialog()).toBeNull();
    await expectSnackbar('Retention periods saved.');
  });

  it('asks before shortening a period, and sends nothing when cancelled', async () => {
    const { calls } = api();
    await openSettings(TAB, ACCOUNT_ADMIN);
    type(await field('Unsuccessful and withdrawn applications'), '90');
    (await button('Save retention periods')).click();
    await waitFor(() => expect(dialog()?.textContent).toContain('Shorter periods for: Unsuccessful and withdrawn applications.'));
    (await button('Cancel', await openDialog())).click();
    await waitFor(() => expect(dialog()).toBeNull());
    expect(bodiesOf(calls, `PATCH ${URL_PATH}`)).toEqual([]);

    (await button('Save retention periods')).click();
    (await button('Shorten', await openDialog())).click();
    await waitFor(() => expect(bodiesOf(calls, `PATCH ${URL_PATH}`)).toEqual([{ ...RETENTION, application_days: 90 }]));
    await expectSnackbar('Retention periods saved.');
  });

  it('refuses a period out of bounds before sending it, and puts the API’s 422 on its field', async () => {
    const { calls } = api();
    await openSettings(TAB, ACCOUNT_ADMIN);
    const notices = await field('Notifications');
    type(notices, '20');
    (await button('Save retention periods')).click();
    await waitFor(() => expect(helperOf(notices)).toBe(retentionDaysMessage));
    expect(bodiesOf(calls, `PATCH ${URL_PATH}`)).toEqual([]);

    type(notices, '365');
    const audit = await field('Audit entries');
    type(audit, '999');
    (await button('Save retention periods')).click();
    await waitFor(() => expect(helperOf(audit)).toBe(retentionDaysMessage));
    expect(main().textContent).toContain('Data retention');
  });
});
