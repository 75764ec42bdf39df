// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { ACCOUNT_ADMIN, bodiesOf, button, cleanup, expectSnackbar, labelled, main, openSettings, settingsApi, type } from './settings.fixtures';
import { waitFor } from '../../test/wait';

/* The account's email sender, below its branding: its own From address and Reply-To. */

afterEach(cleanup);

const URL_PATH = '/portal/v1/accounts/mail-sender';
const DEFAULT = 'no-reply@hireline.test';

function api() {
  let current = { mail_from_address: null as string | null, mail_reply_to: null as string | null, default_from_address: DEFAULT };
  return settingsApi((method, url, body) => {
    if (url.pathname !== URL_PATH) return undefined;
    if (method === 'PATCH') {
      const b = body as { mail_from_address: string | null; mail_reply_to: string | null };
      if (b.mail_reply_to === 'rejected@acme.test')
        return Response.json({ message: messages.givenDataInvalid, errors: { mail_reply_to: [messages.invalid] } }, { status: 422 });
      current = { ...current, mail_from_address: b.mail_from_address, mail_reply_to: b.mail_reply_to };
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
const helperOf = (input: HTMLInputElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

describe('Email sender', () => {
  it('shows the deployment’s address by default, saves the account’s own address and reply-to, and says what the domain needs', async () => {
    const { calls } = api();
    await openSettings('/acme/jobs/settings?tab=branding', ACCOUNT_ADMIN);
    const from = await field('Sender address');
    expect(from.value).toBe('');
    expect(helperOf(from)).toBe(`Empty: ${DEFAULT}`);
    expect(main().textContent).toContain('must authorise this server to send for it (an SPF record');
    type(from, 'jobs@acme.test');
    type(await field('Reply-To address'), 'hr@acme.test');
    (await button('Save sender')).click();
    await waitFor(() => expect(bodiesOf(calls, `PATCH ${URL_PATH}`)).toEqual([{ mail_from_address: 'jobs@acme.test', mail_reply_to: 'hr@acme.test' }]));
    await expectSnackbar('Email sender saved.');
    expect((await field('Sender address')).value).toBe('jobs@acme.test');
  });

  it('refuses an address that is not one before sending it, with the contract’s message', async () => {
    const { calls } = api();
    await openSettings('/acme/jobs/settings?tab=branding', ACCOUNT_ADMIN);
    const from = await field('Sender address');
    type(from, 'not an address');
    (await button('Save sender')).click();
    await waitFor(() => expect(helperOf(from)).toBe(messages.invalid));
    expect(bodiesOf(calls, `PATCH ${URL_PATH}`)).toEqual([]);
  });

  it('puts the API’s 422 on its field', async () => {
    api();
    await openSettings('/acme/jobs/settings?tab=branding', ACCOUNT_ADMIN);
    const replyTo = await field('Reply-To address');
    type(replyTo, 'rejected@acme.test');
    (await button('Save sender')).click();
    await waitFor(() => expect(helperOf(replyTo)).toBe(messages.invalid));
  });
});
