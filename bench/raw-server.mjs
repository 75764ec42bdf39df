/**
 * The raw baseline: the benchmark's endpoints over plain node:http + pg, with no framework, no validation library, no
 * ORM. It runs the API's SQL in the API's order — the same authentication (lib/raw-auth.mjs: sha256 token lookup,
 * the once-a-minute session touch, memberships and scope chain in one prepared statement), the same connection
 * set-up (lib/raw-pool.mjs: the API's role and tenant per checkout, so row-level security costs both the same), the
 * lists' search terms, page and count at once, the count through the API's own totals cache
 * (apps/api/src/platform/totals-cache.ts, so both remember the same totals for as long), the pages around the lists
 * (lib/raw-pages.mjs) with the API's branding and enterprise caches — and answers the same JSON. The API's time over
 * this one is what the framework, validation, serialisation and the ORM cost; the database's own time is common.
 *
 * `node --import tsx bench/raw-server.mjs` (PORT, DATABASE_URL, APP_SECRET and BENCH_RAW_RLS from the environment,
 * defaults from lib/config.mjs). Serves GET /portal/v1/jobs, /portal/v1/applications(/counts), /portal/v1/seekers
 * and the paths of lib/raw-pages.mjs, for staff of the big site's kind (no impersonation); else 404.
 */
import { createServer } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { RAW_PORT, databaseUrl } from './lib/config.mjs';
import { totalsCache } from '../apps/api/src/platform/totals-cache.ts';
import { authentication, notFound } from './lib/raw-auth.mjs';
import { jobActionsFor, pageRoutes } from './lib/raw-pages.mjs';
import { tenantPool } from './lib/raw-pool.mjs';
import {
  APPLICATION_STATUSES,
  COUNT_CAP,
  ESTIMATE_SQL,
  applicationFiltersOf,
  applicationQueries,
  applicationSearch,
  applicationSearchStatement,
  filtersOf,
  listQueries,
  preparedSearch,
  searchQuery,
  seekerFiltersOf,
  seekerQueries,
  seekerSearch,
  seekerSearchStatement,
  slicewide,
  stageCountQuery,
  storedCountsQuery,
} from './lib/raw-sql.mjs';

const db = tenantPool(process.env.DATABASE_URL ?? databaseUrl());
const auth = authentication(db);
const pageRoute = pageRoutes({ auth, secret: process.env.APP_SECRET ?? '' });

/** A lists endpoint's checks: a member of the whole selected site, no employer selected, with `<subject> view`. */
async function authorise(req, subject) {
  const c = await auth.staff(req, { subject, action: 'view' });
  if (!c.scope.siteId || c.scope.employerIds || c.scope.employerId) throw notFound();
  return { scope: { accountId: c.scope.accountId, siteId: c.scope.siteId }, query: c.query, caller: c };
}

const totals = totalsCache();

/**
 * jobs-query.repo.ts countJobs() (and countApplications, countSeekers, the same code): capped count, the planner's
 * estimate past the cap, big totals kept briefly.
 */
function countRows(query, prefix, q) {
  return totals.get(`${prefix}:${q.count.text}:${JSON.stringify(q.count.values)}`, async () => {
    const { rows } = await query(q.count);
    const n = Number(rows[0].count);
    if (n <= COUNT_CAP) return { total: n, estimated: false };
    const estimate = await plannedRows(query, q.explain);
    return { total: Math.max(COUNT_CAP + 1, estimate), estimated: true };
  });
}

