import { createHash, createHmac, hkdfSync } from 'node:crypto';

/**
 * What route() (apps/api/src/platform/route.ts) settles before any handler runs, by hand for the raw baseline: the
 * enterprise (cached a minute, platform/tenancy.ts), the caller from the bearer token with their memberships and the
 * requested account → site → employer chain in one named prepared statement (platform/auth.ts), the once-a-minute
 * session touch, the scope check (platform/scope.ts verifyScope) and the endpoint's permission. The statements are
 * the API's, copied from `npx tsx bench/api-sql.mjs`; run.mjs checks they still are.
 */

export class HttpError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}
export const notFound = () => new HttpError(404, 'Not found.');

export const ENTERPRISE_SQL = `select "id", "key", "name" from "enterprises" where "enterprises"."key" = $1 limit $2`;

export const TOUCH_SESSION_SQL = `update "sessions" set "last_used_at" = $1, "idle_expires_at" = greatest("sessions"."idle_expires_at", $2) where "sessions"."id" = $3`;

const SESSION_COLUMNS = `"sessions"."id", "sessions"."expires_at", "sessions"."idle_expires_at", "sessions"."last_used_at", "sessions"."parent_session_id", "sessions"."impersonator_user_id", "sessions"."redirect", "sessions"."reason", "sessions"."mfa_setup_required", "users"."id", "users"."enterprise_id", "users"."name", "users"."email", "users"."avatar_file_id"`;

/**
 * platform/scope.ts membershipsJsonSql(): an invitation counts only once accepted, and a membership of an employer
 * only while it is enabled and approved.
 */
const MEMBERSHIPS = `(select coalesce(json_agg(json_build_array("memberships"."scope_type", "memberships"."account_id", "memberships"."site_id", "memberships"."employer_id", "roles"."permissions")), '[]'::json)
    from "memberships" join "roles" on "roles"."id" = "memberships"."role_id"
    left join "employers" on "employers"."id" = "memberships"."employer_id"
    where "memberships"."user_id" = "users"."id" and "memberships"."accepted_at" is not null and ("memberships"."employer_id" is null or ("employers"."enabled" and "employers"."status" = 'active')))`;

/**
 * platform/auth.ts lookupStatement(), per variant: `session` (public endpoints that know a signed-in caller),
 * `withMemberships` (a staff route without an account header), `withScope` (with one: the chain read too).
 */
function lookupSql(variant) {
  let n = 0;
  const p = () => `$${++n}`;
  const chain =
    variant === 'withScope'
      ? `(select json_build_array("accounts"."enabled", "sites"."id", "sites"."enabled", "employers"."id")
    from "accounts"
    left join "sites" on "sites"."account_id" = "accounts"."id" and "sites"."id" = ${p()}
    left join "employers" on "employers"."site_id" = "sites"."id" and "employers"."id" = ${p()}
    where "accounts"."id" = ${p()} and "accounts"."enterprise_id" = ${p()})`
      : 'null';
  return `select ${SESSION_COLUMNS}, ${variant === 'session' ? 'null' : MEMBERSHIPS}, ${chain} from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" where ("sessions"."token_hash" = ${p()} and "sessions"."revoked_at" is null and "sessions"."expires_at" > ${p()} and "sessions"."idle_expires_at" > ${p()} and "users"."enabled" = ${p()} and "users"."enterprise_id" = ${p()} and ("sessions"."parent_session_id" is null or exists (select 1 from "sessions" "parent"
          where "parent"."id" = "sessions"."parent_session_id" and "parent"."revoked_at" is null
            and "parent"."expires_at" > ${p()} and "parent"."idle_expires_at" > ${p()}))) limit ${p()}`;
}

export const LOOKUP_SQL = { session: lookupSql('session'), withMemberships: lookupSql('withMemberships'), withScope: lookupSql('withScope') };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IDLE_MS = 12 * 60 * 60_000;

