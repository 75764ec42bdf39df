// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { applicationMessages } from '@hireline/contract/admin-messages';
import type { NotifyChoice } from '@hireline/contract/applications';
import i18n from '../../lib/i18n';
import { translateMessage } from '../../lib/messages';
import { byText, cleanup, dialog, fakeApi, find, id, main, openApp, summary } from './applications.fixtures';
import { pickOption, waitFor } from './test-helpers';

afterEach(cleanup);

const rows = [summary(1), summary(2, { status: 'new' }), summary(3, { status: 'withdrawn' })];

/**
 * The list with three applications; the preview answers from the body (who is emailed follows `notify`, the
 * withdrawn one is skipped) and the bulk change fails for the withdrawn one.
 */
function api() {
  const previews: { status: string; notify: NotifyChoice }[] = [];
  const { calls } = fakeApi((method, url, body) => {
    if (method === 'GET' && url.pathname === '/portal/v1/applications') return { data: rows, meta: { page: 1, per_page: 25, total: 3 } };
    if (method === 'GET' && url.pathname === '/portal/v1/applications/counts') return { total: 3, by_status: [] };
    if (method === 'POST' && url.pathname === '/portal/v1/applications/status/preview') {
      const b = body as { ids: string[]; status: string; notify: NotifyChoice };
      previews.push({ status: b.status, notify: b.notify });
      return {
        to: b.status,
        changing: 2,
        from: [{ status: 'applied', count: 1 }, { status: 'new', count: 1 }],
        skipped: [{ id: id(3), message: 'The candidate withdrew this application.' }],
        recipients: {
          admin: b.notify.admin ? [{ name: 'Ada Admin', email: 'ada@acme.test' }] : [],
          consultants: b.notify.consultants ? [{ name: null, email: 'recruiters@acme.test' }] : [],
          candidates: b.notify.candidate ? 2 : 0,
        },
        email: b.notify.candidate ? { subject: 'Good news', html: '<p>You are <b>shortlisted</b></p><script>alert(1)</script>', text: 'x' } : null,
      };
    }
    if (method === 'POST' && url.pathname === '/portal/v1/applications/bulk') {
      const { ids } = body as { ids: string[] };
      return {
        results: ids.map((appId) =>
          appId === id(3)
            ? { id: appId, ok: false, status: 'withdrawn', message: 'The candidate withdrew this application.' }
            : { id: appId, ok: true, status: 'shortlisted', message: null },
        ),
      };
    }
    return undefined;
  });
  return { calls, previews };
}

const checkbox = (label: string, scope: ParentNode = document) =>
  [...scope.querySelectorAll('label')].find((l) => l.textContent === label)!.querySelector<HTMLInputElement>('input')!;

