import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailKinds, isEmailKind } from '@hireline/contract/email-kinds';
import { userLocales } from '@hireline/contract/enums';
import { users } from '../../db/schema/identity';
import { emailOutbox } from '../../db/schema/platform';
import { emailTemplates } from '../../db/schema/settings';
import { enterprises, sites } from '../../db/schema/tenancy';
import { candidateMail, queueSummaries } from '../../modules/applications/application-notify';
import { wording } from '../../modules/applications/application-status.service';
import { forgotPassword } from '../../modules/auth/auth.service';
import { signUp } from '../../test/candidates';
import { client, site1 } from '../../test/client';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { allMailTo } from '../../test/mail';
import { sendInvitation } from '../invitations';
import { composeMail } from './compose';
import { notify } from './notify';
import { defaultTemplates } from './templates';

/*
 * Every email the product sends, for two tenants side by side: each kind has built-in wording in every language;
 * each email's links go to its own tenant's host (the account's portal domain for staff and employers, the site's
 * board domain for candidates), it carries its tenant's brand and not the other's, a French reader gets French, and
 * a site's saved wording is what is sent.
 */

let t: TestApp;
let acme: Tenant;
let globex: Tenant;

beforeAll(async () => {
  t = await createTestApp();
  acme = await createTenant(t.deps.db, { name: 'Acme' });
  globex = await createTenant(t.deps.db, { name: 'Globex' });
  // Globex speaks French: its people chose it, and its board's default language is French.
  await t.deps.db
    .update(users)
    .set({ locale: 'fr' })
    .where(
      inArray(
        users.id,
        Object.values(globex.users).map((u) => u.id),
      ),
    );
  await t.deps.db
    .update(sites)
    .set({ settings: sql`${sites.settings} || '{"locale":"fr-FR","employer_approval_required":true}'::jsonb` })
    .where(eq(sites.id, globex.sites[0].id));
  await t.deps.db
    .update(sites)
    .set({ settings: sql`${sites.settings} || '{"employer_approval_required":true}'::jsonb` })
    .where(eq(sites.id, acme.sites[0].id));
});
afterAll(() => t.close());

describe('email kinds', () => {
  it('have built-in wording in every language', () => {
    for (const locale of userLocales)
      for (const kind of emailKinds) {
        const tpl = defaultTemplates[locale][kind];
        expect(tpl?.subject, `${locale} ${kind}`).toBeTruthy();
        expect(tpl?.body, `${locale} ${kind}`).toMatch(/^<p>/);
      }
  });
});

