import { and, asc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { auditLogs } from '../../db/schema/platform';
import { sites } from '../../db/schema/tenancy';
import type { Tenant } from '../../test/factories';
import { call, type TestApp } from '../../test/harness';

/* What the settings tests share: a client with only an account selected, the audit rows of a change, a site's row. */

/** A client with the account selected and no site (the account's own endpoints: sites, branding). */
export function accountClient(t: TestApp, token: string, tenant: Tenant, extra: { siteId?: string } = {}) {
  const send = (opts: InjectOptions) => call(t.app, { token, accountId: tenant.account.id, ...extra }, opts);
  return {
    get: (url: string, query?: Record<string, string>) => send({ method: 'GET', url: `/portal${url}`, query }),
    post: (url: string, payload?: unknown) =>
      send({ method: 'POST', url: `/portal${url}`, ...(payload === undefined ? {} : { payload: payload as object }) }),
    patch: (url: string, payload: unknown) => send({ method: 'PATCH', url: `/portal${url}`, payload: payload as object }),
  };
}
export type AccountClient = ReturnType<typeof accountClient>;

/** Audit rows of one action about one subject, oldest first. */
export async function auditRows(t: TestApp, action: string, subjectId: string) {
  return t.deps.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.subjectId, subjectId)))
    .orderBy(asc(auditLogs.createdAt), asc(auditLogs.id));
}

export async function siteRow(t: TestApp, id: string) {
  const [row] = await t.deps.db.select().from(sites).where(eq(sites.id, id));
  return row!;
}

/** The public branding document for a host, as the portal and board fetch it before sign-in. */
export const publicBranding = (t: TestApp, domain: string) =>
  call(t.app, {}, { method: 'GET', url: `/portal/accounts/branding?domain=${encodeURIComponent(domain)}` });

/**
 * Publishes the site's TXT record (a stand-in resolver answering for its name) and asks for the check, as an owner of
 * the domain would: the board is served on the domain from then on.
 */
export async function proveDomain(t: TestApp, admin: AccountClient, siteId: string) {
  const doc = (await admin.get(`/v1/accounts/sites/${siteId}/domain-verification`)).json();
  const resolveTxt = t.deps.resolveTxt;
  t.deps.resolveTxt = async (name) => (name === doc.txt_name ? [[doc.value]] : resolveTxt(name));
  try {
    const res = await admin.post(`/v1/accounts/sites/${siteId}/domain-verification`);
    if (res.statusCode !== 200) throw new Error(`verification answered ${res.statusCode}: ${res.body}`);
    return res.json();
  } finally {
    t.deps.resolveTxt = resolveTxt;
  }
}
