// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, button, cleanup, dialog, main, openSettings, SETTINGS, settingsApi, type } from './settings.fixtures';
import { waitFor } from '../../test/wait';

afterEach(cleanup);

const SECRET = 'whsec_0123456789abcdefghijklmnopqrstuv';
const ROTATED = 'whsec_rotated_zyxwvutsrqponmlkjihgfedcba';
const card = (name: string) =>
  [...main().querySelectorAll<HTMLElement>('section')].find((s) => s.querySelector('h2')?.textContent === name)!;
const fieldIn = (scope: HTMLElement, label: string) => {
  const found = [...scope.querySelectorAll('label')].find((l) => l.textContent?.replace(/\s*\*$/, '').trim() === label);
  return (found ? document.getElementById(found.htmlFor) : null) as (HTMLInputElement & HTMLSelectElement) | null;
};
const shown = (text: string) => document.body.innerHTML.includes(text);

describe('Forms tab', () => {
  it('switches a form to a webhook and shows the generated secret once, in a titled dialog with a copy button', async () => {
    const { calls } = settingsApi((method, url) => {
      if (method === 'PATCH' && url.pathname === '/portal/v1/site/settings')
        return {
          ...SETTINGS,
          forms: { ...SETTINGS.forms, application: { enabled: true, handler: 'webhook', url: 'https://hooks.acme.test/apply', has_secret: true } },
          generated_secrets: { application: SECRET },
        };
      return undefined;
    });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await openSettings('/acme/jobs/settings?tab=forms');
    await waitFor(() => expect(card('Application')).toBeDefined());
    const application = card('Application');
    expect(fieldIn(application, 'Webhook URL')).toBeNull();

    type(fieldIn(application, 'Handled by')!, 'webhook');
    await waitFor(() => expect(fieldIn(application, 'Webhook URL')).not.toBeNull());
    expect(application.textContent).toContain('A secret is generated when you save.');
    type(fieldIn(application, 'Webhook URL')!, 'https://hooks.acme.test/apply');
    (await button('Save changes')).click();

    await waitFor(() => expect(bodiesOf(calls, 'PATCH /portal/v1/site/settings')).toHaveLength(1));
    expect(bodiesOf(calls, 'PATCH /portal/v1/site/settings')[0]).toEqual({
      forms: {
        application: { enabled: true, handler: 'webhook', url: 'https://hooks.acme.test/apply' },
        employer_registration: { enabled: true, handler: 'internal', url: null },
        job_report: { enabled: true, handler: 'webhook', url: 'https://hooks.acme.test/report' },
        feedback: { enabled: false, handler: 'internal', url: null },
      },
    });

    await waitFor(() => expect(dialog()).not.toBeNull());
    const secretDialog = dialog()!;
    expect(document.getElementById(secretDialog.getAttribute('aria-labelledby')!)?.textContent).toBe('Copy the signing secret');
    expect(secretDialog.textContent).toContain('This secret will not be shown again.');
    expect(fieldIn(secretDialog, 'Application secret')?.value).toBe(SECRET);
    (await button('Copy the Application secret', secretDialog)).click();
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));

    (await button('I have copied it', secretDialog)).click();
    await waitFor(() => expect(shown(SECRET)).toBe(false));
    // Afterwards the form only says that it has a secret.
    expect(card('Application').textContent).toContain('Signing secret:Set');
    writeText.mockRestore();
  });

  it('rotates a webhook’s secret after asking, and shows the new one once', async () => {
    const { calls } = settingsApi((method, url) =>
      method === 'POST' && url.pathname === '/portal/v1/site/settings/forms/job_report/secret' ? { form: 'job_report', secret: ROTATED } : undefined,
    );
    await openSettings('/acme/jobs/settings?tab=forms');
    await waitFor(() => expect(card('Job report')).toBeDefined());
    (await button('Rotate secret', card('Job report'))).click();
    await waitFor(() => expect(dialog()?.textContent).toContain('the current one stops working at once'));
    (await button('Rotate secret', dialog()!)).click();
    await waitFor(() => expect(calls).toContain('POST /portal/v1/site/settings/forms/job_report/secret'));
    await waitFor(() => expect(fieldIn(dialog()!, 'Job report secret')?.value).toBe(ROTATED));
    (await button('I have copied it')).click();
    await waitFor(() => expect(shown(ROTATED)).toBe(false));
  });

  it('puts the API’s message on the webhook URL', async () => {
    settingsApi((method, url) =>
      method === 'PATCH' && url.pathname === '/portal/v1/site/settings'
        ? Response.json({ message: 'The given data was invalid.', errors: { 'forms.feedback.url': ['No form URL set.'] } }, { status: 422 })
        : undefined,
    );
    await openSettings('/acme/jobs/settings?tab=forms');
    await waitFor(() => expect(card('Feedback')).toBeDefined());
    type(fieldIn(card('Feedback'), 'Handled by')!, 'webhook');
    await waitFor(() => expect(fieldIn(card('Feedback'), 'Webhook URL')).not.toBeNull());
    // Blank passes the contract (it clears the URL); the API then says a webhook needs one.
    (await button('Save changes')).click();
    const url = await waitFor(() => {
      const el = fieldIn(card('Feedback'), 'Webhook URL')!;
      expect(el.getAttribute('aria-invalid')).toBe('true');
      return el;
    });
    expect(document.getElementById(url.getAttribute('aria-describedby')!)?.textContent).toBe('No form URL set.');
    expect(dialog()).toBeNull();
  });
});