const enterprise = async () => (await t.deps.db.select().from(enterprises).where(eq(enterprises.key, 'test')))[0]!;
const hostsOf = (m: { html: string; text: string }) => [...`${m.html}\n${m.text}`.matchAll(/https?:\/\/([^/\s"'<>:?]+)/g)].map((x) => x[1]!);

/** Triggers every kind of email for one tenant; answers the outbox rows, by who reads them. */
async function everyEmail(x: Tenant) {
  const { db } = t.deps;
  const staffEmails: string[] = [];
  // Invitation (portal).
  const [invitee] = await db.select().from(users).where(eq(users.id, x.users.noRole.id));
  await db.transaction((tx) =>
    sendInvitation(t.deps, tx, invitee!, {
      accountId: x.account.id,
      inviterId: null,
      inviterName: 'Pat',
      scopeLabel: 'the team',
      name: invitee!.name,
    }),
  );
  // Password reset, asked on the tenant's portal host.
  await forgotPassword(
    t.deps,
    await enterprise(),
    x.users.siteManager.email,
    { ip: `10.77.0.${staffEmails.length + 1}`, userAgent: null },
    x.account.domain,
  );
  // A notification event.
  await notify(t.deps, db, {
    event: 'job.approved',
    accountId: x.account.id,
    siteId: x.sites[0].id,
    userIds: [x.users.employerAdmin.id],
    vars: { job_title: 'Chef' },
    link: '/jobs/1',
    key: `tm-${x.account.id}`,
  });
  // The two-step reset notice (composed as the MFA service does).
  await t.deps.mailer.queue(
    db,
    await composeMail(t.deps, db, {
      kind: 'user.mfa_reset',
      accountId: x.account.id,
      audience: 'portal',
      to: { email: x.users.accountAdmin.email, name: 'Admin', locale: x === globex ? 'fr' : 'en' },
      vars: { admin_name: 'Pat' },
      action: '/login',
      dedupeKey: `tm-mfa-${x.account.id}`,
    }),
  );
  staffEmails.push(x.users.noRole.email, x.users.siteManager.email, x.users.employerAdmin.email, x.users.accountAdmin.email);

  // An employer registers on the board (on hold), then is approved; another is declined.
  const boardHost = `jobs.${x.account.domain}`;
  const register = (tag: string) =>
    t.app.inject({
      method: 'POST',
      url: '/portal/v1/board/employers/register',
      headers: { 'x-af-eid': 'test', host: boardHost },
      remoteAddress: `10.78.${tag.length}.${Math.floor(Math.random() * 200)}`,
      payload: {
        type: 'business',
        business_name: `${tag} Ltd`,
        user: { name: `${tag} Owner`, email: `${tag}.${x.account.id.slice(-6)}@example.test`, password: 'Register-Pass-1' },
      },
    });
  const yes = await register('Yes');
  expect(yes.statusCode, yes.body).toBe(201);
  expect(new URL(yes.json().login_url).host).toBe(x.account.domain);
  await register('No');
  const manager = client(t, await login(t.app, x.users.siteManager.email), site1(x));
  const held = (await manager.get('/v1/employers', { status: 'pending' })).json().data as { id: string; business_name: string }[];
  for (const e of held) {
    const res = e.business_name.startsWith('Yes')
      ? await manager.post(`/v1/employers/${e.id}/approve`)
      : await manager.post(`/v1/employers/${e.id}/reject`, { reason: 'Missing <details>' });
    expect(res.statusCode, res.body).toBe(200);
  }
  staffEmails.push(`yes.${x.account.id.slice(-6)}@example.test`, `no.${x.account.id.slice(-6)}@example.test`);

  // A candidate signs up on the board (email confirmation), and their application moves to Offered.
  const cand = await signUp(t, boardHost);
  const s = { ...site1(x), employerIds: null };
  const w = await wording(db, s);
  const change = {
    applicationId: '00000000-0000-7000-8000-000000000001',
    historyId: `h-${x.account.id}`,
    candidateName: 'Casey',
    jobTitle: 'Chef',
    from: 'interviewed' as const,
    to: 'offered' as const,
    consultantId: null,
  };
  await t.deps.mailer.queue(db, await candidateMail(t.deps, db, w, s, change, { seekerId: cand.id, name: 'Casey', email: cand.email }));
  await db.transaction((tx) => queueSummaries(t.deps, tx, w, s, [change], { admin: true, consultants: false, candidate: false }, 'Pat <admin>'));
  return { staffEmails, candidateEmails: [cand.email] };
}

describe('every email, for two tenants side by side', () => {
  it('links to its own tenant, carries its brand, speaks the reader language, and uses the site wording', async () => {
    // Acme rewords its offer email.
    await t.deps.db
      .insert(emailTemplates)
      .values({
        accountId: acme.account.id,
        siteId: acme.sites[0].id,
        event: 'application.status.offered',
        locale: 'en',
        subject: 'An offer from {{site_name}}',
        bodyHtml: '<p>We want you for {{job_title}}!</p>',
      });
    const before = new Date(Date.now() - 1000);
    for (const [x, other] of [
      [acme, globex],
      [globex, acme],
    ] as const) {
      const who = await everyEmail(x);
      const french = x === globex;
      for (const [emails, host] of [
        [who.staffEmails, x.account.domain],
        [who.candidateEmails, `jobs.${x.account.domain}`],
      ] as const)
        for (const email of emails) {
          const mails = await allMailTo(t, email);
          expect(mails.length, email).toBeGreaterThan(0);
          for (const m of mails) {
            expect(isEmailKind(m.event), m.event).toBe(true);
            const hosts = hostsOf(m);
            // Only a received registration and a decline have no button.
            if (!['employer.registered', 'employer.declined'].includes(m.event)) expect(hosts.length, `${m.event} has a link`).toBeGreaterThan(0);
            for (const h of hosts) expect(h, `${m.event} to ${email}`).toBe(host);
            const brand = m.text.split('\n')[0]!;
            expect(brand.startsWith(x === acme ? 'Acme' : 'Globex'), `${m.event}: ${brand}`).toBe(true);
            expect(`${m.html}${m.text}`).not.toContain(other === acme ? 'Acme' : 'Globex');
            expect(`${m.html}${m.text}`).not.toContain('Demo Enterprise');
            expect(m.locale, m.event).toBe(french ? 'fr' : 'en');
            expect(m.html).toContain(`lang="${french ? 'fr' : 'en'}"`);
          }
        }
    }
    const all = await t.deps.db
      .select()
      .from(emailOutbox)
      .where(sql`${emailOutbox.createdAt} >= ${before}`);
    const kinds = new Set(all.map((m) => m.event));
    for (const k of [
      'user.invited',
      'auth.password_reset',
      'user.mfa_reset',
      'job.approved',
      'employer.registered',
      'employer.approved',
      'employer.declined',
      'seeker.verify_email',
      'application.status.offered',
      'application.status.admin',
    ])
      expect(kinds, k).toContain(k);
    expect(all.every((m) => isEmailKind(m.event))).toBe(true);

    const [acmeOffer] = all.filter((m) => m.event === 'application.status.offered' && m.accountId === acme.account.id);
    expect(acmeOffer!.subject).toBe('An offer from Acme Jobs');
    expect(acmeOffer!.html).toContain('We want you for Chef!');
    const [globexOffer] = all.filter((m) => m.event === 'application.status.offered' && m.accountId === globex.account.id);
    expect(globexOffer!.subject).toBe('Votre candidature pour Chef : Offered');
    expect(globexOffer!.text).toContain('Félicitations');
    const [reset] = all.filter((m) => m.event === 'auth.password_reset' && m.toEmail === globex.users.siteManager.email);
    expect(reset!.subject).toBe('Réinitialisez votre mot de passe');
    // The admins' summary escapes what people typed; its list is the code's own HTML.
    const summary = all.find((m) => m.event === 'application.status.admin' && m.accountId === acme.account.id)!;
    expect(summary.html).toContain('Pat &lt;admin&gt;');
    expect(summary.html).toContain('<ul><li>Casey – Chef');
    const declined = all.find((m) => m.event === 'employer.declined' && m.accountId === acme.account.id)!;
    expect(declined.html).toContain('Missing &lt;details&gt;');
  });

  it('sends a retried change nothing twice', async () => {
    const n = (
      await t.deps.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.accountId, acme.account.id)))
    ).length;
    const s = { ...site1(acme), employerIds: null };
    const w = await wording(t.deps.db, s);
    const change = {
      applicationId: '00000000-0000-7000-8000-000000000001',
      historyId: `h-${acme.account.id}`,
      candidateName: 'Casey',
      jobTitle: 'Chef',
      from: 'interviewed' as const,
      to: 'offered' as const,
      consultantId: null,
    };
    await t.deps.db.transaction((tx) =>
      queueSummaries(t.deps, tx, w, s, [change], { admin: true, consultants: false, candidate: false }, 'Pat <admin>'),
    );
    expect((await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.accountId, acme.account.id))).length).toBe(n);
  });
});