/** platform/scope.ts scopeIdsOf(): the scope headers as sent; `malformed` when one cannot be an id. */
function scopeIdsOf(req) {
  const ids = { accountId: null, siteId: null, employerId: null, malformed: false };
  for (const [key, name] of [['accountId', 'x-af-aid'], ['siteId', 'x-af-sid'], ['employerId', 'x-af-empid']]) {
    const value = req.headers[name];
    if (!value) continue;
    if (UUID.test(value)) ids[key] = value.toLowerCase();
    else ids.malformed = true;
  }
  return ids;
}

/** platform/scope.ts verifyScope(), for the chain read with the session. */
function verifyScope(ms, ids, chain) {
  const scope = { accountId: null, siteId: null, employerId: null, employerIds: null };
  if (ids.malformed) throw notFound();
  if (!ids.accountId) {
    if (ids.siteId || ids.employerId) throw notFound();
    return scope;
  }
  if (ids.employerId && !ids.siteId) throw notFound();
  const enterpriseWide = ms.some((m) => m.scopeType === 'enterprise');
  const inAccount = ms.filter((m) => m.accountId === ids.accountId);
  const [accountEnabled, siteId, siteEnabled, employerId] = chain ?? [];
  if ((!enterpriseWide && !inAccount.length) || !chain || !accountEnabled) throw notFound();
  scope.accountId = ids.accountId;
  if (!ids.siteId) return scope;
  if (!siteId || !siteEnabled) throw notFound();
  const wholeSite = enterpriseWide || inAccount.some((m) => m.scopeType === 'account' || (m.scopeType === 'site' && m.siteId === ids.siteId));
  const own = inAccount.filter((m) => m.scopeType === 'employer' && m.siteId === ids.siteId).map((m) => m.employerId);
  if (!wholeSite && !own.length) throw notFound();
  scope.siteId = ids.siteId;
  scope.employerIds = wholeSite ? null : own;
  if (!ids.employerId) return scope;
  if (!employerId || (!wholeSite && !own.includes(ids.employerId))) throw notFound();
  scope.employerId = ids.employerId;
  return scope;
}

/**
 * packages/access ability.ts can() for plain permission strings: the memberships whose scope key applies to the
 * selected scope grant `subject.action`, `subject.all`, `all.action` or `all`, and a `!` rule matching it forbids.
 * Every granted subject may be accessed, and the portal always.
 */
export function can(memberships, scope, action, subject) {
  const counts = (m) =>
    m.scopeType === 'enterprise' ||
    (m.scopeType === 'account' && m.accountId === scope.accountId) ||
    (m.scopeType === 'site' && m.siteId === scope.siteId) ||
    (m.scopeType === 'employer' && m.employerId === scope.employerId);
  const perms = memberships.filter(counts).flatMap((m) => m.permissions);
  const parts = (p) => (p === 'all' ? ['all', 'all'] : p.split('.'));
  const matches = (p, anyAction) => {
    const [s, a] = parts(p);
    return (s === subject || s === 'all') && (anyAction || a === action || a === 'all');
  };
  if (perms.some((p) => p.startsWith('!') && matches(p.slice(1), false))) return false;
  if (action === 'access') return subject === 'portal' || perms.some((p) => !p.startsWith('!') && matches(p, true));
  return perms.some((p) => !p.startsWith('!') && matches(p, false));
}

/** route.ts tenantsOf() for staff: every account for the enterprise's own staff, else the accounts they belong to. */
const tenantsOf = (ms) => (ms.some((m) => m.scopeType === 'enterprise') ? '*' : [...new Set(ms.map((m) => m.accountId).filter(Boolean))].join(','));

/** platform/crypto.ts purposeKey(): the key derived from the app secret for one purpose (HKDF-SHA256). */
const purposeKeys = new Map();
const purposeKey = (secret, purpose) => {
  const id = `${purpose}\n${secret}`;
  if (!purposeKeys.has(id)) purposeKeys.set(id, Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `hireline:${purpose}:v1`, 32)));
  return purposeKeys.get(id);
};

