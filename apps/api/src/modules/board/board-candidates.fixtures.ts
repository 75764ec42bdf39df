import { and, asc, eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/platform';
import { fieldOptions } from '../../db/schema/settings';
import { seekers } from '../../db/schema/seekers';
import type { Tenant } from '../../test/factories';
import type { TestApp } from '../../test/harness';

/* What the board's candidate tests look up (candidates by address or id, their audit trail) and visa types. */

export async function seekerByEmail(t: TestApp, accountId: string, email: string) {
  const [row] = await t.deps.db
    .select()
    .from(seekers)
    .where(and(eq(seekers.accountId, accountId), eq(seekers.email, email)));
  return row ?? null;
}

export async function seekerById(t: TestApp, id: string) {
  const [row] = await t.deps.db.select().from(seekers).where(eq(seekers.id, id));
  return row!;
}

export async function auditFor(t: TestApp, seekerId: string, action?: string) {
  return t.deps.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.subjectType, 'seeker'), eq(auditLogs.subjectId, seekerId), action ? eq(auditLogs.action, action) : undefined))
    .orderBy(asc(auditLogs.createdAt));
}

/** Visa types for the board's site (the board world has work types only); one switched off. */
export async function addVisaTypes(t: TestApp, tenant: Tenant) {
  await t.deps.db.insert(fieldOptions).values(
    [
      ['citizen', 'Citizen', true],
      ['work_visa', 'Work visa', true],
      ['student', 'Student visa', false],
    ].map(([value, label, enabled], position) => ({
      accountId: tenant.account.id,
      siteId: tenant.sites[0].id,
      kind: 'visa_type' as const,
      value: value as string,
      label: label as string,
      enabled: enabled as boolean,
      position,
    })),
  );
}
