import type { AppAbility } from '@hireline/access/ability';
import { seekerSorts } from '@hireline/contract/seekers';
import type { AppDeps } from '../../deps';
import { notFound } from '../../platform/errors';
import type { ResolvedScope } from '../../platform/scope';
import { prepareTags } from '../../platform/search-ids';
import { siteSlice } from '../../platform/site-slice';
import { likeContains, prefixTsQuery } from '../../platform/text-search';
import * as apps from './seeker-applications.repo';
import { csvFormatOf } from '../../platform/csv-format';
import { keysetBatches } from '../../platform/keyset';
import { seekersCsv } from './seeker-csv';
import { loadDetail, presentApplication, presentSummary } from './seeker-present';
import * as query from './seekers-query.repo';
import type { SeekerSort } from './seekers-query.repo';
import * as repo from './seekers.repo';
import { seekerAccount } from './seekers.repo';

/* Reading seekers: the list (JSON and CSV), sort options, one profile, their applications, tags and files. */

export interface ListQuery extends query.SeekerFilters {
  page: number;
  per_page: number;
  sort: SeekerSort;
}

const sortLabels: Record<SeekerSort, string> = {
  '-created_at': 'Newest first',
  created_at: 'Oldest first',
  name: 'Name (A–Z)',
  '-name': 'Name (Z–A)',
  '-last_active_at': 'Recently active',
  profile_id: 'Profile ID',
};

/** In the contract's order, which the portal's sort menu keeps; refused where the list itself is. */
export function sortOptions(scope: ResolvedScope) {
  seekerAccount(scope);
  return seekerSorts.map((value) => ({ value, label: sortLabels[value] }));
}

/** `123`, `000123`, `SK-123` or `sk000123` name profile SK-000123, the form the database gives them. */
export function profileIdOf(text: string): string | null {
  const m = /^(?:sk-?)?(\d{1,12})$/i.exec(text);
  return m ? `SK-${m[1]!.padStart(6, '0')}` : null;
}

function searchTerm(q: string | undefined): query.SearchTerm | null {
  const text = q?.trim();
  if (!text) return null;
  return { tsquery: prefixTsQuery(text), pattern: likeContains(text), substring: text.length >= 3, profileId: profileIdOf(text) };
}

async function page(deps: AppDeps, accountId: string, f: query.SeekerFilters, sort: SeekerSort, limit: number, offset: number) {
  const { db } = deps;
  const term = searchTerm(f.q);
  if (!term && !f.tags?.length) {
    const shape = query.shapeOf(accountId, f, sort);
    const [rows, count] = await Promise.all([query.listShaped(db, shape, limit, offset), query.countShaped(db, shape, deps.totals)]);
    return { data: rows.map(presentSummary), ...count };
  }
  const tagged = await prepareTags(db, 'seekers', 'hireline_tagged_seekers', accountId, f.tags);
  const where = query.listWhere(accountId, f, term ? await query.prepareSearch(db, accountId, term) : null, tagged);
  const [rows, count] = await Promise.all([
    query.listSeekers(db, where, query.orderOf(sort), limit, offset),
    query.countSeekers(db, where, deps.totals),
  ]);
  return { data: rows.map(presentSummary), ...count };
}

export async function listSeekers(deps: AppDeps, scope: ResolvedScope, q: ListQuery) {
  const { data, total, estimated } = await page(deps, seekerAccount(scope), q, q.sort, q.per_page, (q.page - 1) * q.per_page);
  return { data, meta: { page: q.page, per_page: q.per_page, total, ...(estimated && { estimated }) } };
}

/** The same filters and sort as the list, every row, as CSV text streamed a batch at a time. */
export async function exportSeekersCsv(deps: AppDeps, scope: ResolvedScope, q: ListQuery) {
  const term = searchTerm(q.q);
  const accountId = seekerAccount(scope);
  // The same search and tag matches as the list's (ids through the search functions under row-level security).
  const tagged = await prepareTags(deps.db, 'seekers', 'hireline_tagged_seekers', accountId, q.tags);
  const where = query.listWhere(accountId, q, term ? await query.prepareSearch(deps.db, accountId, term) : null, tagged);
  const batches = keysetBatches(
    (after, limit) => query.exportBatch(deps.db, where, q.sort, after, limit),
    (rows) => rows.map(presentSummary),
  );
  // Seekers belong to the account; the site the portal has selected decides how the export reads.
  return seekersCsv(batches, await csvFormatOf(deps.db, scope.siteId));
}

export function getSeeker(deps: AppDeps, scope: ResolvedScope, ability: AppAbility, id: string) {
  return loadDetail({ db: deps.db, accountId: seekerAccount(scope), siteId: scope.siteId, ability }, id);
}

async function seekerOrNotFound(deps: AppDeps, scope: ResolvedScope, id: string) {
  const seeker = await repo.findSeeker(deps.db, seekerAccount(scope), id);
  if (!seeker) throw notFound();
  return seeker;
}

/** The seeker's applications on the selected site (a site must be selected), newest first. */
export async function seekerApplications(deps: AppDeps, scope: ResolvedScope, id: string, q: { page: number; per_page: number }) {
  const seeker = await seekerOrNotFound(deps, scope, id);
  const { siteId } = siteSlice(scope);
  const [rows, total] = await Promise.all([
    apps.listOnSite(deps.db, seeker.id, siteId, q.per_page, (q.page - 1) * q.per_page),
    apps.countApplications(deps.db, seeker.id, siteId),
  ]);
  return { data: rows.map(presentApplication), meta: { page: q.page, per_page: q.per_page, total } };
}

export async function getTags(deps: AppDeps, scope: ResolvedScope, id: string) {
  const seeker = await seekerOrNotFound(deps, scope, id);
  return { tags: seeker.tags };
}

/** The bytes of the seeker's resume or one of their documents; any other file, or one whose bytes are gone, is 404. */
export async function profileFile(deps: AppDeps, scope: ResolvedScope, id: string, fileId: string) {
  const seeker = await seekerOrNotFound(deps, scope, id);
  const file = await repo.profileFile(deps.db, seeker, fileId);
  const bytes = file && (await deps.storage.get(file.storageKey));
  if (!file || !bytes) throw notFound();
  return { name: file.originalName, mime: file.mime, bytes };
}
