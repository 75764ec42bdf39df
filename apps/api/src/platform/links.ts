import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { accounts, sites } from '../db/schema/tenancy';

/*
 * The one place that decides where a link the product sends or returns points (emails, API answers with a URL,
 * payment return pages). A white-label tenant's people must land on that tenant's own host, branded as it:
 *   - staff and employer users of an account → the account's portal domain;
 *   - candidates and board employers of a site → the site's board domain once it is verified (a board is served
 *     nowhere else), else the account's portal domain;
 *   - `APP_URL` only where the tenant has no domain (or for enterprise-level staff with no account).
 * The scheme and port come from `APP_URL`, so `http://localhost:3000` gives `http://acme.localhost:3000` in
 * development and `https://app.example.com` gives `https://careers.acme.com` in production.
 */

export type LinkAudience = 'portal' | 'board';

export interface LinkTarget {
  /** Null: an enterprise-level person with no account: the deployment's own address. */
  accountId: string | null;
  siteId?: string | null;
  audience: LinkAudience;
}

export interface LinkDeps {
  config: { appUrl: string };
}

/** `domain` on `APP_URL`'s scheme and port; `APP_URL` itself when there is no domain. */
export function originOn(appUrl: string, domain: string | null | undefined): string {
  if (!domain) return appUrl;
  const base = new URL(appUrl);
  return `${base.protocol}//${domain}${base.port ? `:${base.port}` : ''}`;
}

/** The domains a target's links may use, read in the caller's tenant context. */
async function domainsOf(db: DbOrTx, t: LinkTarget): Promise<{ portal: string | null; board: string | null }> {
  if (!t.accountId) return { portal: null, board: null };
  if (t.siteId) {
    const [row] = await db
      .select({ portal: accounts.domain, board: sites.domain, verified: sites.domainVerifiedAt })
      .from(sites)
      .innerJoin(accounts, eq(accounts.id, sites.accountId))
      .where(and(eq(sites.id, t.siteId), eq(sites.accountId, t.accountId)))
      .limit(1);
    return row ? { portal: row.portal, board: row.verified ? row.board : null } : { portal: null, board: null };
  }
  const [row] = await db.select({ portal: accounts.domain }).from(accounts).where(eq(accounts.id, t.accountId)).limit(1);
  return { portal: row?.portal ?? null, board: null };
}

/** `scheme://host[:port]` of the tenant's own host for this audience (see above). */
export async function tenantOrigin(deps: LinkDeps, db: DbOrTx, t: LinkTarget): Promise<string> {
  const d = await domainsOf(db, t);
  const domain = t.audience === 'board' ? (d.board ?? d.portal) : d.portal;
  return originOn(deps.config.appUrl, domain);
}

/** An absolute link to `path` (starting with `/`) on the tenant's own host. */
export async function tenantLink(deps: LinkDeps, db: DbOrTx, t: LinkTarget, path: string): Promise<string> {
  return `${await tenantOrigin(deps, db, t)}${path}`;
}
