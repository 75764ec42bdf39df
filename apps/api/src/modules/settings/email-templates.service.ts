import { and, eq } from 'drizzle-orm';
import type { EmailTemplate } from '@hireline/contract/email-templates';
import { emailKindGroup, emailKinds, emailKindVariables, htmlTemplateVariables, isNotificationEvent, type EmailKind } from '@hireline/contract/email-kinds';
import { userLocales, type UserLocale } from '@hireline/contract/enums';
import { commonTemplateVariables } from '@hireline/contract/notification-events';
import type { DbOrTx } from '../../db/client';
import { defaultApplicationStages } from '../../db/defaults';
import { applicationStages, emailTemplates } from '../../db/schema/settings';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { invalid, notFound } from '../../platform/errors';
import { tenantLink } from '../../platform/links';
import { audienceOf } from '../../platform/notify/compose';
import { brandOf, PREFERENCES_PATH } from '../../platform/notify/notify';
import { renderEmail } from '../../platform/notify/render';
import { defaultTemplates } from '../../platform/notify/templates';
import { sanitizeDescription } from '../../platform/rich-text';
import type { ResolvedScope } from '../../platform/scope';
import { settingsAudit, siteOf, type SiteRef } from './settings-scope';
import { messageCatalog as codes } from '@hireline/contract/message-codes';
import { unknownPlaceholderMessage } from '@hireline/contract/admin-messages';

/* A site's own wording of every email it sends, per kind and language, over the built-in text. */

/** What the preview fills placeholders with. */
const samples: Record<string, string> = {
  recipient_name: 'Alex Morgan',
  candidate_name: 'Sam Lee',
  job_title: 'Senior Chef',
  employer_name: 'Harbour Kitchens',
  reason: 'Please add a pay range.',
  end_date: '2026-12-01',
  quantity: '10',
  balance: '12',
  invitee_name: 'Jordan Smith',
  invitee_email: 'jordan@example.com',
  inviter_name: 'Casey Brown',
  scope_label: 'Harbour Kitchens',
  admin_name: 'Casey Brown',
  actor_name: 'Casey Brown',
  status_label: 'Shortlisted',
  application_list: '<ul><li>Sam Lee – Senior Chef</li><li>Robin Diaz – Sous Chef</li></ul>',
};

/**
 * The status a candidate's status email is about, as the site names that stage, so the preview of "Offered" does
 * not read "Shortlisted"; other kinds keep the sample label.
 */
async function sampleStatusLabel(db: DbOrTx, s: SiteRef, kind: EmailKind): Promise<string> {
  const stage = defaultApplicationStages.find((d) => kind === `application.status.${d.status}`);
  if (!stage) return samples.status_label!;
  const [own] = await db
    .select({ label: applicationStages.label })
    .from(applicationStages)
    .where(and(eq(applicationStages.accountId, s.accountId), eq(applicationStages.siteId, s.siteId), eq(applicationStages.status, stage.status)))
    .limit(1);
  return own?.label ?? stage.label;
}

/** A path like the real email's button, so the preview shows where its links go (the tenant's own host). */
const samplePath = (kind: EmailKind) =>
  kind.startsWith('seeker.') || kind === 'auth.password_reset' || kind === 'user.invited' ? '/?token=sample' : '/';

const variablesOf = (kind: EmailKind) => [...commonTemplateVariables, ...emailKindVariables[kind]];

const rowsOf = (db: DbOrTx, s: SiteRef) =>
  db.select().from(emailTemplates).where(and(eq(emailTemplates.accountId, s.accountId), eq(emailTemplates.siteId, s.siteId)));

