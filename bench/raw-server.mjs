/**
 * The raw baseline: the jobs list over plain node:http + a pg Pool, with no framework, no validation library, no
 * ORM. It runs the API's SQL (lib/raw-sql.mjs) in the API's order — the same authentication (sha256 token lookup,
 * the once-a-minute session touch), memberships and scope check, then the page and count queries at once and the
 * page's application counts — and answers the same JSON. The API's time over this one is what the framework,
 * validation, serialisation and the ORM cost; the database's own time is common to both.
 *
 * `node bench/raw-server.mjs` (PORT and DATABASE_URL from the environment, defaults from lib/config.mjs).
 * Serves GET /portal/v1/jobs for a whole-site member only (the benchmark's site manager); other cases answer 404.
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import pg from 'pg';
import { RAW_PORT, databaseUrl } from './lib/config.mjs';
import { ENTERPRISE_SQL, MEMBERSHIPS_SQL, SCOPE_SQL, SESSION_SQL, TOUCH_SESSION_SQL, applicationCountsQuery, filtersOf, listQueries } from './lib/raw-sql.mjs';

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

async function authenticate(token, enterpriseId) {
  const now = new Date();
  const hash = createHash('sha256').update(token).digest('hex');
  const { rows } = await pool.query({ text: SESSION_SQL, values: [hash, now, now, true, enterpriseId, 1], rowMode: 'array' });
  if (!rows.length) throw new HttpError(401, 'Unauthenticated.');
  const [sessionId, expiresAt, , lastUsedAt, , , , userId] = rows[0];
  if (!lastUsedAt || now - lastUsedAt > 60_000) {
    const idle = new Date(Math.min(now.getTime() + IDLE_MS, expiresAt.getTime()));
    await pool.query(TOUCH_SESSION_SQL, [now, idle, sessionId]);
  }
  return userId;
}

/** platform/scope.ts resolveScope for a whole-site member, then the route's `jobs view` permission. */
async function resolveSite(req, enterpriseId, userId) {
  const accountId = req.headers['x-af-aid'];
  const siteId = req.headers['x-af-sid'];
  const { rows: ms } = await pool.query(MEMBERSHIPS_SQL, [userId]);
  if (!UUID.test(accountId ?? '') || !UUID.test(siteId ?? '')) throw new HttpError(404, 'Not found.');
  const covering = ms.filter(
    (m) => m.scope_type === 'enterprise' || (m.account_id === accountId && (m.scope_type === 'account' || (m.scope_type === 'site' && m.site_id === siteId))),
  );
  if (!covering.length) throw new HttpError(404, 'Not found.');
  const { rows } = await pool.query({ text: SCOPE_SQL, values: [siteId, accountId, accountId, enterpriseId, 1], rowMode: 'array' });
  const [accountEnabled, foundSite, siteEnabled] = rows[0] ?? [];
  if (!accountEnabled || !foundSite || !siteEnabled) throw new HttpError(404, 'Not found.');
  const granted = covering.some((m) => m.permissions.some((p) => p === 'all' || p === 'jobs.all' || p === 'jobs.view'));
  if (!granted) throw new HttpError(403, 'This action is unauthorized.');
  return { accountId, siteId };
}

const iso = (d) => (d ? d.toISOString() : null);

async function listJobs(req, url) {
  const ent = await enterprise(req.headers['x-af-eid']);
  if (!ent) throw new HttpError(400, 'Unknown enterprise.');
  const [scheme, token] = (req.headers.authorization ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) throw new HttpError(401, 'Unauthenticated.');
  const userId = await authenticate(token, ent.id);
  const scope = await resolveSite(req, ent.id, userId);
  const f = filtersOf(url.searchParams);
  const q = listQueries(scope, f);
  const [list, count] = await Promise.all([pool.query({ ...q.list, rowMode: 'array' }), pool.query(q.count)]);
  const counts = new Map();
  if (list.rows.length) {
    const { rows } = await pool.query(applicationCountsQuery(list.rows.map((r) => r[0])));
    for (const r of rows) counts.set(r.job_id, Number(r.count));
  }
  // job-present.ts presentSummary, field for field.
  const data = list.rows.map(([id, title, ref, status, openReports, featured, employerId, employerName, consultantId, consultantName, workType, classification, location, tags, start, end, posted, created]) => ({
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
    applications_count: counts.get(id) ?? 0,
  }));
  return { data, meta: { page: f.page, per_page: f.perPage, total: Number(count.rows[0].count) } };
}

const server = createServer(async (req, res) => {
  const url = new URL(req.url, 'http://raw');
  let status = 200;
  let body;
  try {
    if (req.method !== 'GET' || url.pathname !== '/portal/v1/jobs') throw new HttpError(404, 'Not found.');
    body = await listJobs(req, url);
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
