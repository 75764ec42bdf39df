// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountApp, unmountApp } from '../../test/app-harness';
import { waitFor } from '../../test/wait';

const A = '00000000-0000-4000-8000-00000000000a';
const MAIL = '00000000-0000-4000-8000-000000000201';
const admin = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Avery Admin',
  email: 'admin@acme.test',
  avatar: null,
  permissions: { [`account:${A}`]: ['all'] },
  accounts: [{ id: A, name: 'Acme', slug: 'acme', sites: [] }],
};

/** The mail viewer's answer for one stored invitation, its link hidden or not. */
function fakeMail(linksHidden: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://portal.test');
      if (url.pathname === `/portal/v1/dev/mail/${MAIL}`) {
        return Response.json({
          id: MAIL,
          to: 'new.person@example.test',
          from: 'Acme, "Careers" <jobs@acme.test>',
          reply_to: 'hr@acme.test',
          subject: 'You are invited to Acme',
          event: 'user.invited',
          status: 'sent',
          created_at: '2026-11-28T07:00:00.000Z',
          sent_at: '2026-11-28T07:00:01.000Z',
          html: '<p>Hello</p>',
          text: 'Set your password: http://portal.test/auth/profile/password?token=hidden-in-the-mail-viewer',
          links_hidden: linksHidden,
        });
      }
      return Response.json({ message: 'Not found.' }, { status: 404 });
    }),
  );
}

afterEach(unmountApp);

describe('MailMessagePage', () => {
  it('says when links that sign someone in are hidden from the reader', async () => {
    fakeMail(true);
    await mountApp(`/dev/mail/${MAIL}`, { user: admin, scope: { accountId: A, siteId: null, employerId: null } });
    await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('You are invited to Acme'));
    expect(document.querySelector('[role="alert"]')?.textContent).toContain('Links that sign someone in');
  });

  it('says nothing of the kind when the reader sees the links whole', async () => {
    fakeMail(false);
    await mountApp(`/dev/mail/${MAIL}`, { user: admin, scope: { accountId: A, siteId: null, employerId: null } });
    await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('You are invited to Acme'));
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });

  it('shows who the email is from and where replies go', async () => {
    fakeMail(false);
    await mountApp(`/dev/mail/${MAIL}`, { user: admin, scope: { accountId: A, siteId: null, employerId: null } });
    await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('You are invited to Acme'));
    const fields = Object.fromEntries([...document.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(fields).toMatchObject({ From: 'Acme, "Careers" <jobs@acme.test>', 'Reply-To': 'hr@acme.test', To: 'new.person@example.test' });
  });
});