/** platform/capped-count.ts plannedRows(): the estimate planned as the login role, in a transaction. */
function plannedRows(query, explain) {
  return query.transaction(async (tx) => {
    const { rows: [{ role }] } = await tx(ESTIMATE_SQL.role);
    await tx(ESTIMATE_SQL.asOwner);
    const plan = await tx(explain);
    await tx(ESTIMATE_SQL.restore, [role]);
    return Math.round(Number(plan.rows[0]['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0));
  });
}

const iso = (d) => (d ? d.toISOString() : null);

async function listJobs(req, url) {
  const { scope, query, caller } = await authorise(req, 'jobs');
  const allowedFor = jobActionsFor(caller);
  const f = filtersOf(url.searchParams);
  const sq = searchQuery(scope, f.q);
  const search = sq ? preparedSearch(sq, (await query(sq)).rows[0]) : null;
  const q = listQueries(scope, f, search);
  const [list, count] = await Promise.all([query({ ...q.list, rowMode: 'array' }), countRows(query, 'jobs', q)]);
  // job-present.ts presentSummary, field for field.
  const data = list.rows.map(([id, title, ref, status, openReports, featured, employerId, employerName, consultantId, consultantName, workType, classification, location, tags, start, end, posted, created, applications]) => ({
    id,
    title,
    reference_number: ref,
    status,
    flagged: openReports > 0,
    open_reports: openReports,
    featured,
    employer: { id: employerId, name: employerName },
    consultant: consultantId && consultantName !== null ? { id: consultantId, name: consultantName } : null,
    work_type: workType,
    classification,
    location,
    tags,
    advert_start_at: iso(start),
    advert_end_at: iso(end),
    posted_at: iso(posted),
    created_at: created.toISOString(),
    applications_count: applications,
    allowed_actions: allowedFor(status),
  }));
  return { data, meta: { page: f.page, per_page: f.perPage, total: count.total, ...(count.estimated && { estimated: true }) } };
}

/** prepareSearch() of the applications module: the typed text as a tsquery constant and the matching ids. */
async function applicationSearchOf(query, scope, q) {
  const ts = applicationSearchStatement(scope, q);
  return applicationSearch(q, ts ? (await query(ts)).rows[0] : null);
}

/** applications-query.repo.ts storedCounts(): status → count from the site's counters. */
async function storedCounts(query, scope) {
  const { rows } = await query({ ...storedCountsQuery(scope), rowMode: 'array' });
  return new Map(rows.map(([status, n]) => [status, Number(n)]));
}

/** applications.service.ts total(): the counters' sum over the statuses shown when the list is slice-wide. */
async function applicationsTotal(query, scope, f, q) {
  if (!slicewide(f)) return countRows(query, 'applications', q);
  const counts = await storedCounts(query, scope);
  const statuses = f.status.length ? f.status : APPLICATION_STATUSES;
  return { total: statuses.reduce((n, st) => n + (counts.get(st) ?? 0), 0), estimated: false };
}

/** applications.service.ts listApplications() for a whole-site caller. */
async function listApplications(req, url) {
  const { scope, query } = await authorise(req, 'applications');
  const f = applicationFiltersOf(url.searchParams);
  const q = applicationQueries(scope, f, await applicationSearchOf(query, scope, f.q));
  const [list, count] = await Promise.all([query({ ...q.list, rowMode: 'array' }), applicationsTotal(query, scope, f, q)]);
  // application-present.ts presentSummary, field for field.
  const data = list.rows.map(([id, status, changed, enabled, knockedOut, source, seekerId, name, email, jobId, jobTitle, ref, employerId, employerName, tags, created]) => ({
    id,
    status,
    status_changed_at: changed.toISOString(),
    enabled,
    knocked_out: knockedOut,
    source,
    candidate: { id: seekerId, name, email },
    job: { id: jobId, title: jobTitle, reference_number: ref },
    employer: { id: employerId, name: employerName },
    tags,
    created_at: created.toISOString(),
  }));
  return { data, meta: { page: f.page, per_page: f.perPage, total: count.total, ...(count.estimated && { estimated: true }) } };
}

/** applications.service.ts countByStatus(): every status in the contract's order, zeros included. */
async function countByStatus(req, url) {
  const { scope, query } = await authorise(req, 'applications');
  const f = applicationFiltersOf(url.searchParams);
  let counts;
  if (slicewide(f)) counts = await storedCounts(query, scope);
  else {
    const { rows } = await query({ ...stageCountQuery(scope, f, await applicationSearchOf(query, scope, f.q)), rowMode: 'array' });
    counts = new Map(rows.map(([status, n]) => [status, Number(n)]));
  }
  const byStatus = APPLICATION_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 }));
  return { total: byStatus.reduce((n, s) => n + s.count, 0), by_status: byStatus };
}

/** seekers.service.ts listSeekers(): the account's candidates (seekers.repo.ts seekerAccount for a whole-site member). */
async function listSeekers(req, url) {
  const { scope, query } = await authorise(req, 'seekers');
  const f = seekerFiltersOf(url.searchParams);
  const ts = seekerSearchStatement(scope, f.q);
  const search = seekerSearch(f.q, ts ? (await query(ts)).rows[0] : null);
  const q = seekerQueries(scope, f, search);
  const [list, count] = await Promise.all([query({ ...q.list, rowMode: 'array' }), countRows(query, 'seekers', q)]);
  // seeker-present.ts presentSummary, field for field.
  const data = list.rows.map(([id, , email, name, phone, , visaType, workType, profileId, location, tags, enabled, , , erasedAt, lastActive, created]) => ({
    id,
    profile_id: profileId,
    name,
    email,
    phone,
    location,
    visa_type: visaType,
    desired_work_type: workType,
    tags,
    enabled,
    erased: erasedAt !== null,
    created_at: created.toISOString(),
    last_active_at: iso(lastActive),
  }));
  return { data, meta: { page: f.page, per_page: f.perPage, total: count.total, ...(count.estimated && { estimated: true }) } };
}

const routes = {
  '/portal/v1/jobs': listJobs,
  '/portal/v1/applications': listApplications,
  '/portal/v1/applications/counts': countByStatus,
  '/portal/v1/seekers': listSeekers,
};

// Compressed as the API compresses (server.ts, @fastify/compress): brotli at quality 4, else gzip, from 2 KB, off the
// main thread in zlib's pool, so both servers pay the same for what a browser asks.
const COMPRESS_FROM = 2048;
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const encodingFor = (accepted = '') => (/\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null);

const server = createServer(async (req, res) => {
  const url = new URL(req.url, 'http://raw');
  let status = 200;
  let body;
  try {
    const handler = req.method !== 'GET' ? null : Object.hasOwn(routes, url.pathname) ? routes[url.pathname] : pageRoute(url.pathname);
    if (!handler) throw notFound();
    body = await handler(req, url);
  } catch (err) {
    status = err.status ?? 500;
    body = { message: err.status ? err.message : 'Server error.' };
    if (status === 500) console.error(err);
  }
  const json = JSON.stringify(body);
  const encoding = json.length >= COMPRESS_FROM ? encodingFor(req.headers['accept-encoding']) : null;
  if (!encoding) {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) });
    return res.end(json);
  }
  const packed = await (encoding === 'br' ? brotli(json, BROTLI) : gzip(json));
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-encoding': encoding, vary: 'accept-encoding', 'content-length': packed.length });
  res.end(packed);
});

server.listen(Number(process.env.PORT ?? RAW_PORT), '127.0.0.1', () => console.log(`raw baseline listening on ${server.address().port}`));
const stop = () => server.close(() => db.end().then(() => process.exit(0)));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