describe('StatusChangeDialog', () => {
  it('previews the change, shows counts and recipients, re-previews per recipient group, sends the choice and reports failures', async () => {
    const { calls, previews } = api();
    await openApp('/acme/jobs/applications', ['applications.all']);
    await waitFor(() => expect(main().querySelectorAll('tbody tr')).toHaveLength(3));
    document.querySelector<HTMLInputElement>('input[aria-label="Select all applications on this page"]')!.click();
    const bar = await find('[role="region"][aria-label="Bulk actions"]');
    byText('Change status', bar)!.click();
    const box = await waitFor(() => {
      expect(dialog()?.textContent).toContain('Change the status of 3 applications');
      return dialog()!;
    });
    expect(box.getAttribute('aria-labelledby')).toBeTruthy();
    // Nothing is asked before a status is chosen; Withdrawn is never offered.
    expect(calls.some((c) => c.includes('/status/preview'))).toBe(false);
    expect(byText('Move 2 applications', box)).toBeUndefined();

    const offered = await pickOption('New status', 'Shortlist', box);
    // Only shown stages: Registered is hidden on this site.
    expect(offered).toEqual(['Applied', 'New', 'Invited', 'Screening', 'Shortlist', 'Interviewed', 'Offered', 'Unsuccessful']);
    // The stage's defaults: consultants and candidates, not admin.
    await waitFor(() => expect(previews).toEqual([{ status: 'shortlisted', notify: { admin: false, consultants: true, candidate: true } }]));
    expect(calls.find((c) => c.includes('/status/preview'))).toContain(`"ids":["${id(1)}","${id(2)}","${id(3)}"]`);
    await waitFor(() => expect(box.textContent).toContain('2 applications will move to Shortlist.'));
    expect(box.textContent).toContain('1 from Applied to Shortlist');
    expect(box.textContent).toContain('1 from New to Shortlist');
    expect(box.textContent).toContain('1 application will be skipped:');
    expect(box.textContent).toContain('Candidate 3: The candidate withdrew this application.');
    expect(box.textContent).toContain('recruiters@acme.test');
    expect(box.textContent).toContain('2 candidates');
    expect(checkbox('Admin', box).checked).toBe(false);
    expect(checkbox('Consultants', box).checked).toBe(true);
    expect(checkbox('Candidates', box).checked).toBe(true);
    const frame = box.querySelector('iframe')!;
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('title')).toBe('Preview of the email to candidates: Good news');
    expect(frame.getAttribute('srcdoc')).toContain('<b>shortlisted</b>');

    // Each toggle asks again with the new choice.
    checkbox('Admin', box).click();
    await waitFor(() => expect(previews.at(-1)).toEqual({ status: 'shortlisted', notify: { admin: true, consultants: true, candidate: true } }));
    await waitFor(() => expect(box.textContent).toContain('Ada Admin <ada@acme.test>'));
    checkbox('Candidates', box).click();
    await waitFor(() => expect(previews.at(-1)).toEqual({ status: 'shortlisted', notify: { admin: true, consultants: true, candidate: false } }));
    await waitFor(() => expect(box.querySelector('iframe')).toBeNull());

    const confirm = await waitFor(() => {
      const button = byText('Move 2 applications', box);
      expect(button?.hasAttribute('disabled')).toBe(false);
      return button!;
    });
    confirm.click();
    await waitFor(() =>
      expect(calls).toContain(
        `POST /portal/v1/applications/bulk {"action":"status","ids":["${id(1)}","${id(2)}","${id(3)}"],"status":"shortlisted",` +
          '"notify":{"admin":true,"consultants":true,"candidate":false}}',
      ),
    );
    await waitFor(() =>
      expect(document.body.textContent).toContain(
        '2 applications moved to Shortlist. 1 application could not be changed: The candidate withdrew this application.',
      ),
    );
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it('says when the preview fails, and confirms nothing until it works', async () => {
    const { calls } = fakeApi((method, url) => {
      if (method === 'GET' && url.pathname === '/portal/v1/applications') return { data: rows, meta: { page: 1, per_page: 25, total: 3 } };
      if (method === 'POST' && url.pathname === '/portal/v1/applications/status/preview')
        return Response.json({ message: 'The given data was invalid.' }, { status: 422 });
      return undefined;
    });
    await openApp('/acme/jobs/applications', ['applications.all']);
    await waitFor(() => expect(main().querySelectorAll('tbody tr')).toHaveLength(3));
    document.querySelector<HTMLInputElement>('input[aria-label="Select the application of Candidate 1"]')!.click();
    const bar = await find('[role="region"][aria-label="Bulk actions"]');
    byText('Change status', bar)!.click();
    const box = await waitFor(() => {
      expect(dialog()?.textContent).toContain("Change the status of Candidate 1's application");
      return dialog()!;
    });
    await pickOption('New status', 'Offered', box);
    await waitFor(() => expect(box.textContent).toContain('The change could not be previewed. The given data was invalid.'));
    expect(byText('Change status', box)?.hasAttribute('disabled')).toBe(true);
    expect(calls.some((c) => c.includes('/bulk'))).toBe(false);
  });

  it("says why the API refuses a stage hidden meanwhile (in another tab), in the reader's language", async () => {
    const hidden = applicationMessages.stageHidden;
    fakeApi((method, url) => {
      if (method === 'GET' && url.pathname === '/portal/v1/applications') return { data: rows, meta: { page: 1, per_page: 25, total: 3 } };
      if (method === 'POST' && url.pathname === '/portal/v1/applications/status/preview')
        return { to: 'offered', changing: 0, from: [], skipped: [{ id: id(1), message: hidden }], recipients: { admin: [], consultants: [], candidates: 0 }, email: null };
      return undefined;
    });
    await openApp('/acme/jobs/applications', ['applications.all']);
    await waitFor(() => expect(main().querySelectorAll('tbody tr')).toHaveLength(3));
    document.querySelector<HTMLInputElement>('input[aria-label="Select the application of Candidate 1"]')!.click();
    byText('Change status', await find('[role="region"][aria-label="Bulk actions"]'))!.click();
    const box = await waitFor(() => {
      expect(dialog()).not.toBeNull();
      return dialog()!;
    });
    await pickOption('New status', 'Offered', box);
    await waitFor(() => expect(box.textContent).toContain(`Candidate 1: ${hidden}`));
    try {
      await i18n.changeLanguage('fr');
      expect(translateMessage(hidden)).toBe('Les candidatures ne peuvent pas être déplacées vers une étape que le site masque.');
      await i18n.changeLanguage('ar');
      expect(translateMessage(hidden)).toBe('لا يمكن نقل الطلبات إلى مرحلة يخفيها الموقع.');
    } finally {
      await i18n.changeLanguage('en-US');
    }
  });
});
