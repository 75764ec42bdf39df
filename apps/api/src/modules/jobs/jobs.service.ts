import type { AppAbility } from '@hireline/access/ability';
import { applicationStatuses } from '@hireline/contract/enums';
import type { AppDeps } from '../../deps';
import { notFound } from '../../platform/errors';
import type { ResolvedScope } from '../../platform/scope';
import { prepareTags } from '../../platform/search-ids';
import { siteSlice, type SiteSlice } from '../../platform/site-slice';
import { likeContains, prefixTsQuery } from '../../platform/text-search';
import { csvFormatOf } from '../../platform/csv-format';
import { keysetBatches } from '../../platform/keyset';
import { jobsCsv } from './job-csv';
import { loadDetail, presentSummary } from './job-present';
import * as query from './jobs-query.repo';
import type { JobSort } from './jobs-query.repo';
import * as repo from './jobs.repo';

/* Reading jobs: the list (JSON and CSV), the hold queue, one job's detail, its application counts. */

export interface ListQuery extends query.JobFilters {
  page: number;
  per_page: number;
  sort: JobSort;
}

function searchTerm(q: string | undefined): query.SearchTerm | null {
  const text = q?.trim();
  if (!text) return null;
  return { tsquery: prefixTsQuery(text), pattern: likeContains(text), substring: text.length >= 3 };
}

async function page(deps: AppDeps, s: SiteSlice, ability: AppAbility, f: query.JobFilters, sort: JobSort, limit: number, offset: number) {
  const { db } = deps;
  const term = searchTerm(f.q);
  if (!term && !f.tags?.length) {
    const shape = query.shapeOf(s, f, sort);
    const [rows, count] = await Promise.all([query.listShaped(db, shape, limit, offset), query.countShaped(db, shape, deps.totals)]);
    return { data: rows.map((r) => presentSummary(r, { ability })), ...count };
  }
  const tagged = await prepareTags(db, 'jobs', 'hireline_tagged_jobs', s.siteId, f.tags);
  const where = query.listWhere(s, f, term ? await query.prepareSearch(db, s, term) : null, tagged);
  const [rows, count] = await Promise.all([
    query.listJobs(db, where, query.orderOf(sort), limit, offset),
    query.countJobs(db, where, deps.totals),
  ]);
  return { data: rows.map((r) => presentSummary(r, { ability })), ...count };
}

export async function listJobs(deps: AppDeps, scope: ResolvedScope, ability: AppAbility, q: ListQuery) {
  const { data, total, estimated } = await page(deps, siteSlice(scope), ability, q, q.sort, q.per_page, (q.page - 1) * q.per_page);
  return { data, meta: { page: q.page, per_page: q.per_page, total, ...(estimated && { estimated }) } };
}

/** The same filters and sort as the list, every row, as CSV text streamed a keyset batch at a time. */
export async function exportJobsCsv(deps: AppDeps, scope: ResolvedScope, ability: AppAbility, q: ListQuery) {
  const s = siteSlice(scope);
  const term = searchTerm(q.q);
  const [search, format, tagged] = await Promise.all([
    term ? query.prepareSearch(deps.db, s, term) : null,
    csvFormatOf(deps.db, s.siteId),
    prepareTags(deps.db, 'jobs', 'hireline_tagged_jobs', s.siteId, q.tags),
  ]);
  const where = query.listWhere(s, q, search, tagged);
  const batches = keysetBatches(
    (after, limit) => query.exportBatch(deps.db, where, q.sort, after, limit),
    (rows) => rows.map((r) => presentSummary(r, { ability })),
  );
  return jobsCsv(batches, format);
}

/** Jobs waiting for approval, the longest waiting first. */
export async function listOnHold(deps: AppDeps, scope: ResolvedScope, ability: AppAbility, q: { page: number; per_page: number; q?: string }) {
  const filters = { status: ['pending' as const], q: q.q };
  const { data, total, estimated } = await page(deps, siteSlice(scope), ability, filters, 'posted_at', q.per_page, (q.page - 1) * q.per_page);
  return { data, meta: { page: q.page, per_page: q.per_page, total, ...(estimated && { estimated }) } };
}

export function getJob(deps: AppDeps, scope: ResolvedScope, ability: AppAbility, id: string) {
  return loadDetail({ db: deps.db, slice: siteSlice(scope), ability, appSecret: deps.config.appSecret }, id);
}

/** Every application status with its count, zeros included, in the statuses' order. */
export async function jobApplications(deps: AppDeps, scope: ResolvedScope, id: string) {
  const job = await repo.findJob(deps.db, siteSlice(scope), id);
  if (!job) throw notFound();
  const counts = await query.applicationsByStatus(deps.db, id);
  const byStatus = applicationStatuses.map((status) => ({ status, count: counts.get(status) ?? 0 }));
  return { total: byStatus.reduce((n, s) => n + s.count, 0), by_status: byStatus };
}
