import { and, asc, eq, gt, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { AccountRef } from '@hireline/contract/auth';
import type { UserLocale } from '@hireline/contract/enums';
import type { DbOrTx } from '../../db/client';
import { memberships, passwordResets, sessions, users } from '../../db/schema/identity';
import { accounts, sites } from '../../db/schema/tenancy';
import { employers } from '../../db/schema/employers';
import type { Membership } from '../../platform/scope';
import { registrationStateSql, type RegistrationState } from '../../platform/registration-state';

export async function findUserByEmail(db: DbOrTx, enterpriseId: string, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.enterpriseId, enterpriseId), eq(users.email, email.toLowerCase())))
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: DbOrTx, enterpriseId: string, id: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.enterpriseId, enterpriseId), eq(users.id, id)))
    .limit(1);
  return row ?? null;
}

/** Ends every live session of a user, optionally keeping the one making the request. */
export async function revokeUserSessions(db: DbOrTx, userId: string, exceptSessionId?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    );
}

export async function setPassword(db: DbOrTx, userId: string, passwordHash: string) {
  await db
    .update(users)
    .set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function insertPasswordReset(db: DbOrTx, userId: string, tokenHash: string, expiresAt: Date) {
  await db.insert(passwordResets).values({ userId, tokenHash, expiresAt, purpose: 'reset' });
}

/** Marks a reset token used and returns its user, only if it was still valid: single use even under races. */
export async function consumePasswordReset(db: DbOrTx, tokenHash: string, now = new Date()) {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    // Reset links only: an invitation link accepts one account's invitation (modules/invitations), never sets a password here.
    .where(and(eq(passwordResets.tokenHash, tokenHash), eq(passwordResets.purpose, 'reset'), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
    .returning({ id: passwordResets.id, userId: passwordResets.userId, purpose: passwordResets.purpose, invitedBy: passwordResets.invitedBy, accountId: passwordResets.accountId });
  return row ?? null;
}

/** Whether one of the user's own sessions (not an impersonation of them) started from this address since `since`. */
export async function signedInFrom(db: DbOrTx, userId: string, ip: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.ip, ip), isNull(sessions.impersonatorUserId), gt(sessions.createdAt, since)))
    .limit(1);
  return !!row;
}

/**
 * Marks every outstanding reset link of the user used: a password set (through any link) or changed while signed in
 * leaves no older link able to set it again. Invitations are not touched.
 */
export async function retireResetLinks(db: DbOrTx, userId: string, now = new Date()) {
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), eq(passwordResets.purpose, 'reset'), isNull(passwordResets.usedAt)));
}

/** Sets the avatar, or removes it with null. */
export async function setAvatar(db: DbOrTx, userId: string, fileId: string | null) {
  await db.update(users).set({ avatarFileId: fileId, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function updateProfile(db: DbOrTx, userId: string, patch: { name?: string; locale?: UserLocale }) {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row ?? null;
}

/**
 * The accounts → sites → employers a user can reach (spec §3), from their
 * memberships. Employers are listed where the user holds an employer
 * membership; staff with site-wide reach pick employers from the employers list.
 */
export async function reachableAccounts(
  db: DbOrTx,
  enterpriseId: string,
  ms: Membership[],
  onlyAccountId?: string,
): Promise<AccountRef[]> {
  const enterpriseWide = ms.some((m) => m.scopeType === 'enterprise');
  const accountIds = [...new Set(ms.map((m) => m.accountId).filter((v): v is string => !!v))];
  if (!enterpriseWide && accountIds.length === 0) return [];

  const accountRows = await db
    .select({ id: accounts.id, name: accounts.name, slug: accounts.slug })
    .from(accounts)
    .where(
      and(
        eq(accounts.enterpriseId, enterpriseId),
        eq(accounts.enabled, true),
        enterpriseWide ? undefined : inArray(accounts.id, accountIds),
        onlyAccountId ? eq(accounts.id, onlyAccountId) : undefined,
      ),
    )
    .orderBy(accounts.name);
  if (accountRows.length === 0) return [];

  const siteRows = await db
    .select({ id: sites.id, name: sites.name, slug: sites.slug, accountId: sites.accountId })
    .from(sites)
    .where(and(inArray(sites.accountId, accountRows.map((a) => a.id)), eq(sites.enabled, true)))
    .orderBy(sites.name);

  const employerIds = ms.filter((m) => m.scopeType === 'employer').map((m) => m.employerId!);
  const employerRows = employerIds.length
    ? await db
        .select({ id: employers.id, name: employers.businessName, siteId: employers.siteId })
        .from(employers)
        .where(and(inArray(employers.id, employerIds), eq(employers.enabled, true)))
        .orderBy(employers.businessName)
    : [];

  const seesSite = (accountId: string, siteId: string) =>
    enterpriseWide ||
    ms.some(
      (m) =>
        (m.scopeType === 'account' && m.accountId === accountId) ||
        ((m.scopeType === 'site' || m.scopeType === 'employer') && m.siteId === siteId),
    );

  return accountRows
    .map((a) => ({
      ...a,
      sites: siteRows
        .filter((s) => s.accountId === a.id && seesSite(a.id, s.id))
        .map((s) => ({
          id: s.id,
          name: s.name,
          slug: s.slug,
          employers: employerRows.filter((e) => e.siteId === s.id).map((e) => ({ id: e.id, name: e.name })),
        })),
    }))
    .filter((a) => a.sites.length > 0 || enterpriseWide || ms.some((m) => m.scopeType === 'account' && m.accountId === a.id));
}

/** Whether an enabled account of the enterprise has an invitation of this person waiting for them to accept it. */
export async function hasPendingInvitation(db: DbOrTx, enterpriseId: string, userId: string) {
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(memberships.userId, userId), isNull(memberships.acceptedAt), eq(accounts.enterpriseId, enterpriseId), eq(accounts.enabled, true)))
    .limit(1);
  return row !== undefined;
}

/**
 * Where a person's only way in is an employer registration still on hold or declined: which of the two, over the
 * enabled accounts of the enterprise (platform/registration-state.ts holds the rule).
 */
export async function registrationStateOf(db: DbOrTx, enterpriseId: string, userId: string): Promise<RegistrationState | null> {
  const inEnabledAccount = sql`exists (select 1 from ${accounts} where ${accounts.id} = ${memberships.accountId}
    and ${accounts.enterpriseId} = ${enterpriseId} and ${accounts.enabled})`;
  const [row] = await db
    .select({ state: registrationStateSql(sql`${users.id}`, inEnabledAccount) })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.enterpriseId, enterpriseId)))
    .limit(1);
  return row?.state ?? null;
}

export async function userName(db: DbOrTx, id: string) {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, id)).limit(1);
  return row?.name ?? '';
}

/**
 * The account whose portal a password reset link opens: the one whose domain the request came to when the user
 * belongs to it, else the user's first accepted account, else none (the deployment's own address). Read across
 * tenants: nobody is signed in yet, and the answer names only the user's own accounts.
 */
export async function resetAccountOf(db: DbOrTx, userId: string, host: string | null): Promise<string | null> {
  const rows = await db
    .select({ accountId: memberships.accountId, domain: accounts.domain })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(memberships.userId, userId), isNotNull(memberships.acceptedAt), eq(accounts.enabled, true)))
    .orderBy(asc(memberships.acceptedAt), asc(memberships.id));
  const here = host ? rows.find((r) => r.domain === host) : undefined;
  return (here ?? rows[0])?.accountId ?? null;
}
