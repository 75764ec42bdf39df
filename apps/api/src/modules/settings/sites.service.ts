import type { SiteSummary } from '@hireline/contract/sites';
import type { DbOrTx } from '../../db/client';
import { defaultSiteSettings } from '../../db/defaults';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { invalid, notFound } from '../../platform/errors';
import { likeContains } from '../../platform/text-search';
import { settingsAudit, uniqueViolation } from './settings-scope';
import { settingsMessages } from './site-settings.service';
import * as settingsRepo from './settings.repo';
import * as repo from './sites.repo';
import type { SitePatch, SiteRow, SiteSort } from './sites.repo';

/* The sites of the selected account: list, create (with everything a site starts with), rename, re-domain, enable. */

function present(site: SiteRow, jobsCount: number, employersCount: number): SiteSummary {
  return {
    id: site.id,
    slug: site.slug,
    name: site.name,
    domain: site.domain,
    domain_verified: site.domain !== null && site.domainVerifiedAt !== null,
    board_enabled: site.boardEnabled,
    enabled: site.enabled,
    jobs_count: jobsCount,
    employers_count: employersCount,
    created_at: site.createdAt.toISOString(),
  };
}

/**
 * `*.localhost` names this machine in every browser and cannot be anyone else's: trusted at once. Any other domain waits
 * for its proof (site-domains.service.ts) before the board is served on it.
 */
const trustedAt = (domain: string | null) => (domain?.endsWith('.localhost') ? new Date() : null);

async function load(db: DbOrTx, accountId: string, id: string) {
  const row = await repo.findSite(db, accountId, id);
  if (!row) throw notFound();
  return present(row.site, row.jobsCount, row.employersCount);
}

export async function listSites(deps: AppDeps, accountId: string, q: { page: number; per_page: number; sort: SiteSort; q?: string }) {
  const text = q.q?.trim();
  const where = repo.listWhere(accountId, text ? likeContains(text) : null);
  const [rows, total] = await Promise.all([
    repo.listSites(deps.db, where, q.sort, q.per_page, (q.page - 1) * q.per_page),
    repo.countSites(deps.db, where),
  ]);
  return { data: rows.map((r) => present(r.site, r.jobsCount, r.employersCount)), meta: { page: q.page, per_page: q.per_page, total } };
}

/** A clear 422 on the field rather than the unique constraint's 500; the constraint still settles a race (see below). */
async function checkFields(
  db: DbOrTx,
  enterpriseId: string,
  accountId: string,
  b: { slug?: string; domain?: string | null },
  current: SiteRow | null,
) {
  const errors: Record<string, string[]> = {};
  if (b.slug !== undefined && (await repo.slugTaken(db, accountId, b.slug))) errors.slug = [settingsMessages.slugTaken];
  if (b.domain && b.domain !== current?.domain && (await repo.domainTaken(db, enterpriseId, b.domain, current?.id ?? null)))
    errors.domain = [settingsMessages.domainTaken];
  if (Object.keys(errors).length) throw invalid(errors);
}

/** Two requests that passed the checks together: the loser's constraint error becomes the same 422. */
function raceAs422(err: unknown): never {
  if (uniqueViolation(err, 'sites_account_slug_unique')) throw invalid({ slug: [settingsMessages.slugTaken] });
  if (uniqueViolation(err, 'sites_domain_unique')) throw invalid({ domain: [settingsMessages.domainTaken] });
  throw err;
}

export async function createSite(
  deps: AppDeps,
  accountId: string,
  actor: Actor,
  b: { name: string; slug: string; domain?: string | null; board_enabled: boolean },
) {
  const domain = b.domain ?? null;
  await checkFields(deps.db, actor.enterpriseId, accountId, { slug: b.slug, domain }, null);
  const settings = structuredClone(defaultSiteSettings);
  const site = await deps.db
    .transaction(async (tx) => {
      const row = await repo.insertSite(tx, {
        accountId,
        slug: b.slug,
        name: b.name,
        domain,
        domainVerifiedAt: trustedAt(domain),
        boardEnabled: b.board_enabled,
        settings,
      });
      await settingsRepo.insertSiteDefaults(tx, { accountId, siteId: row.id }, settings);
      await audit(tx, settingsAudit(actor, accountId, 'site.create', { type: 'site', id: row.id }, { slug: row.slug, name: row.name, domain }));
      return row;
    })
    .catch(raceAs422);
  // A host asked for before it was taken is cached as unknown.
  if (domain) deps.branding.invalidate();
  return present(site, 0, 0);
}

export async function updateSite(
  deps: AppDeps,
  accountId: string,
  actor: Actor,
  id: string,
  b: { name?: string; domain?: string | null; board_enabled?: boolean; enabled?: boolean },
) {
  const changed = await deps.db
    .transaction(async (tx) => {
      const current = await repo.lockSite(tx, accountId, id);
      if (!current) throw notFound();
      await checkFields(tx, actor.enterpriseId, accountId, { domain: b.domain }, current);
      const patch: SitePatch = {};
      if (b.name !== undefined && b.name !== current.name) patch.name = b.name;
      if (b.domain !== undefined && b.domain !== current.domain) {
        patch.domain = b.domain;
        // A new domain is proved afresh: what was shown for the old one says nothing about it.
        patch.domainVerifiedAt = trustedAt(b.domain);
      }
      if (b.board_enabled !== undefined && b.board_enabled !== current.boardEnabled) patch.boardEnabled = b.board_enabled;
      if (b.enabled !== undefined && b.enabled !== current.enabled) patch.enabled = b.enabled;
      const fields = Object.keys(patch).filter((f) => f !== 'domainVerifiedAt');
      if (!fields.length) return false;
      await repo.updateSite(tx, id, patch);
      const data: Record<string, unknown> = { fields };
      if (patch.domain !== undefined) Object.assign(data, { domain_from: current.domain, domain_to: patch.domain });
      await audit(tx, settingsAudit(actor, accountId, 'site.update', { type: 'site', id }, data));
      return true;
    })
    .catch(raceAs422);
  // The board's branding carries the site's name, and its domain, board switch and enabled flag decide whether it is served.
  if (changed) deps.branding.invalidate();
  return load(deps.db, accountId, id);
}
