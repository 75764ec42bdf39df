import { HttpError, can, notFound, signedFileUrl } from './raw-auth.mjs';
import {
  JOB_DETAIL,
  accountBrandingQuery,
  dashboardQueries,
  employerInQuery,
  findJobQuery,
  historyQuery,
  inboxQueries,
  jobApplicationsQuery,
  questionsQuery,
  reachableQueries,
  relationsQuery,
  siteBrandingQuery,
  sitePricingQuery,
  startOfDay,
  tiersQuery,
} from './raw-pages-sql.mjs';

/**
 * The raw baseline's pages around the lists: the portal's branding, /auth/me, a job's detail, a credit purchase's
 * price, the site dashboard and the notifications inbox. Each runs the API's statements (lib/raw-pages-sql.mjs) in
 * the API's order, one after another where the API awaits them one by one and at once where it uses Promise.all,
 * and answers the JSON the API's presenters and response schemas produce, field for field.
 */

const iso = (d) => (d ? d.toISOString() : null);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const invalid = (errors) => Object.assign(new HttpError(422, 'The given data was invalid.'), { errors });

/** A positive integer query parameter as the contract coerces it (listQuery, the credit quantity). */
function intParam(search, name, fallback, max) {
  const raw = search.get(name);
  const n = raw === null ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) throw invalid({ [name]: ['The given data was invalid.'] });
  return n;
}

/** platform/site-slice.ts siteSlice(). */
function siteSlice(scope) {
  if (!scope.accountId || !scope.siteId) throw notFound();
  return { accountId: scope.accountId, siteId: scope.siteId, employerIds: scope.employerId ? [scope.employerId] : scope.employerIds };
}

/** job.policy.ts: the contract's actions in order, the statuses each needs and the permission behind it. */
const JOB_ACTIONS = [
  ['edit', 'update', (s) => s !== 'expired' && s !== 'rejected'],
  ['post', 'create', (s) => s === 'draft'],
  ['approve', 'approve', (s) => s === 'pending'],
  ['reject', 'approve', (s) => s === 'pending'],
  ['unlist', 'status', (s) => s === 'live'],
  ['relist', 'status', (s) => s === 'unlisted'],
  ['expire', 'status', (s) => s === 'live' || s === 'unlisted'],
  ['delete', 'delete', () => true],
  ['clone', 'create', () => true],
];

/** job.policy.ts allowedActions() for one caller: the permissions checked once, then each row's status. */
export function jobActionsFor(c) {
  const permitted = JOB_ACTIONS.filter(([, permission]) => can(c.memberships, c.scope, permission, 'jobs'));
  return (status) => permitted.filter(([, , allows]) => allows(status)).map(([a]) => a);
}

const BRAND_DEFAULTS = { primary_color: '#a02fff', primary_darken_color: '#ff5b5b' };

