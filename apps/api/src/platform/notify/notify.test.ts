import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/identity';
import { notificationPreferences, notifications } from '../../db/schema/notifications';
import { emailOutbox } from '../../db/schema/platform';
import { emailTemplates } from '../../db/schema/settings';
import { sites } from '../../db/schema/tenancy';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { notify, type Notice } from './notify';

let t: TestApp;
let a: Tenant;
let n = 0;
let siteName: string;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Notify' });
  siteName = (await t.deps.db.select({ name: sites.name }).from(sites).where(eq(sites.id, a.sites[0].id)))[0]!.name;
});
afterAll(() => t.close());

const notice = (userIds: string[], extra: Partial<Notice> = {}): Notice => ({
  event: 'job.approved',
  accountId: a.account.id,
  siteId: a.sites[0].id,
  userIds,
  vars: { job_title: 'Head <Chef>' },
  link: '/alpha/jobs/jobs/1',
  key: `k${++n}`,
  ...extra,
});

const inboxOf = (userId: string, key: string) =>
  t.deps.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.dedupeKey, `job.approved:${key}:${userId}`)));
const mailOf = (userId: string, key: string) => t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `job.approved:${key}:${userId}`));
const prefer = (userId: string, channel: 'both' | 'in_app' | 'email' | 'none') =>
  t.deps.db
    .insert(notificationPreferences)
    .values({ userId, event: 'job.approved', channel })
    .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.event], set: { channel } });

describe('notify', () => {
  it('reaches each recipient in-app and by email by default, branded, with values escaped in the HTML only', async () => {
    const who = a.users.employerAdmin;
    const ev = notice([who.id]);
    await t.deps.db.transaction((tx) => notify(t.deps, tx, ev));
    const [inbox] = await inboxOf(who.id, ev.key);
    expect(inbox).toMatchObject({ subject: 'Job approved: Head <Chef>', link: '/alpha/jobs/jobs/1', accountId: a.account.id, readAt: null });
    expect(inbox!.content).toContain('“Head <Chef>” was approved');
    const [mail] = await mailOf(who.id, ev.key);
    expect(mail).toMatchObject({ toEmail: who.email, subject: 'Job approved: Head <Chef>', status: 'queued', locale: 'en' });
    expect(mail!.html).toContain('Head &lt;Chef&gt;');
    expect(mail!.html).not.toContain('<Chef>');
    expect(mail!.html).toContain(`http://${a.account.domain}/alpha/jobs/jobs/1`);
    expect(mail!.html).toContain(`http://${a.account.domain}/auth/profile/settings`);
    expect(mail!.text).toContain('Choose which emails you receive');
    expect(mail!.text).toContain(siteName);
  });

  it('tells nobody twice about the same event and subject', async () => {
    const who = a.users.accountAdmin;
    const ev = notice([who.id, who.id]);
    await notify(t.deps, t.deps.db, ev);
    await notify(t.deps, t.deps.db, ev);
    expect(await inboxOf(who.id, ev.key)).toHaveLength(1);
    expect(await mailOf(who.id, ev.key)).toHaveLength(1);
  });

  it.each([
    ['in_app', 1, 0],
    ['email', 0, 1],
    ['none', 0, 0],
    ['both', 1, 1],
  ] as const)('honours the recipient choosing %s for the event', async (channel, inApp, email) => {
    const who = a.users.siteManager;
    await prefer(who.id, channel);
    const ev = notice([who.id]);
    await notify(t.deps, t.deps.db, ev);
    expect(await inboxOf(who.id, ev.key)).toHaveLength(inApp);
    expect(await mailOf(who.id, ev.key)).toHaveLength(email);
  });

  it('skips disabled users', async () => {
    const who = a.users.noRole;
    await t.deps.db.update(users).set({ enabled: false }).where(eq(users.id, who.id));
    const ev = notice([who.id]);
    await notify(t.deps, t.deps.db, ev);
    expect(await inboxOf(who.id, ev.key)).toHaveLength(0);
    expect(await mailOf(who.id, ev.key)).toHaveLength(0);
    await t.deps.db.update(users).set({ enabled: true }).where(eq(users.id, who.id));
  });

  it("writes in the recipient's language: Arabic right to left, French with the site's own wording", async () => {
    const ar = a.users.noRole;
    const fr = a.users.accountAdmin;
    await t.deps.db.update(users).set({ locale: 'ar' }).where(eq(users.id, ar.id));
    await t.deps.db.update(users).set({ locale: 'fr' }).where(eq(users.id, fr.id));
    await t.deps.db.insert(emailTemplates).values({
      accountId: a.account.id,
      siteId: a.sites[0].id,
      event: 'job.approved',
      locale: 'fr',
      subject: 'Bravo : {{job_title}} est en ligne',
      bodyHtml: '<p>L’offre {{job_title}} de {{site_name}} est publiée.</p>',
    });
    const ev = notice([ar.id, fr.id]);
    await notify(t.deps, t.deps.db, ev);
    const [arMail] = await mailOf(ar.id, ev.key);
    expect(arMail!.locale).toBe('ar');
    expect(arMail!.subject).toBe('تمت الموافقة على الوظيفة: Head <Chef>');
    expect(arMail!.html).toContain('dir="rtl"');
    const [frMail] = await mailOf(fr.id, ev.key);
    expect(frMail!.subject).toBe('Bravo : Head <Chef> est en ligne');
    expect(frMail!.text).toContain(`L’offre Head <Chef> de ${siteName} est publiée.`);
    expect(frMail!.html).toContain('lang="fr"');
    const [frInbox] = await inboxOf(fr.id, ev.key);
    expect(frInbox!.subject).toBe('Bravo : Head <Chef> est en ligne');
    await t.deps.db.update(users).set({ locale: 'en' }).where(eq(users.id, ar.id));
    await t.deps.db.update(users).set({ locale: 'en' }).where(eq(users.id, fr.id));
  });
});
