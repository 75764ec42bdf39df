import { and, asc, eq, like } from 'drizzle-orm';
import { employers } from '../../db/schema/employers';
import { emailOutbox, auditLogs } from '../../db/schema/platform';
import type { Tenant } from '../../test/factories';
import type { TestApp } from '../../test/harness';

/* Employers in the states the tests need, and what they left in the outbox and the audit log. */

let seq = 0;

export async function addEmployer(
  t: TestApp,
  tenant: Tenant,
  opts: { site?: 0 | 1; name?: string; status?: 'pending' | 'active' | 'rejected'; enabled?: boolean; contactEmail?: string | null; createdAt?: Date } = {},
) {
  const [row] = await t.deps.db
    .insert(employers)
    .values({
      accountId: tenant.account.id,
      siteId: tenant.sites[opts.site ?? 0].id,
      businessName: opts.name ?? `Employer ${++seq}`,
      status: opts.status ?? 'active',
      enabled: opts.enabled ?? true,
      contactEmail: opts.contactEmail ?? null,
      contactName: 'Pat Contact',
      ...(opts.createdAt && { createdAt: opts.createdAt }),
    })
    .returning();
  return row!;
}

export async function employerRow(t: TestApp, id: string) {
  const [row] = await t.deps.db.select().from(employers).where(eq(employers.id, id));
  return row ?? null;
}

/** Emails of one event sent to one address, oldest first. */
export async function mailTo(t: TestApp, to: string, eventPrefix = '') {
  return t.deps.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toEmail, to), like(emailOutbox.event, `${eventPrefix}%`)))
    .orderBy(asc(emailOutbox.createdAt));
}

export async function auditOf(t: TestApp, subjectId: string) {
  return t.deps.db.select().from(auditLogs).where(eq(auditLogs.subjectId, subjectId)).orderBy(asc(auditLogs.createdAt), asc(auditLogs.id));
}

/** The invitation link's token from an invitation email. */
export function tokenFromMail(text: string): string {
  const m = /\/auth\/invitation\?token=([^\s"&]+)/.exec(text);
  if (!m) throw new Error(`no invitation link in: ${text}`);
  return decodeURIComponent(m[1]!);
}
