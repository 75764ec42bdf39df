import { and, eq, sql } from 'drizzle-orm';
import type { EmailKind } from '@hireline/contract/email-kinds';
import type { UserLocale } from '@hireline/contract/enums';
import type { DbOrTx } from '../../db/client';
import { sites } from '../../db/schema/tenancy';
import { tenantOrigin, type LinkAudience } from '../links';
import type { OutgoingMail } from '../mail';
import { asLocale } from './locale';
import { brandOf, overridesOf } from './notify';
import { renderEmail } from './render';

/*
 * Every email other than a notification event is composed here, the same way a notice is: the tenant's wording for
 * the recipient's language (built-in unless the site or account saved its own), its brand, and every link on its own
 * host (links.ts): the account's portal domain for staff and employer users, the site's board domain for candidates.
 */

export interface ComposeDeps {
  config: { appUrl: string; appSecret: string };
}

export interface MailRecipient {
  email: string;
  name: string | null;
  locale: UserLocale;
}

export interface Composed {
  kind: EmailKind;
  /** Null: a person with no account (enterprise staff): the deployment's own address and no tenant brand. */
  accountId: string | null;
  /** The site the email is about: its brand, its wording, its board. */
  siteId?: string | null;
  audience: LinkAudience;
  to: MailRecipient;
  /** Values of the kind's placeholders (`emailKindVariables`). */
  vars: Record<string, string>;
  /** The button's path on the tenant's host (with its query), or null for no button. */
  action?: string | null;
  dedupeKey: string;
}

/** Who reads a kind: candidates on the board, everyone else (staff, employers, consultants) on the portal. */
export const audienceOf = (kind: EmailKind): LinkAudience =>
  kind.startsWith('seeker.') || (kind.startsWith('application.status.') && kind !== 'application.status.admin' && kind !== 'application.status.consultant')
    ? 'board'
    : 'portal';

/** The portal language nearest a site's locale (`fr-CA` → `fr`), English when the portal does not speak it. */
export const portalLocaleOf = (siteLocale: string | null | undefined): UserLocale => asLocale((siteLocale ?? '').slice(0, 2).toLowerCase());

/** A site's default language (its settings), which candidates get: the product keeps no language of their own. */
export async function siteLocale(db: DbOrTx, accountId: string, siteId: string): Promise<UserLocale> {
  const [row] = await db
    .select({ locale: sql<string | null>`${sites.settings}->>'locale'` })
    .from(sites)
    .where(and(eq(sites.id, siteId), eq(sites.accountId, accountId)))
    .limit(1);
  return portalLocaleOf(row?.locale);
}

/** The email, ready for the outbox; its `event` is its kind. */
export async function composeMail(deps: ComposeDeps, db: DbOrTx, m: Composed): Promise<OutgoingMail> {
  return (await composeWithContent(deps, db, m)).mail;
}

/** The email and its body as one line of plain text, for an in-app notice that says the same. */
export async function composeWithContent(deps: ComposeDeps, db: DbOrTx, m: Composed): Promise<{ mail: OutgoingMail; content: string }> {
  const siteId = m.siteId ?? null;
  const target = { accountId: m.accountId, siteId, audience: m.audience };
  const origin = await tenantOrigin(deps, db, target);
  const brand = m.accountId ? await brandOf(deps, db, target) : { name: 'Hireline' };
  const overrides = m.accountId ? await overridesOf(db, m.accountId, siteId, m.kind) : new Map();
  const r = renderEmail({
    kind: m.kind,
    locale: m.to.locale,
    vars: { ...m.vars, recipient_name: m.to.name ?? '' },
    brand,
    override: overrides.get(m.to.locale),
    actionUrl: m.action ? `${origin}${m.action}` : null,
  });
  const mail = {
    to: m.to.email,
    toName: m.to.name,
    subject: r.subject,
    html: r.html,
    text: r.text,
    event: m.kind,
    dedupeKey: m.dedupeKey,
    accountId: m.accountId,
    siteId,
    locale: m.to.locale,
  };
  return { mail, content: r.content };
}
