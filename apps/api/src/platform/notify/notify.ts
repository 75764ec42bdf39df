import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { EmailKind } from '@hireline/contract/email-kinds';
import type { NotificationEvent } from '@hireline/contract/notification-events';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/identity';
import { notificationPreferences, notifications } from '../../db/schema/notifications';
import { emailTemplates } from '../../db/schema/settings';
import { accounts, sites } from '../../db/schema/tenancy';
import { signedFileUrl } from '../files';
import { tenantLink, tenantOrigin, type LinkTarget } from '../links';
import type { Mailer } from '../mail';
import { asLocale } from './locale';
import { renderEmail, type EmailBrand, type TemplateOverride } from './render';

/*
 * The one way people are told that something happened. Called inside the transaction of the change itself, so a
 * notice exists exactly when the change does. Each recipient gets the event in-app, by email, both or neither as
 * they chose (default both), in their language, in the site's brand and with the site's wording where it has its
 * own. The dedupe key (event, subject, recipient) is unique in the inbox and in the outbox, so an event reported
 * twice (a retried request, a sweep run again after a crash) reaches nobody twice.
 */

export interface NotifyDeps {
  config: { appUrl: string; appSecret: string };
  mailer: Mailer;
}

export interface Notice {
  event: NotificationEvent;
  accountId: string;
  siteId: string | null;
  userIds: string[];
  /** Values of the event's placeholders (`templateVariables`). */
  vars: Record<string, string>;
  /** The portal path of what the notice is about. */
  link: string | null;
  /** What the notice is about, unique for the event (a job id, a ledger entry id…). */
  key: string;
}

/** Where every email's "choose which emails you receive" link goes. */
export const PREFERENCES_PATH = '/auth/profile/settings#notifications';

/**
 * The site's name, colour and logo (the site's own over the account's); the account's alone without a site. Never
 * the enterprise's: the tenant's people see the tenant. The signed logo link is on the tenant's own host.
 */
export async function brandOf(deps: { config: { appUrl: string; appSecret: string } }, db: DbOrTx, t: LinkTarget): Promise<EmailBrand> {
  const { accountId } = t;
  const siteId = t.siteId ?? null;
  if (!accountId) return { name: 'Hireline' };
  const [row] = siteId
    ? await db
        .select({ name: sites.name, siteBranding: sites.branding, accountBranding: accounts.branding })
        .from(sites)
        .innerJoin(accounts, eq(accounts.id, sites.accountId))
        .where(and(eq(sites.id, siteId), eq(sites.accountId, accountId)))
        .limit(1)
    : await db.select({ name: accounts.name, siteBranding: accounts.branding, accountBranding: accounts.branding }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!row) return { name: 'Hireline' };
  const color = row.siteBranding?.colors?.primary_color ?? row.accountBranding?.colors?.primary_color;
  const logo = (row.siteBranding?.logo ?? row.accountBranding?.logo) as string | null | undefined;
  // Mail is read long after it is sent: a month-long signed link, absolute because it leaves the portal.
  const signed = (key: string) => signedFileUrl(deps.config.appSecret, key, 30 * 24 * 3_600_000);
  const logoUrl = !logo ? null : logo.startsWith('file:') ? `${await tenantOrigin(deps, db, t)}${signed(logo.slice(5))}` : logo;
  return { name: row.name, color, logoUrl };
}

/** The site's own wording for this kind, per language (a site row wins over an account-wide one). */
export async function overridesOf(db: DbOrTx, accountId: string, siteId: string | null, event: EmailKind) {
  const rows = await db
    .select({ siteId: emailTemplates.siteId, locale: emailTemplates.locale, subject: emailTemplates.subject, body: emailTemplates.bodyHtml })
    .from(emailTemplates)
    .where(
      and(
        eq(emailTemplates.accountId, accountId),
        eq(emailTemplates.event, event),
        siteId ? or(eq(emailTemplates.siteId, siteId), isNull(emailTemplates.siteId)) : isNull(emailTemplates.siteId),
      ),
    );
  const byLocale = new Map<string, TemplateOverride>();
  for (const r of rows.sort((a, b) => Number(a.siteId !== null) - Number(b.siteId !== null))) byLocale.set(r.locale, r);
  return byLocale;
}

export async function notify(deps: NotifyDeps, db: DbOrTx, notice: Notice): Promise<void> {
  const ids = [...new Set(notice.userIds)];
  if (!ids.length) return;
  const people = await db
    .select({ id: users.id, email: users.email, name: users.name, locale: users.locale, channel: notificationPreferences.channel })
    .from(users)
    .leftJoin(notificationPreferences, and(eq(notificationPreferences.userId, users.id), eq(notificationPreferences.event, notice.event)))
    .where(and(inArray(users.id, ids), eq(users.enabled, true)));
  const wanted = people.filter((p) => (p.channel ?? 'both') !== 'none');
  if (!wanted.length) return;

  // Staff and employer users sign in to the portal: every link goes to the account's portal domain.
  const target = { accountId: notice.accountId, siteId: notice.siteId, audience: 'portal' as const };
  const brand = await brandOf(deps, db, target);
  const actionUrl = notice.link ? await tenantLink(deps, db, target, notice.link) : null;
  const preferencesUrl = await tenantLink(deps, db, target, PREFERENCES_PATH);
  const overrides = await overridesOf(db, notice.accountId, notice.siteId, notice.event);
  const inbox: (typeof notifications.$inferInsert)[] = [];
  const mail: Parameters<Mailer['queue']>[1] = [];
  for (const p of wanted) {
    const locale = asLocale(p.locale);
    const r = renderEmail({
      kind: notice.event,
      locale,
      vars: { ...notice.vars, recipient_name: p.name ?? '' },
      brand,
      override: overrides.get(locale),
      actionUrl,
      preferencesUrl,
    });
    const dedupeKey = `${notice.event}:${notice.key}:${p.id}`;
    const channel = p.channel ?? 'both';
    if (channel === 'both' || channel === 'in_app')
      inbox.push({ accountId: notice.accountId, siteId: notice.siteId, userId: p.id, event: notice.event, subject: r.subject, content: r.content, link: notice.link, dedupeKey });
    if (channel === 'both' || channel === 'email')
      mail.push({ to: p.email, toName: p.name, subject: r.subject, html: r.html, text: r.text, event: notice.event, dedupeKey, accountId: notice.accountId, siteId: notice.siteId, locale });
  }
  if (inbox.length) await db.insert(notifications).values(inbox).onConflictDoNothing({ target: notifications.dedupeKey });
  await deps.mailer.queue(db, mail);
}
