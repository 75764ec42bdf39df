import type { AppAbility } from '@hireline/access/ability';
import type { FileRef } from '@hireline/contract/applications';
import { applicationStatuses, type ApplicationStatus } from '@hireline/contract/enums';
import type { AppDeps } from '../../deps';
import { notFound } from '../../platform/errors';
import type { ResolvedScope } from '../../platform/scope';
import { prepareTags } from '../../platform/search-ids';
import { siteSlice, type SiteSlice } from '../../platform/site-slice';
import { likeContains, prefixTsQuery } from '../../platform/text-search';
import { csvFormatOf } from '../../platform/csv-format';
import { keysetBatches } from '../../platform/keyset';
import type { Total } from '../../platform/totals-cache';
import { applicationsCsv } from './application-csv';
import { loadDetail, presentFile, presentSummary } from './application-present';
import { labelsOf, stagesOf } from './application-present';
import * as query from './applications-query.repo';
import type { ApplicationFilters, ApplicationSort } from './applications-query.repo';
import * as repo from './applications.repo';

/* Reading applications: the list (JSON and CSV), its stage counts, the detail tabs, tags, stages and the job picker. */

export interface ListQuery extends ApplicationFilters {
  page: number;
  per_page: number;
  sort: ApplicationSort;
}

/** The filters as a condition; the search text is resolved to a tsquery constant first. */
async function whereOf(deps: AppDeps, s: SiteSlice, f: ApplicationFilters) {
  const text = f.q?.trim();
  const search = text ? await query.prepareSearch(deps.db, s.siteId, prefixTsQuery(text)) : undefined;
  const tagged = await prepareTags(deps.db, 'applications', 'hireline_tagged_applications', s.siteId, f.tags);
  return query.listWhere(s, f, search, tagged);
}

/** Nothing narrows the slice but (at most) the status: the stage counters answer, no count is needed. */
const slicewide = (f: ApplicationFilters) =>
  !f.q?.trim() &&
  !f.job_id &&
  !f.employer_id &&
  !f.consultant_id &&
  !f.created_from &&
  !f.created_to &&
  !f.tags?.length &&
  f.knocked_out === undefined &&
  f.enabled === undefined;

async function total(deps: AppDeps, s: SiteSlice, f: ApplicationFilters, count: () => Promise<Total>) {
  if (!slicewide(f)) return count();
  const counts = await query.storedCounts(deps.db, s);
  const statuses: readonly ApplicationStatus[] = f.status?.length ? f.status : applicationStatuses;
  return { total: statuses.reduce<number>((n, st) => n + (counts.get(st) ?? 0), 0), estimated: false };
}

/** Without search or tags the page and its count run as prepared statements of the filters' shape. */
async function page(deps: AppDeps, s: SiteSlice, q: ListQuery, limit: number, offset: number) {
  if (!q.q?.trim() && !q.tags?.length) {
    const shape = query.shapeOf(s, q, q.sort);
    const [rows, count] = await Promise.all([
      query.listShaped(deps.db, shape, limit, offset),
      total(deps, s, q, () => query.countShaped(deps.db, shape, deps.totals)),
    ]);
    return { data: rows.map(presentSummary), ...count };
  }
  const where = await whereOf(deps, s, q);
  const [rows, count] = await Promise.all([
    query.listApplications(deps.db, where, query.orderOf(q.sort), limit, offset),
    total(deps, s, q, () => query.countApplications(deps.db, where, deps.totals)),
  ]);
  return { data: rows.map(presentSummary), ...count };
}

export async function listApplications(deps: AppDeps, scope: ResolvedScope, q: ListQuery) {
  const { data, total, estimated } = await page(deps, siteSlice(scope), q, q.per_page, (q.page - 1) * q.per_page);
  return { data, meta: { page: q.page, per_page: q.per_page, total, ...(estimated && { estimated }) } };
}

/** The same filters and sort as the list, every row, as CSV text streamed a keyset batch at a time. */
export async function exportCsv(deps: AppDeps, scope: ResolvedScope, q: ListQuery) {
  const s = siteSlice(scope);
  const [where, stages, format] = await Promise.all([whereOf(deps, s, q), repo.stageRowsOf(deps.db, s), csvFormatOf(deps.db, s.siteId)]);
  const batches = keysetBatches(
    (after, limit) => query.exportBatch(deps.db, where, q.sort, after, limit),
    (rows) => rows.map(presentSummary),
  );
  return applicationsCsv(batches, labelsOf(stagesOf(stages)), format);
}

/**
 * Every status with its count under the filters (the status filter aside), zeros included, in the statuses' order:
 * from the counters when only the slice applies, else counted up to the lists' cap (`estimated` beyond it).
 */
