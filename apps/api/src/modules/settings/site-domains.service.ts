import { siteDomainMessages, type SiteDomainVerification } from '@hireline/contract/sites';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { HttpError, notFound } from '../../platform/errors';
import { settingsAudit } from './settings-scope';
import * as repo from './sites.repo';
import type { SiteRow } from './sites.repo';

/*
 * Proving a site's board domain (docs/board.md). Saving a domain is only a claim: the board is served on it once the
 * site's value is found in a TXT record at `_hireline-verify.<domain>` or in `/.well-known/hireline-verify.txt` on the
 * domain. The file is fetched through the outbound client, so a domain resolving to a private address proves nothing
 * and is never connected to. Two sites never hold one domain (sites_domain_unique), so a proof is never shared.
 */

export const TXT_PREFIX = '_hireline-verify.';
export const WELL_KNOWN_PATH = '/.well-known/hireline-verify.txt';

const valueOf = (site: SiteRow) => `hireline-verify=${site.domainToken}`;

function present(site: SiteRow): SiteDomainVerification {
  const domain = site.domain;
  return {
    domain,
    verified: domain !== null && site.domainVerifiedAt !== null,
    verified_at: domain && site.domainVerifiedAt ? site.domainVerifiedAt.toISOString() : null,
    txt_name: domain ? `${TXT_PREFIX}${domain}` : null,
    value: valueOf(site),
    file_url: domain ? `https://${domain}${WELL_KNOWN_PATH}` : null,
  };
}

async function siteOr404(deps: AppDeps, accountId: string, id: string) {
  const row = await repo.findSite(deps.db, accountId, id);
  if (!row) throw notFound();
  return row.site;
}

export async function getVerification(deps: AppDeps, accountId: string, id: string) {
  return present(await siteOr404(deps, accountId, id));
}

/** The first kilobyte of an answer: a proof is one short line, and a huge body is no reason to keep reading. */
async function head(res: Response, limit = 1024) {
  const reader = res.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < limit) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
  }
  await reader.cancel().catch(() => undefined);
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}

/** Which proof was found, or null. Lookup and fetch failures are "not found": the owner may not have published yet. */
async function proof(deps: AppDeps, domain: string, expected: string): Promise<'dns' | 'file' | null> {
  const records = await deps.resolveTxt(`${TXT_PREFIX}${domain}`).catch(() => [] as string[][]);
  // A TXT record may come in several strings; they form one value.
  if (records.some((parts) => parts.join('').trim() === expected)) return 'dns';
  for (const scheme of ['https', 'http']) {
    try {
      // No redirects: the file must be on the domain itself, not wherever it sends us.
      const res = await deps.outbound.fetch(`${scheme}://${domain}${WELL_KNOWN_PATH}`, { redirect: 'manual' });
      if (res.status === 200 && (await head(res)).trim() === expected) return 'file';
      await res.body?.cancel().catch(() => undefined);
    } catch {
      // Refused (a private address), unreachable or timed out: try the next way.
    }
  }
  return null;
}

export async function verifyDomain(deps: AppDeps, accountId: string, actor: Actor, id: string) {
  const site = await siteOr404(deps, accountId, id);
  if (!site.domain) throw new HttpError(422, siteDomainMessages.noDomain);
  if (site.domainVerifiedAt) return present(site);
  const domain = site.domain;
  const method = await proof(deps, domain, valueOf(site));
  if (!method) throw new HttpError(422, siteDomainMessages.notFound);
  const verified = await deps.db.transaction(async (tx) => {
    // Only if the domain is still the one that was checked: a change meanwhile needs its own proof.
    const current = await repo.lockSite(tx, accountId, id);
    if (!current) throw notFound();
    if (current.domain !== domain) throw new HttpError(409, siteDomainMessages.changed);
    if (current.domainVerifiedAt) return current;
    const at = new Date();
    await repo.updateSite(tx, id, { domainVerifiedAt: at });
    await audit(tx, settingsAudit(actor, accountId, 'site.domain_verify', { type: 'site', id }, { domain, method }));
    return { ...current, domainVerifiedAt: at };
  });
  // The host now names a board: branding cached as "unknown host" must be dropped.
  deps.branding.invalidate();
  return present(verified);
}
