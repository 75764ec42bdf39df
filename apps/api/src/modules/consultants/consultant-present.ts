import type { ConsultantDetail, ConsultantSummary } from '@hireline/contract/consultants';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../platform/errors';
import { signedFileUrl } from '../../platform/files';
import type { SiteSlice } from '../../platform/site-slice';
import { allowedActions, type Caller } from './consultant.policy';
import * as repo from './consultants.repo';
import type { ConsultantRow } from './consultants.repo';

/* Rows → the contract's shapes. Timestamps leave as ISO 8601 UTC; the photo as a signed URL (platform/files). */

type SiteRef = ConsultantSummary['sites'][number];

export function presentSummary(c: ConsultantRow, sites: SiteRef[], jobsCount: number, appSecret: string): ConsultantSummary {
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    title: c.title,
    photo: c.photoFileId ? signedFileUrl(appSecret, c.photoFileId) : null,
    enabled: c.enabled,
    sites,
    jobs_count: jobsCount,
    created_at: c.createdAt.toISOString(),
  };
}

/** A page of list rows with their sites, read in one more query for the whole page. */
export async function presentPage(db: DbOrTx, rows: repo.ListRow[], appSecret: string): Promise<ConsultantSummary[]> {
  const bySite = new Map<string, SiteRef[]>();
  for (const s of await repo.sitesOf(db, rows.map((r) => r.id))) {
    const list = bySite.get(s.consultantId) ?? [];
    list.push({ id: s.id, name: s.name });
    bySite.set(s.consultantId, list);
  }
  return rows.map((r) => presentSummary(r, bySite.get(r.id) ?? [], r.jobsCount, appSecret));
}

export interface DetailContext {
  db: DbOrTx;
  /** The selected site: the counts are its jobs and applications. */
  slice: SiteSlice;
  appSecret: string;
  /** Who reads it: the detail says what they may do to the consultant. */
  caller: Caller;
  /**
   * Whether the consultant must work on the selected site. Reading back after a change does not ask: an update may
   * just have taken them off it.
   */
  onSite: boolean;
}

/** Everything the consultant's page shows, read in the given handle (inside a transaction it sees its own writes). */
export async function loadDetail(c: DetailContext, id: string): Promise<ConsultantDetail> {
  const row = await repo.findConsultant(c.db, { accountId: c.slice.accountId, siteId: c.onSite ? c.slice.siteId : null }, id);
  if (!row) throw notFound();
  // One handle runs one query at a time inside a transaction, so these go one after another.
  const sites = (await repo.sitesOf(c.db, [row.id])).map((s) => ({ id: s.id, name: s.name }));
  const jobs = await repo.jobsCount(c.db, c.slice, row.id);
  const applications = await repo.applicationsCount(c.db, c.slice, row.id);
  return {
    ...presentSummary(row, sites, jobs, c.appSecret),
    photo_file_id: row.photoFileId,
    user_id: row.userId,
    applications_count: applications,
    updated_at: row.updatedAt.toISOString(),
    allowed_actions: allowedActions({ enabled: row.enabled, siteIds: sites.map((s) => s.id) }, c.caller),
  };
}