export async function countByStatus(deps: AppDeps, scope: ResolvedScope, f: ApplicationFilters) {
  const s = siteSlice(scope);
  const { counts, estimated } = slicewide(f)
    ? { counts: await query.storedCounts(deps.db, s), estimated: false }
    : await query.countByStatus(deps.db, await whereOf(deps, s, { ...f, status: undefined }));
  const byStatus = applicationStatuses.map((status) => ({ status, count: counts.get(status) ?? 0 }));
  const total = byStatus.reduce((n, s) => n + s.count, 0);
  return estimated ? { total: Math.max(query.COUNT_CAP + 1, total), by_status: byStatus, estimated } : { total, by_status: byStatus };
}

async function found(deps: AppDeps, scope: ResolvedScope, id: string) {
  const app = await repo.findApplication(deps.db, siteSlice(scope), id);
  if (!app) throw notFound();
  return app;
}

export const overview = (deps: AppDeps, scope: ResolvedScope, ability: AppAbility, id: string) => loadDetail(deps.db, siteSlice(scope), ability, id);

export async function answers(deps: AppDeps, scope: ResolvedScope, id: string) {
  const app = await found(deps, scope, id);
  return { knocked_out: app.knockedOut, answers: app.answers };
}

/** The resume sent with the application first, then the candidate's documents (newest first), each file once. */
export async function documents(deps: AppDeps, scope: ResolvedScope, id: string) {
  const s = siteSlice(scope);
  const detail = await repo.detailOf(deps.db, s, id);
  if (!detail) throw notFound();
  const out: FileRef[] = detail.resume ? [presentFile(detail.resume, 'resume')] : [];
  for (const d of await repo.seekerDocumentsOf(deps.db, detail.app))
    if (!out.some((f) => f.id === d.id)) out.push(presentFile(d, d.kind === 'resume' ? 'resume' : 'document'));
  return { documents: out };
}

/** Types a browser may show in the page; anything else is always downloaded, whatever was asked. */
const inlineSafe = /^(application\/pdf|image\/(png|jpeg|webp)|text\/plain)$/;

/** A file of this application (its resume or one of its candidate's documents): its bytes and how to send them. */
export async function file(deps: AppDeps, scope: ResolvedScope, id: string, fileId: string, disposition: 'inline' | 'attachment') {
  const app = await found(deps, scope, id);
  const f = await repo.fileOfApplication(deps.db, app, fileId);
  const bytes = f && (await deps.storage.get(f.storageKey));
  if (!f || !bytes) throw notFound();
  const shown: typeof disposition = disposition === 'inline' && inlineSafe.test(f.mime) ? 'inline' : 'attachment';
  return { bytes, mime: f.mime, name: f.name, disposition: shown };
}

export async function history(deps: AppDeps, scope: ResolvedScope, id: string) {
  const app = await found(deps, scope, id);
  const rows = await repo.historyOf(deps.db, app);
  return {
    history: rows.map((h) => ({
      id: h.id,
      from_status: h.from,
      to_status: h.to,
      // A user since deleted leaves neither id nor name: shown as the system, never as someone else.
      actor:
        h.userName !== null
          ? { type: 'user' as const, name: h.userName }
          : h.actorSeekerId
            ? { type: 'candidate' as const, name: h.seekerErased ? null : h.seekerName }
            : { type: 'system' as const, name: null },
      notify: h.notify,
      created_at: h.createdAt.toISOString(),
    })),
  };
}

export async function getTags(deps: AppDeps, scope: ResolvedScope, id: string) {
  return { tags: (await found(deps, scope, id)).tags };
}

/** Tags organise the list, so they can be changed at any status; the contract already lower-cases them. */
export async function setTags(deps: AppDeps, scope: ResolvedScope, id: string, tags: string[]) {
  const app = await found(deps, scope, id);
  const next = [...new Set(tags.map((t) => t.toLowerCase()))];
  await repo.updateApplication(deps.db, app.id, { tags: next });
  return { tags: next };
}

export async function feedback(deps: AppDeps, scope: ResolvedScope, id: string) {
  const f = await repo.feedbackOf(deps.db, await found(deps, scope, id));
  return {
    feedback: f && {
      rating: f.rating,
      employer_recommended: f.employerRecommended,
      additional_feedback: f.additionalFeedback,
      created_at: f.createdAt.toISOString(),
      updated_at: f.updatedAt.toISOString(),
    },
  };
}

export async function stages(deps: AppDeps, scope: ResolvedScope) {
  return stagesOf(await repo.stageRowsOf(deps.db, siteSlice(scope)));
}

/** At most this many jobs in the picker; typing narrows it. */
const PICK_LIMIT = 50;

export async function pickJobs(deps: AppDeps, scope: ResolvedScope, q: string | undefined) {
  const text = q?.trim();
  return repo.pickJobs(deps.db, siteSlice(scope), text ? likeContains(text) : null, PICK_LIMIT);
}
