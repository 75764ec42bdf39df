import type { z } from 'zod';
import { periodsPerYear, type BoardJobDetail, type boardJobsQuery, type BoardSite } from '@hireline/contract/board';
import type { AppDeps } from '../../deps';
import { notFound } from '../../platform/errors';
import { likeContains, prefixTsQuery } from '../../platform/text-search';
import type { Board } from './board-host.service';
import * as jobsRepo from './board-jobs.repo';
import { Labels, payPeriodOf, presentDetail, presentSummary } from './board-present';
import * as repo from './board.repo';

/* The board's read side: its site with filter counts, the list of live adverts, one advert. */

type Facets = BoardSite['filters'];

export async function boardSite(deps: AppDeps, { site }: Board): Promise<BoardSite> {
  const [options, combos] = await Promise.all([repo.optionsOf(deps.db, site), repo.liveFacets(deps.db, site, new Date())]);
  const counts = new Map<string, number>();
  const add = (kind: string, value: string | null, n: number) => {
    if (value !== null) counts.set(`${kind}:${value}`, (counts.get(`${kind}:${value}`) ?? 0) + n);
  };
  for (const c of combos) {
    add('work_type', c.workType, c.n);
    add('classification', c.classification, c.n);
    add('pay_type', c.payType, c.n);
  }
  const facets: Facets = { work_types: [], classifications: [], pay_types: [] };
  const listOf = { work_type: facets.work_types, classification: facets.classifications, pay_type: facets.pay_types };
  // A disabled option is not offered as a filter, though adverts that carry it still show its label.
  for (const o of options) {
    if (!o.enabled) continue;
    listOf[o.kind as keyof typeof listOf].push({ value: o.value, label: o.label, count: counts.get(`${o.kind}:${o.value}`) ?? 0 });
  }
  return {
    name: site.name,
    locale: site.locale ?? 'en-US',
    currency: site.currency ?? 'USD',
    live_jobs: combos.reduce((n, c) => n + c.n, 0),
    filters: facets,
    retention: { application_days: site.applicationRetentionDays, candidate_days: site.candidateRetentionDays },
  };
}

export type BoardJobsQuery = z.output<typeof boardJobsQuery>;

function searchOf(q: string | undefined): jobsRepo.BoardSearch | null {
  const text = q?.trim();
  return text ? { tsquery: prefixTsQuery(text), pattern: likeContains(text) } : null;
}

/** Periods a year of each of the site's pay types, read from its words as the adverts' pay is (payPeriodOf). */
function payTypeFactors(options: Array<{ kind: string; value: string; label: string }>): Map<string, number> {
  const factors = new Map<string, number>();
  for (const o of options) {
    const period = o.kind === 'pay_type' ? payPeriodOf(o) : null;
    if (period) factors.set(o.value, periodsPerYear[period]);
  }
  return factors;
}

export async function listJobs(deps: AppDeps, { site }: Board, q: BoardJobsQuery) {
  const search = searchOf(q.q);
  // The options first: the minimum pay compares yearly amounts, which the pay types' periods decide.
  const options = await repo.optionsOf(deps.db, site);
  const filters: jobsRepo.BoardFilters = {
    workTypes: q.work_type,
    classifications: q.classification,
    payTypes: q.pay_type,
    location: q.location ? likeContains(q.location) : undefined,
    payMinCents: q.pay_min,
    payTypeFactors: payTypeFactors(options),
  };
  const where = jobsRepo.boardWhere(site.id, new Date(), filters, search);
  const order = jobsRepo.boardOrder(q.sort ?? (search ? 'relevance' : '-published_at'), search);
  // A board's total is the same for every visitor: above a thousand it is kept a few seconds per site and filters
  // (platform/totals-cache.ts) instead of counting the site's live adverts for each of them.
  const countKey = `board:${site.id}:${JSON.stringify([q.q ?? null, q.work_type, q.classification, q.pay_type, q.location, q.pay_min])}`;
  const [rows, { total }] = await Promise.all([
    jobsRepo.listBoardJobs(deps.db, where, order, q.per_page, (q.page - 1) * q.per_page),
    deps.totals.get(countKey, async () => ({ total: await jobsRepo.countBoardJobs(deps.db, where), estimated: false })),
  ]);
  const context = { labels: new Labels(options), appSecret: deps.config.appSecret };
  return { data: rows.map((r) => presentSummary(r, context)), meta: { page: q.page, per_page: q.per_page, total } };
}

export async function getJob(deps: AppDeps, { site, origin }: Board, id: string): Promise<BoardJobDetail> {
  const job = await jobsRepo.findBoardJob(deps.db, site.id, new Date(), id);
  if (!job) throw notFound();
  const [questions, options] = await Promise.all([jobsRepo.questionsOf(deps.db, site.accountId, job.id), repo.optionsOf(deps.db, site)]);
  return presentDetail(job, questions, {
    labels: new Labels(options),
    appSecret: deps.config.appSecret,
    site: { name: site.name, locale: site.locale },
    origin,
  });
}