export function pageRoutes({ auth, secret }) {
  // branding.service.ts: per process, 30 s per host.
  const brandings = new Map();
  const asset = (v) => (!v ? null : v.startsWith('file:') ? signedFileUrl(secret, v.slice(5), 7 * 24 * 3_600_000) : v);

  /** branding.service.ts present(). */
  function presentBranding(r) {
    const [accountId, accountName, accountTitle, accountBranding, logoSquare, siteId = null, siteName = null, siteBranding = null, locale = null] = r;
    const account = accountBranding ?? {};
    const site = siteBranding ?? {};
    const colors = { ...account.colors, ...site.colors };
    const section = (key) => ({ ...(account[key] ?? {}), ...(site[key] ?? {}) });
    return {
      id: accountId,
      name: siteName ?? accountName,
      title: siteName ? `${siteName} · ${accountTitle ?? accountName}` : (accountTitle ?? accountName),
      branding: {
        colors: {
          primary_color: colors.primary_color ?? BRAND_DEFAULTS.primary_color,
          primary_darken_color: colors.primary_darken_color ?? BRAND_DEFAULTS.primary_darken_color,
        },
        stylesheet: { path: asset(site.stylesheet?.path ?? account.stylesheet?.path) },
        favicon: asset(site.favicon ?? account.favicon),
        logo: asset(site.logo ?? account.logo),
        login: section('login'),
        forgot_password: section('forgot_password'),
        register: section('register'),
      },
      settings: { is_board: siteId !== null, account_id: accountId, site_id: siteId, locale: locale ?? 'en-US', multi_language: false },
      logo_square: asset(logoSquare),
    };
  }

  async function branding(req, url) {
    const { enterprise, query } = await auth.public(req);
    const typed = (url.searchParams.get('domain') ?? '').trim();
    if (!typed || typed.length > 253) throw invalid({ domain: ['The given data was invalid.'] });
    const domain = typed.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
    const key = `${enterprise.id}:${domain}`;
    const hit = brandings.get(key);
    let value;
    if (hit && Date.now() - hit.at < 30_000) value = hit.value;
    else {
      let [row] = (await query({ ...siteBrandingQuery(enterprise.id, domain), rowMode: 'array' })).rows;
      if (!row) [row] = (await query({ ...accountBrandingQuery(enterprise.id, domain), rowMode: 'array' })).rows;
      value = row ? presentBranding(row) : null;
      brandings.set(key, { value, at: Date.now() });
    }
    if (!value) throw notFound();
    return value;
  }

  /** auth.routes.ts `me`: the caller, their permissions map and what they can reach (narrowed to the brand). */
  async function me(req) {
    const c = await auth.staff(req, { subject: 'portal', action: 'access' });
    const brand = req.headers['x-af-branding-token'];
    const q = reachableQueries(c.enterprise.id, c.memberships, brand && UUID.test(brand) ? brand : undefined);
    // scope.ts permissionsMapOf(): scope key → the permissions of its memberships, each once, in order.
    const permissions = {};
    const idOf = { account: 'accountId', site: 'siteId', employer: 'employerId' };
    for (const m of c.memberships) {
      const key = m.scopeType === 'enterprise' ? 'enterprise' : `${m.scopeType}:${m[idOf[m.scopeType]]}`;
      permissions[key] = [...new Set([...(permissions[key] ?? []), ...m.permissions])];
    }
    const enterpriseWide = c.memberships.some((m) => m.scopeType === 'enterprise');
    let accounts = [];
    if (enterpriseWide || c.memberships.some((m) => m.accountId)) {
      const rows = (await c.query(q.accounts)).rows;
      if (rows.length) {
        const sites = (await c.query(q.sites(rows.map((a) => a.id)))).rows;
        const employers = q.employers ? (await c.query(q.employers)).rows : [];
        const sees = (accountId, siteId) =>
          enterpriseWide ||
          c.memberships.some(
            (m) => (m.scopeType === 'account' && m.accountId === accountId) || ((m.scopeType === 'site' || m.scopeType === 'employer') && m.siteId === siteId),
          );
        const employersOf = (siteId) => employers.filter((e) => e.site_id === siteId).map((e) => ({ id: e.id, name: e.business_name }));
        accounts = rows
          .map((a) => ({
            ...a,
            sites: sites
              .filter((s) => s.account_id === a.id && sees(a.id, s.id))
              .map((s) => ({ id: s.id, name: s.name, slug: s.slug, employers: employersOf(s.id) })),
          }))
          .filter((a) => a.sites.length > 0 || enterpriseWide || c.memberships.some((m) => m.scopeType === 'account' && m.accountId === a.id));
      }
    }
    const { user } = c;
    const avatar = user.avatarFileId ? signedFileUrl(secret, user.avatarFileId) : null;
    return { id: user.id, name: user.name, email: user.email, avatar, permissions, accounts };
  }

  /** job-present.ts loadDetail(): the job, then its relations, questions, history and applications, one by one. */
  async function jobDetail(req, url) {
    const c = await auth.staff(req, { subject: 'jobs', action: 'view' });
    const slice = siteSlice(c.scope);
    const [job] = (await c.query(findJobQuery(slice, JOB_DETAIL.exec(url.pathname)[1].toLowerCase()))).rows;
    if (!job) throw notFound();
    const { rows: [rel] } = await c.query({ ...relationsQuery(job), rowMode: 'array' });
    const [employerName, creditBalance, consultantName, productName, productDuration, productFeatured] = rel;
    const questions = (await c.query(questionsQuery(job.id))).rows;
    const history = (await c.query({ ...historyQuery(job.id), rowMode: 'array' })).rows;
    const applications = Number((await c.query(jobApplicationsQuery(job.id))).rows[0].count);
    return {
      id: job.id,
      title: job.title,
      reference_number: job.reference_number,
      status: job.status,
      flagged: job.open_reports > 0,
      open_reports: job.open_reports,
      featured: job.featured,
      employer: { id: job.employer_id, name: employerName, credit_balance: creditBalance },
      consultant: job.consultant_id && consultantName !== null ? { id: job.consultant_id, name: consultantName } : null,
      work_type: job.work_type,
      classification: job.classification,
      location: job.location,
      tags: job.tags,
      advert_start_at: iso(job.advert_start_at),
      advert_end_at: iso(job.advert_end_at),
      posted_at: iso(job.posted_at),
      created_at: job.created_at.toISOString(),
      applications_count: applications,
      product:
        job.product_id && productName !== null ? { id: job.product_id, name: productName, duration_days: productDuration, featured: productFeatured } : null,
      pay_type: job.pay_type,
      pay_min_cents: job.pay_min_cents,
      pay_max_cents: job.pay_max_cents,
      salary_min_cents: job.salary_min_cents,
      salary_max_cents: job.salary_max_cents,
      currency: job.currency,
      description: job.description,
      key_selling_points: job.key_selling_points,
      links: job.links,
      banner: job.banner_file_id ? { id: job.banner_file_id, url: signedFileUrl(secret, job.banner_file_id) } : null,
      apply_type: job.apply_type,
      application_url: job.application_url,
      application_emails: job.application_emails,
      approved_at: iso(job.approved_at),
      rejected_at: iso(job.rejected_at),
      rejection_reason: job.rejection_reason,
      expired_at: iso(job.expired_at),
      unlisted_at: iso(job.unlisted_at),
      cloned_from_id: job.cloned_from_id,
      updated_at: job.updated_at.toISOString(),
      screening_questions: questions.map(({ id, position, type, label, required, options, knockout_answers }) => ({
        id, position, type, label, required, options, knockout_answers,
      })),
      status_history: history.map(([from, to, at, byId, byName, reason]) => ({
        from, to, at: at.toISOString(), by: byId && byName !== null ? { id: byId, name: byName } : null, reason,
      })),
      allowed_actions: jobActionsFor(c)(job.status),
    };
  }

  /** credits.service.ts preview(): the employer checked, then the site's price and tiers at once, priced (pricing.ts). */
  async function purchasePreview(req, url) {
    const c = await auth.staff(req, { subject: 'credits', action: 'view' });
    const quantity = intParam(url.searchParams, 'quantity', NaN, 1_000);
    const slice = siteSlice(c.scope);
    const employerId = c.scope.employerId ?? (slice.employerIds?.length === 1 ? slice.employerIds[0] : null);
    if (!employerId) throw invalid({ employer_id: ['This field is required.'] });
    if (!(await c.query(employerInQuery(slice, employerId))).rows.length) throw notFound();
    const [pricing, tierRows] = await Promise.all([
      c.query({ ...sitePricingQuery(slice.siteId), rowMode: 'array' }),
      c.query(tiersQuery(slice.siteId)),
    ]);
    const [, , , settings] = pricing.rows[0];
    const unit = settings.price_per_credit_cents;
    const tier = tierRows.rows.find((t) => quantity >= t.min_quantity && (t.max_quantity === null || quantity <= t.max_quantity)) ?? null;
    const bps = tier?.discount_bps ?? 0;
    const subtotal = quantity * unit;
    const discount = Math.floor((subtotal * bps + 5_000) / 10_000);
    return {
      quantity,
      currency: settings.currency,
      unit_price_cents: unit,
      tier: tier && { id: tier.id, min_quantity: tier.min_quantity, max_quantity: tier.max_quantity, discount_percent: tier.discount_bps / 100 },
      discount_percent: bps / 100,
      subtotal_cents: subtotal,
      discount_cents: discount,
      total_cents: subtotal - discount,
      savings_cents: discount,
    };
  }

  /** dashboard.service.ts siteDashboard(): five statements at once, then the 30-day series. */
  async function dashboard(req) {
    const c = await auth.staff(req, { subject: 'dashboard', action: 'view' });
    const slice = siteSlice(c.scope);
    const from = startOfDay(new Date(), 29);
    const [byStatus, flagged, perDay, latest, credits] = await Promise.all(
      dashboardQueries(slice, from).map((q, i) => c.query(i === 3 ? q : { ...q, rowMode: 'array' })),
    );
    const counts = new Map(byStatus.rows.map(([status, n]) => [status, Number(n)]));
    const daily = new Map(perDay.rows.map(([date, n]) => [date, Number(n)]));
    const series = Array.from({ length: 30 }, (_, i) => {
      const date = new Date(from.getTime() + i * 86_400_000).toISOString().slice(0, 10);
      return { date, count: daily.get(date) ?? 0 };
    });
    const [[total]] = credits.rows;
    return {
      live_jobs: counts.get('live') ?? 0,
      pending_jobs: counts.get('pending') ?? 0,
      flagged_jobs: Number(flagged.rows[0][0]),
      new_applications_week: series.slice(-7).reduce((n, d) => n + d.count, 0),
      credits_balance: total === null ? 0 : Number(total),
      applications_over_time: series,
      jobs_by_status: ['draft', 'pending', 'live', 'unlisted', 'expired', 'rejected'].map((status) => ({ status, count: counts.get(status) ?? 0 })),
      latest_applications: latest.rows.map((a) => ({ ...a, created_at: a.created_at.toISOString() })),
    };
  }

  /** notifications.repo.ts listInbox(): the caller's own, in the selected account (and notices of none). */
  async function inbox(req, url) {
    const c = await auth.staff(req, { subject: 'notifications', action: 'view' });
    const page = intParam(url.searchParams, 'page', 1, Number.MAX_SAFE_INTEGER);
    const perPage = intParam(url.searchParams, 'per_page', 25, 100);
    const unreadParam = url.searchParams.get('unread');
    if (unreadParam !== null && unreadParam !== 'true' && unreadParam !== 'false') throw invalid({ unread: ['The given data was invalid.'] });
    const unreadOnly = unreadParam === null ? undefined : unreadParam === 'true';
    const q = inboxQueries({ userId: c.user.id, accountId: c.scope.accountId }, page, perPage, unreadOnly);
    const [rows, total, unread] = await Promise.all([c.query(q.page), c.query(q.total), c.query(q.unread)]);
    const data = rows.rows.map((r) => ({ ...r, notified_at: r.notified_at.toISOString(), read_at: iso(r.read_at), read: r.read_at !== null }));
    return { data, meta: { page, per_page: perPage, total: Number(total.rows[0].count), unread: Number(unread.rows[0].count) } };
  }

  const routes = {
    '/portal/accounts/branding': branding,
    '/portal/auth/me': me,
    '/portal/v1/credit/purchase/preview': purchasePreview,
    '/portal/v1/site/dashboard': dashboard,
    '/portal/v1/notifications/inbox': inbox,
  };
  /** The handler of a GET path, or null. */
  return (pathname) => (Object.hasOwn(routes, pathname) ? routes[pathname] : JOB_DETAIL.test(pathname) ? jobDetail : null);
}