/** platform/files.ts signedFileUrl(): expiry rounded up to the hour, HMAC-SHA256 of `<id>.<expires>` under the file-url key. */
export function signedFileUrl(secret, fileId, ttlMs = 24 * 3_600_000, now = Date.now()) {
  const expires = Math.ceil((now + ttlMs) / 3_600_000) * 3_600_000;
  const signature = createHmac('sha256', purposeKey(secret, 'file-url')).update(`${fileId}.${expires}`).digest('base64url');
  return `/portal/v1/files/${fileId}?expires=${expires}&signature=${signature}`;
}

/** The request checks of route.ts over a tenant pool (lib/raw-pool.mjs); the API's own outside-a-request tenant is `*`. */
export function authentication(db) {
  const anyone = db.as('*');
  const enterprises = new Map();

  async function enterprise(key) {
    if (!key || key.length > 100) throw new HttpError(400, 'Unknown enterprise.');
    const hit = enterprises.get(key);
    let value;
    if (hit && Date.now() - hit.at < 60_000) value = hit.value;
    else {
      value = (await anyone(ENTERPRISE_SQL, [key, 1])).rows[0] ?? null;
      enterprises.set(key, { value, at: Date.now() });
    }
    if (!value) throw new HttpError(400, 'Unknown enterprise.');
    return value;
  }

  const bearer = (req) => {
    const [scheme, token] = (req.headers.authorization ?? '').split(' ');
    return scheme?.toLowerCase() === 'bearer' && token && token.length <= 200 ? token : null;
  };

  /** auth.ts lookUp(): the row, or 401; touches the session at most once a minute. */
  async function lookUp(token, enterpriseId, ids) {
    const now = new Date();
    const withScope = Boolean(ids?.accountId && !ids.malformed);
    const variant = !ids ? 'session' : withScope ? 'withScope' : 'withMemberships';
    const chain = withScope ? [ids.siteId ?? ids.accountId, ids.employerId ?? ids.accountId, ids.accountId, enterpriseId] : [];
    const values = [...chain, createHash('sha256').update(token).digest('hex'), now, now, true, enterpriseId, now, now, 1];
    const { rows } = await anyone({ name: `auth_lookup_${variant}`, text: LOOKUP_SQL[variant], values, rowMode: 'array' });
    if (!rows.length) throw new HttpError(401, 'Unauthenticated.');
    const [sessionId, expiresAt, , lastUsedAt, , , , , , userId, , name, email, avatarFileId, memberships, scopeChain] = rows[0];
    if (!lastUsedAt || now - lastUsedAt > 60_000) {
      const idle = new Date(Math.min(now.getTime() + IDLE_MS, expiresAt.getTime()));
      await anyone(TOUCH_SESSION_SQL, [now, idle, sessionId]);
    }
    const ms = (memberships ?? []).map(([scopeType, accountId, siteId, employerId, permissions]) => ({
      scopeType, accountId, siteId, employerId, permissions: permissions ?? [],
    }));
    return { user: { id: userId, name, email, avatarFileId }, memberships: ms, chain: scopeChain };
  }

  return {
    /**
     * A staff endpoint's checks (`access` = { subject, action }): enterprise 400, token 401, scope 404, permission
     * 403. Returns the caller, the verified scope and a query running as the caller's tenants.
     */
    async staff(req, access) {
      const ent = await enterprise(req.headers['x-af-eid']);
      const token = bearer(req);
      if (!token) throw new HttpError(401, 'Unauthenticated.');
      const ids = scopeIdsOf(req);
      const caller = await lookUp(token, ent.id, ids);
      const scope = verifyScope(caller.memberships, ids, caller.chain);
      if (!can(caller.memberships, scope, access.action, access.subject)) throw new HttpError(403, 'This action is unauthorized.');
      return { enterprise: ent, ...caller, scope, query: db.as(tenantsOf(caller.memberships)) };
    },
    /** A public endpoint's: the enterprise, and the signed-in caller if the token is still good (else none). */
    async public(req) {
      const ent = await enterprise(req.headers['x-af-eid']);
      const token = bearer(req);
      const caller = token ? await lookUp(token, ent.id, null).catch(() => null) : null;
      return { enterprise: ent, caller, query: anyone };
    },
  };
}
