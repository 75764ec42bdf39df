// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { EmailTemplate } from '@hireline/contract/email-templates';
import { userLocales } from '@hireline/contract/enums';
import { emailKindGroup, emailKinds, emailKindVariables, htmlTemplateVariables } from '@hireline/contract/email-kinds';
import { commonTemplateVariables } from '@hireline/contract/notification-events';
import type { Handler } from '../../test/site-fixtures';
import { bodiesOf, button, cleanup, dialog, expectSnackbar, labelled, main, openSettings, S, settingsApi, type } from './settings.fixtures';
import { waitFor } from '../../test/wait';

afterEach(cleanup);

const PATH = '/portal/v1/site/settings/email-templates';

/** Every kind in every language; the French "Job approved" is the site's own. */
function templates(customised = true): { data: EmailTemplate[] } {
  return {
    data: emailKinds.map((event) => ({
      event,
      group: emailKindGroup(event),
      variables: [...commonTemplateVariables, ...emailKindVariables[event]],
      html_variables: emailKindVariables[event].filter((v) => htmlTemplateVariables.includes(v)),
      versions: userLocales.map((locale) => ({
        locale,
        subject: event === 'application.created' && locale === 'en' ? 'New application for {{job_title}}' : `${locale} subject of ${event}`,
        body: event === 'application.created' && locale === 'en' ? '<p>{{candidate_name}} applied.</p>' : `<p>${locale} body of ${event}</p>`,
        customised: customised && event === 'job.approved' && locale === 'fr',
      })),
    })),
  };
}

const subject = () => labelled('Subject') as HTMLInputElement;
const eventSelect = () => labelled('Email') as HTMLSelectElement;
const language = (name: string) => main().querySelector<HTMLButtonElement>(`button[data-locale="${name}"]`)!;
const editor = () => main().querySelector<HTMLElement>('#email-template-body')!;
/** A placeholder chip (a `role="button"`, not a <button>), once it is there. */
const chip = (placeholder: string) =>
  waitFor(() => {
    const found = main().querySelector<HTMLElement>(`[role="button"][aria-label="Insert ${placeholder}"]`);
    if (!found) throw new Error(`No chip ${placeholder}`);
    return found;
  });
const hasButton = (name: string) => [...main().querySelectorAll('button')].some((b) => b.textContent?.trim() === name);

async function openTab(routes: Handler = () => undefined, permissions?: Record<string, string[]>) {
  const api = settingsApi((method, url, body, headers) =>
    routes(method, url, body, headers) ?? (method === 'GET' && url.pathname === PATH ? templates() : undefined),
  );
  await openSettings('/acme/jobs/settings?tab=email-templates', permissions);
  await waitFor(() => expect(subject()?.value).toBe('New application for {{job_title}}'));
  return api;
}

