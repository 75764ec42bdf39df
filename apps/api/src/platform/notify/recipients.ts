import { and, asc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { consultants } from '../../db/schema/consultants';
import { memberships, roles, users } from '../../db/schema/identity';
import { acceptedMembership } from '../scope';

/* Who is told about what: the people behind a site, an employer or a job's consultant, as enabled users who accepted their invitation. */

export interface Recipient {
  id: string;
  name: string | null;
  email: string;
  /** A user's own language; consultants without a sign-in have none. */
  locale?: string;
}

/** Enabled account admins of the account and site managers of the site (role keys of packages/access roles.ts). */
export async function siteStaff(db: DbOrTx, s: { accountId: string; siteId: string }): Promise<Recipient[]> {
  return db
    .selectDistinct({ id: users.id, name: users.name, email: users.email, locale: users.locale })
    .from(memberships)
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(users.enabled, true),
        acceptedMembership,
        eq(memberships.accountId, s.accountId),
        or(
          and(eq(memberships.scopeType, 'account'), eq(roles.key, 'account_admin')),
          and(eq(memberships.scopeType, 'site'), eq(memberships.siteId, s.siteId), eq(roles.key, 'site_manager')),
        ),
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
}

/** The enabled users of one employer. */
export async function employerUserIds(db: DbOrTx, employerId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: users.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.scopeType, 'employer'), eq(memberships.employerId, employerId), acceptedMembership, eq(users.enabled, true)));
  return rows.map((r) => r.id);
}

/** The users behind these consultants (a consultant without a sign-in is reached by the status emails only). */
export async function consultantUserIds(db: DbOrTx, accountId: string, consultantIds: (string | null)[]): Promise<string[]> {
  const ids = consultantIds.filter((id): id is string => id !== null);
  if (!ids.length) return [];
  const rows = await db
    .select({ userId: consultants.userId })
    .from(consultants)
    .where(and(inArray(consultants.id, ids), eq(consultants.accountId, accountId), eq(consultants.enabled, true), isNotNull(consultants.userId)));
  return rows.map((r) => r.userId!);
}
