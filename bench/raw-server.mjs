/**
 * The raw baseline: the jobs, applications and seekers lists (and the stage counts) over plain node:http + a pg
 * Pool, with no framework, no validation library, no ORM. It runs the API's SQL (lib/raw-sql.mjs) in the API's order — the same authentication (sha256 token lookup,
 * the once-a-minute session touch, memberships and scope chain in one statement), the search terms, then the page
 * and the count at once, the count through the API's own totals cache (apps/api/src/platform/totals-cache.ts, so
 * both remember the same totals for as long) — and answers the same JSON. The API's time over this one is what the
 * framework, validation, serialisation and the ORM cost; the database's own time is common to both.
 *
 * `node --import tsx bench/raw-server.mjs` (PORT and DATABASE_URL from the environment, defaults from lib/config.mjs).
 * Serves GET /portal/v1/jobs, /portal/v1/applications, /portal/v1/applications/counts and /portal/v1/seekers for a
 * whole-site member only (the benchmark's site manager); other cases answer 404.
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import pg from 'pg';
import { RAW_PORT, databaseUrl } from './lib/config.mjs';
import { totalsCache } from '../apps/api/src/platform/totals-cache.ts';
import {
  APPLICATION_STATUSES,
  CALLER_SQL,
  COUNT_CAP,
  ENTERPRISE_SQL,
  TOUCH_SESSION_SQL,
  applicationFiltersOf,
  applicationQueries,
  filtersOf,
  listQueries,
  preparedSearch,
  searchQuery,
  seekerFiltersOf,
  seekerQueries,
  seekerSearch,
  slicewide,
  stageCountQuery,
  storedCountsQuery,
  tsqueryStatement,
} from './lib/raw-sql.mjs';

// The API's pool size (db/client.ts), so both compete for the database on the same terms.
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL ?? databaseUrl(), max: 10 });
pool.on('error', () => {});
const IDLE_MS = 12 * 60 * 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

class HttpError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

// The API caches enterprises for a minute (platform/tenancy.ts); so does the baseline.
const enterprises = new Map();
async function enterprise(key) {
  const hit = enterprises.get(key);
  if (hit && Date.now() - hit.at < 60_000) return hit.value;
  const { rows } = await pool.query(ENTERPRISE_SQL, [key, 1]);
  enterprises.set(key, { value: rows[0] ?? null, at: Date.now() });
  return rows[0] ?? null;
}

/** platform/auth.ts lookUp() + platform/scope.ts verifyScope() for a whole-site member, then `<subject> view`. */
async function caller(req, token, enterpriseId, subject) {
  const now = new Date();
  const accountId = req.headers['x-af-aid'];
  const siteId = req.headers['x-af-sid'];
  if (!UUID.test(accountId ?? '') || !UUID.test(siteId ?? '')) throw new HttpError(404, 'Not found.');
  const hash = createHash('sha256').update(token).digest('hex');
  const values = [siteId, accountId, accountId, enterpriseId, hash, now, now, true, enterpriseId, 1];
  // A named statement, as the API prepares it (platform/auth.ts): parsed and planned once per connection.
  const { rows } = await pool.query({ name: 'auth_lookup_withScope', text: CALLER_SQL, values, rowMode: 'array' });
  if (!rows.length) throw new HttpError(401, 'Unauthenticated.');
  const [sessionId, expiresAt, , lastUsedAt, , , , , , , , , memberships, chain] = rows[0];
  if (!lastUsedAt || now - lastUsedAt > 60_000) {
    const idle = new Date(Math.min(now.getTime() + IDLE_MS, expiresAt.getTime()));
    await pool.query(TOUCH_SESSION_SQL, [now, idle, sessionId]);
  }
  const covering = memberships
    .map(([scopeType, account, site, , permissions]) => ({ scopeType, account, site, permissions: permissions ?? [] }))
    .filter((m) => m.scopeType === 'enterprise' || (m.account === accountId && (m.scopeType === 'account' || (m.scopeType === 'site' && m.site === siteId))));
  const [accountEnabled, foundSite, siteEnabled] = chain ?? [];
  if (!covering.length || !accountEnabled || !foundSite || !siteEnabled) throw new HttpError(404, 'Not found.');
  const granted = covering.some((m) => m.permissions.some((p) => p === 'all' || p === `${subject}.all` || p === `${subject}.view`));
  if (!granted) throw new HttpError(403, 'This action is unauthorized.');
  return { accountId, siteId };
}

const totals = totalsCache();

/**
 * jobs-query.repo.ts countJobs() (and countApplications, countSeekers, the same code): capped count, the planner's
 * estimate past the cap, big totals kept briefly.
 */
