import { eq } from 'drizzle-orm';
import { sites } from '../../db/schema/tenancy';
import type { AccountClient } from '../../test/client';
import { call, type TestApp } from '../../test/harness';

/* What the settings tests share: a site's row, the public branding document, a proven domain. */

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