describe('Email templates tab', () => {
  it('lists the events and languages, inserts placeholders at the cursor, and saves the edit with a PUT', async () => {
    const { calls } = await openTab((method, url, body) =>
      method === 'PUT' && url.pathname === `${PATH}/application.created/en`
        ? { locale: 'en', ...(body as object), customised: true }
        : undefined,
    );
    expect(document.querySelector('main [role="tab"][aria-selected="true"]')?.textContent).toBe('Email templates');
    const options = [...eventSelect().options].map((o) => o.textContent);
    expect(options).toHaveLength(emailKinds.length);
    expect(options).toContain('Job approved (customised)');
    expect(options[0]).toBe('New application');
    // Every kind of email, grouped, each named in the reader's language.
    const groups = [...eventSelect().querySelectorAll('optgroup')].map((g) => g.label);
    expect(groups).toEqual(['Notifications', 'Sign-in and users', 'Employers', 'Candidates', 'Application status']);
    expect(options).toContain('Password reset');
    expect(options).toContain('Status to candidate: Offered');
    expect(options).toContain('Application withdrawn (to staff)');
    expect(['en', 'fr', 'ar'].map((l) => language(l).textContent)).toEqual(['English', 'French', 'Arabic']);
    expect(language('en').getAttribute('aria-pressed')).toBe('true');
    expect(editor().textContent).toBe('{{candidate_name}} applied.');
    expect(main().textContent).toContain('Built-in text');
    const save = await button('Save changes');
    expect(save.disabled).toBe(true);
    expect(hasButton('Restore built-in text')).toBe(false);

    // In the subject, where its cursor is.
    type(subject(), 'Applied: ');
    subject().setSelectionRange(9, 9);
    (await chip('{{job_title}}')).click();
    await waitFor(() => expect(subject().value).toBe('Applied: {{job_title}}'));
    await waitFor(() => expect(save.disabled).toBe(false));
    save.click();
    await waitFor(() =>
      expect(bodiesOf(calls, `PUT ${PATH}/application.created/en`)).toEqual([
        { subject: 'Applied: {{job_title}}', body: '<p>{{candidate_name}} applied.</p>' },
      ]),
    );
    await expectSnackbar('The “New application” email in English was saved.');
    await waitFor(() => expect(language('en').textContent).toBe('EnglishCustomised'));
    await waitFor(() => expect(save.disabled).toBe(true));
    expect(hasButton('Restore built-in text')).toBe(true);
  });

  it('inserts a placeholder into the body editor', async () => {
    const { calls } = await openTab((method, url, body) =>
      method === 'PUT' ? { locale: 'en', ...(body as object), customised: true } : undefined,
    );
    (await chip('{{recipient_name}}')).click();
    await waitFor(() => expect(editor().textContent).toContain('{{recipient_name}}'));
    (await button('Save changes')).click();
    await waitFor(() => expect(bodiesOf(calls, `PUT ${PATH}/application.created/en`)).toHaveLength(1));
    const [sent] = bodiesOf(calls, `PUT ${PATH}/application.created/en`) as { body: string }[];
    expect(sent!.body).toContain('{{recipient_name}}');
    expect(sent!.body).toContain('{{candidate_name}} applied.');
  });

  it('puts the API’s 422 on the fields it names', async () => {
    await openTab((method) =>
      method === 'PUT'
        ? Response.json(
            {
              message: 'The given data was invalid.',
              errors: {
                subject: ['Unknown placeholder {{job}}. This email can use: {{site_name}}, {{recipient_name}}, {{job_title}}.'],
                body: ['The body may not be longer than 20,000 characters.'],
              },
            },
            { status: 422 },
          )
        : undefined,
    );
    type(subject(), 'About {{job}}');
    (await button('Save changes')).click();
    await waitFor(() => expect(subject().getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(subject().getAttribute('aria-describedby')!)?.textContent).toBe(
      'Unknown placeholder {{job}}. This email can use: {{site_name}}, {{recipient_name}}, {{job_title}}.',
    );
    // The body's message is the portal's own wording of the contract's, under the editor.
    await waitFor(() => expect(editor().getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(editor().getAttribute('aria-describedby')!)?.textContent).toBe(
      'The message may not be longer than 20,000 characters.',
    );
  });

  it('previews the unsaved text in a sandboxed frame, with the subject and the plain-text version', async () => {
    const html = '<html><body><p>Sam Lee applied.</p><script>parent.alert(1)</script></body></html>';
    const { calls } = await openTab((method, url) =>
      method === 'POST' && url.pathname === `${PATH}/application.created/en/preview`
        ? { subject: 'New application for Senior Chef', html, text: 'Sam Lee applied.\n\nChoose which emails you receive' }
        : undefined,
    );
    type(subject(), 'Fresh: {{job_title}}');
    (await button('Preview')).click();
    await waitFor(() => expect(dialog()).not.toBeNull());
    expect(bodiesOf(calls, `POST ${PATH}/application.created/en/preview`)).toEqual([
      { subject: 'Fresh: {{job_title}}', body: '<p>{{candidate_name}} applied.</p>' },
    ]);
    const frame = dialog()!.querySelector('iframe')!;
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(html);
    expect(frame.getAttribute('title')).toBe('The email as it will look');
    expect(dialog()!.querySelector('[data-preview-subject]')?.textContent).toBe('New application for Senior Chef');
    (await button('Plain text', dialog()!)).click();
    await waitFor(() => expect(dialog()!.querySelector('pre')?.textContent).toContain('Choose which emails you receive'));
    expect(dialog()!.querySelector('iframe')).toBeNull();
  });

  it('restores the built-in text of a customised version after asking, with a DELETE', async () => {
    let restored = false;
    const { calls } = await openTab((method, url) => {
      if (method === 'DELETE' && url.pathname === `${PATH}/job.approved/fr`) {
        restored = true;
        return new Response(null, { status: 204 });
      }
      if (method === 'GET' && url.pathname === PATH && restored) return templates(false);
      return undefined;
    });
    type(eventSelect(), 'job.approved');
    await waitFor(() => expect(subject().value).toBe('en subject of job.approved'));
    expect(hasButton('Restore built-in text')).toBe(false);
    expect(language('fr').textContent).toBe('FrenchCustomised');
    language('fr').click();
    await waitFor(() => expect(subject().value).toBe('fr subject of job.approved'));
    // The French email is written left to right, the Arabic one right to left.
    expect(subject().getAttribute('dir')).toBe('ltr');

    (await button('Restore built-in text')).click();
    await waitFor(() => expect(dialog()?.textContent).toContain('Restore the built-in text?'));
    expect(dialog()!.textContent).toContain('“Job approved” email in French will be deleted');
    expect(calls.some((c) => c.startsWith('DELETE'))).toBe(false);
    (await button('Restore built-in text', dialog()!)).click();
    await waitFor(() => expect(calls).toContain(`DELETE ${PATH}/job.approved/fr`));
    await expectSnackbar('The “Job approved” email in French uses the built-in text again.');
    await waitFor(() => expect(language('fr').textContent).toBe('French'));
    await waitFor(() => expect(hasButton('Restore built-in text')).toBe(false));

    language('ar').click();
    await waitFor(() => expect(subject().value).toBe('ar subject of job.approved'));
    expect(subject().getAttribute('dir')).toBe('rtl');
    expect(editor().getAttribute('dir')).toBe('rtl');
  });

  it('asks before leaving unsaved changes for another language', async () => {
    await openTab();
    type(subject(), 'Changed');
    await waitFor(async () => expect((await button('Save changes')).disabled).toBe(false));
    language('fr').click();
    await waitFor(() => expect(dialog()?.textContent).toContain('Discard unsaved changes?'));
    (await button('Cancel', dialog()!)).click();
    await waitFor(() => expect(dialog()).toBeNull());
    expect(subject().value).toBe('Changed');
    expect(language('en').getAttribute('aria-pressed')).toBe('true');

    language('fr').click();
    await waitFor(() => expect(dialog()).not.toBeNull());
    (await button('Discard changes', dialog()!)).click();
    await waitFor(() => expect(subject().value).toBe('fr subject of application.created'));
  });

  it('shows the templates read-only to a user who may only view: preview, but no saving or restoring', async () => {
    const { calls } = await openTab(undefined, { [`site:${S}`]: ['settings.view'] });
    expect(subject().readOnly).toBe(true);
    subject().form!.requestSubmit();
    expect(editor().getAttribute('contenteditable')).toBe('false');
    expect(hasButton('Save changes')).toBe(false);
    expect(main().querySelector('[aria-label^="Insert"]')).toBeNull();
    expect(hasButton('Preview')).toBe(true);
    type(eventSelect(), 'job.approved');
    language('fr').click();
    await waitFor(() => expect(subject().value).toBe('fr subject of job.approved'));
    expect(hasButton('Restore built-in text')).toBe(false);
    expect(calls.filter((c) => !c.startsWith('GET '))).toEqual([]);
  });
});
