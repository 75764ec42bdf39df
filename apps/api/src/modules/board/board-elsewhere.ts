import { and, asc, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { candidateMessages } from '@hireline/contract/board-candidates';
import type { DbOrTx } from '../../db/client';
import { seekers } from '../../db/schema/seekers';
import { accounts, sites } from '../../db/schema/tenancy';
import { withTenants } from '../../db/tenant-context';
import type { AppDeps } from '../../deps';
import { verifyPassword } from '../../platform/crypto';
import { HttpError } from '../../platform/errors';
import { tenantOrigin } from '../../platform/links';

/*
 * A candidate of another account signing in on this board (ADR 016). Their seeker row is in their own account, so this
 * board finds nobody; the password is then checked against the one candidate of this enterprise's other accounts with
 * that email, and only a correct password for an active, confirmed candidate learns where they belong. Exactly one
 * password check happens whether or not such a candidate exists (a dummy hash otherwise), so the answer's time says
 * nothing about which emails have an account elsewhere, and a wrong password gets the same 401 as anywhere else.
 */

/** The enterprise's candidate with this email in another enabled account than `accountId` (the most recently active). */
async function candidateElsewhere(db: DbOrTx, enterpriseId: string, accountId: string, email: string) {
  return withTenants('*', async () => {
    const [row] = await db
      .select({ id: seekers.id, accountId: seekers.accountId, passwordHash: seekers.passwordHash, enabled: seekers.enabled, erasedAt: seekers.erasedAt, verified: seekers.emailVerifiedAt })
      .from(seekers)
      .innerJoin(accounts, eq(accounts.id, seekers.accountId))
      .where(and(eq(seekers.email, email), ne(seekers.accountId, accountId), eq(accounts.enterpriseId, enterpriseId), eq(accounts.enabled, true)))
      .orderBy(sql`${seekers.lastActiveAt} desc nulls last`, desc(seekers.createdAt))
      .limit(1);
    return row ?? null;
  });
}

/** The account's first board that is served: an enabled site with its board on and a verified domain. */
async function boardOfAccount(db: DbOrTx, accountId: string) {
  return withTenants('*', async () => {
    const [row] = await db
      .select({ id: sites.id, name: sites.name })
      .from(sites)
      .where(and(eq(sites.accountId, accountId), eq(sites.enabled, true), eq(sites.boardEnabled, true), isNotNull(sites.domainVerifiedAt)))
      .orderBy(asc(sites.createdAt), asc(sites.name))
      .limit(1);
    return row ?? null;
  });
}

/**
 * Null when the password is not that of an active candidate elsewhere (the caller answers its usual 401); else the
 * 401 that names their board and links to its sign-in page.
 */
export async function elsewhereRefusal(deps: AppDeps, enterpriseId: string, accountId: string, email: string, password: string): Promise<HttpError | null> {
  const other = await candidateElsewhere(deps.db, enterpriseId, accountId, email);
  const ok = await verifyPassword(other?.passwordHash, password);
  if (!ok || !other || !other.enabled || other.erasedAt || !other.verified) return null;
  const board = await boardOfAccount(deps.db, other.accountId);
  if (!board) return null;
  const origin = await withTenants('*', async () => await tenantOrigin(deps, deps.db, { accountId: other.accountId, siteId: board.id, audience: 'board' }));
  return new HttpError(401, candidateMessages.accountElsewhere, undefined, 'account_elsewhere', undefined, {
    elsewhere: { name: board.name, url: `${origin}/sign-in` },
  });
}