function countRows(prefix, q) {
  return totals.get(`${prefix}:${q.count.text}:${JSON.stringify(q.count.values)}`, async () => {
    const { rows } = await pool.query(q.count);
    const n = Number(rows[0].count);
    if (n <= COUNT_CAP) return { total: n, estimated: false };
    const plan = await pool.query(q.explain);
    const estimate = Math.round(Number(plan.rows[0]['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0));
    return { total: Math.max(COUNT_CAP + 1, estimate), estimated: true };
  });
}

const iso = (d) => (d ? d.toISOString() : null);

/** The enterprise, the bearer token and the caller, as route.ts settles them before any handler runs. */
async function authorise(req, subject) {
  const ent = await enterprise(req.headers['x-af-eid']);
  if (!ent) throw new HttpError(400, 'Unknown enterprise.');
  const [scheme, token] = (req.headers.authorization ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) throw new HttpError(401, 'Unauthenticated.');
  return caller(req, token, ent.id, subject);
}

async function listJobs(req, url) {
  const scope = await authorise(req, 'jobs');
  const f = filtersOf(url.searchParams);
  const sq = searchQuery(scope, f.q);
  const search = sq ? preparedSearch(sq, (await pool.query(sq)).rows[0]) : null;
  const q = listQueries(scope, f, search);
  const [list, count] = await Promise.all([pool.query({ ...q.list, rowMode: 'array' }), countRows('jobs', q)]);
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
  }));
  return { data, meta: { page: f.page, per_page: f.perPage, total: count.total, ...(count.estimated && { estimated: true }) } };
}

/** prepareSearch() of the applications and seekers modules: the typed text as a tsquery constant, or null. */
async function tsqueryOf(q) {
  const ts = tsqueryStatement(q);
  if (ts) return (await pool.query(ts)).rows[0].q ?? '';
  return q?.trim() ? '' : undefined;
}

/** applications-query.repo.ts storedCounts(): status → count from the site's counters. */
async function storedCounts(scope) {
  const { rows } = await pool.query({ ...storedCountsQuery(scope), rowMode: 'array' });
  return new Map(rows.map(([status, n]) => [status, Number(n)]));
}

/** applications.service.ts total(): the counters' sum over the statuses shown when the list is slice-wide. */
async function applicationsTotal(scope, f, q) {
  if (!slicewide(f)) return countRows('applications', q);
  const counts = await storedCounts(scope);
  const statuses = f.status.length ? f.status : APPLICATION_STATUSES;
  return { total: statuses.reduce((n, st) => n + (counts.get(st) ?? 0), 0), estimated: false };
}

/** applications.service.ts listApplications() for a whole-site caller. */
async function listApplications(req, url) {
  const scope = await authorise(req, 'applications');
  const f = applicationFiltersOf(url.searchParams);
  const q = applicationQueries(scope, f, await tsqueryOf(f.q));
  const [list, count] = await Promise.all([pool.query({ ...q.list, rowMode: 'array' }), applicationsTotal(scope, f, q)]);
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
  const scope = await authorise(req, 'applications');
  const f = applicationFiltersOf(url.searchParams);
  let counts;
  if (slicewide(f)) counts = await storedCounts(scope);
  else {
    const { rows } = await pool.query({ ...stageCountQuery(scope, f, await tsqueryOf(f.q)), rowMode: 'array' });
    counts = new Map(rows.map(([status, n]) => [status, Number(n)]));
  }
  const byStatus = APPLICATION_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 }));
  return { total: byStatus.reduce((n, s) => n + s.count, 0), by_status: byStatus };
}

/** seekers.service.ts listSeekers(): the account's candidates (seekers.repo.ts seekerAccount for a whole-site member). */
async function listSeekers(req, url) {
  const scope = await authorise(req, 'seekers');
  const f = seekerFiltersOf(url.searchParams);
  const ts = tsqueryStatement(f.q);
  const search = seekerSearch(f.q, ts ? (await pool.query(ts)).rows[0].q : null);
  const q = seekerQueries(scope, f, search);
  const [list, count] = await Promise.all([pool.query({ ...q.list, rowMode: 'array' }), countRows('seekers', q)]);
  // seeker-present.ts presentSummary, field for field.
  const data = list.rows.map(([id, , email, name, phone, , , visaType, workType, profileId, location, tags, enabled, , , erasedAt, lastActive, created]) => ({
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

const server = createServer(async (req, res) => {
  const url = new URL(req.url, 'http://raw');
  let status = 200;
  let body;
  try {
    const handler = req.method === 'GET' && Object.hasOwn(routes, url.pathname) ? routes[url.pathname] : null;
    if (!handler) throw new HttpError(404, 'Not found.');
    body = await handler(req, url);
  } catch (err) {
    status = err.status ?? 500;
    body = { message: err.status ? err.message : 'Server error.' };
    if (status === 500) console.error(err);
  }
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) });
  res.end(json);
});

server.listen(Number(process.env.PORT ?? RAW_PORT), '127.0.0.1', () => console.log(`raw baseline listening on ${server.address().port}`));
const stop = () => server.close(() => pool.end().then(() => process.exit(0)));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