export async function listTemplates(deps: AppDeps, scope: ResolvedScope): Promise<{ data: EmailTemplate[] }> {
  const s = siteOf(scope);
  const own = new Map((await rowsOf(deps.db, s)).map((r) => [`${r.event}:${r.locale}`, r]));
  return {
    data: emailKinds.map((event) => ({
      event,
      group: emailKindGroup(event),
      variables: variablesOf(event),
      html_variables: variablesOf(event).filter((v) => htmlTemplateVariables.includes(v)),
      versions: userLocales.map((locale) => {
        const row = own.get(`${event}:${locale}`);
        const base = defaultTemplates[locale][event];
        return { locale, subject: row?.subject ?? base.subject, body: row?.bodyHtml ?? base.body, customised: Boolean(row) };
      }),
    })),
  };
}

/**
 * The sanitised body, and a 422 naming any placeholder the kind does not have (a typo would reach every reader); a
 * pre-rendered HTML placeholder belongs in the body only (a subject is plain text).
 */
function checked(event: EmailKind, input: { subject: string; body: string }) {
  const all = variablesOf(event);
  const body = sanitizeDescription(input.body);
  const errors: Record<string, string[]> = {};
  for (const [field, text] of [['subject', input.subject], ['body', body]] as const) {
    const allowed = field === 'subject' ? all.filter((v) => !htmlTemplateVariables.includes(v)) : all;
    const unknown = [...text.matchAll(/\{\{\s*([^}\s]*)\s*\}\}/g)].map((m) => m[1]!).find((name) => !allowed.includes(name));
    if (unknown !== undefined) errors[field] = [unknownPlaceholderMessage(unknown, allowed)];
  }
  if (!body) errors.body = [codes.required];
  if (Object.keys(errors).length) throw invalid(errors);
  return { subject: input.subject, body };
}

export async function saveTemplate(
  deps: AppDeps,
  scope: ResolvedScope,
  actor: Actor,
  event: EmailKind,
  locale: UserLocale,
  input: { subject: string; body: string },
) {
  const s = siteOf(scope);
  const { subject, body } = checked(event, input);
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(emailTemplates)
      .values({ accountId: s.accountId, siteId: s.siteId, event, locale, subject, bodyHtml: body })
      .onConflictDoUpdate({
        target: [emailTemplates.accountId, emailTemplates.siteId, emailTemplates.event, emailTemplates.locale],
        set: { subject, bodyHtml: body, updatedAt: new Date() },
      });
    await audit(tx, settingsAudit(actor, s.accountId, 'settings.email_template_save', { type: 'site', id: s.siteId }, { event, locale }));
  });
  return { locale, subject, body, customised: true };
}

export async function resetTemplate(deps: AppDeps, scope: ResolvedScope, actor: Actor, event: EmailKind, locale: UserLocale) {
  const s = siteOf(scope);
  await deps.db.transaction(async (tx) => {
    const gone = await tx
      .delete(emailTemplates)
      .where(and(eq(emailTemplates.accountId, s.accountId), eq(emailTemplates.siteId, s.siteId), eq(emailTemplates.event, event), eq(emailTemplates.locale, locale)))
      .returning({ id: emailTemplates.id });
    if (!gone.length) throw notFound();
    await audit(tx, settingsAudit(actor, s.accountId, 'settings.email_template_reset', { type: 'site', id: s.siteId }, { event, locale }));
  });
}

/** The email as a recipient would get it, from unsaved text, with sample values and the site's branding. */
export async function previewTemplate(deps: AppDeps, scope: ResolvedScope, event: EmailKind, locale: UserLocale, input: { subject: string; body: string }) {
  const s = siteOf(scope);
  const override = checked(event, input);
  const target = { accountId: s.accountId, siteId: s.siteId, audience: audienceOf(event) };
  const brand = await brandOf(deps, deps.db, target);
  const r = renderEmail({
    kind: event,
    locale,
    vars: { ...samples, status_label: await sampleStatusLabel(deps.db, s, event) },
    brand,
    override,
    actionUrl: await tenantLink(deps, deps.db, target, samplePath(event)),
    preferencesUrl: isNotificationEvent(event) ? await tenantLink(deps, deps.db, target, PREFERENCES_PATH) : null,
  });
  return { subject: r.subject, html: r.html, text: r.text };
}
