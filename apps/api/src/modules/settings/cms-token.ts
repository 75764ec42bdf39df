import type { AppDeps } from '../../deps';
import type { Actor } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { randomBytes } from 'node:crypto';
import { hmac, safeEqual } from '../../platform/crypto';
import type { ResolvedScope } from '../../platform/scope';
import { settingsAudit, siteOf } from './settings-scope';
import { cmsSecretOf, setCmsSecret } from './settings.repo';

/*
 * A short-lived token for the selected site's content system (docs/cms-token.md): a compact JWT, HS256 with the site's
 * own CMS secret, naming who asked (`sub`), for which site and account. The CMS verifies it as `verifyCmsToken` does.
 * The secret is the site's alone: it verifies that site's tokens and signs nothing else (file URLs, other sites' tokens
 * are keyed from APP_SECRET or other sites' secrets), so a CMS holding it can reach nothing beyond its own site.
 */

export const CMS_AUDIENCE = 'cms';
export const CMS_TOKEN_TTL_SECONDS = 5 * 60;

export interface CmsClaims {
  iss: string;
  aud: typeof CMS_AUDIENCE;
  sub: string;
  site: string;
  account: string;
  iat: number;
  exp: number;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function signCmsToken(secret: string, claims: CmsClaims): string {
  const body = `${HEADER}.${encode(claims)}`;
  return `${body}.${hmac(secret, body)}`;
}

function decode(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The claims of a token this API signed with `secret`, or null: a wrong signature or algorithm, another audience or
 * issuer, or a token past `exp` (seconds) or issued in the future (beyond `leewaySeconds` of clock skew).
 */
export function verifyCmsToken(
  secret: string,
  token: string,
  opts: { issuer?: string; now?: number; leewaySeconds?: number } = {},
): CmsClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  // Checked before anything is parsed: only our exact header, and a signature made with the secret.
  if (header !== HEADER || !safeEqual(hmac(secret, `${header}.${payload}`), signature)) return null;
  const c = decode(payload);
  if (!c) return null;
  const now = Math.floor((opts.now ?? Date.now()) / 1000);
  const leeway = opts.leewaySeconds ?? 0;
  if (c.aud !== CMS_AUDIENCE || (opts.issuer !== undefined && c.iss !== opts.issuer)) return null;
  if (typeof c.exp !== 'number' || typeof c.iat !== 'number' || now >= c.exp + leeway || c.iat > now + leeway) return null;
  if (typeof c.sub !== 'string' || typeof c.site !== 'string' || typeof c.account !== 'string' || typeof c.iss !== 'string') return null;
  return c as unknown as CmsClaims;
}

/** A token for the caller on the selected site; its issue is recorded like a sign-in. */
export async function issueCmsToken(deps: AppDeps, scope: ResolvedScope, actor: Actor, now = Date.now()) {
  const s = siteOf(scope);
  const iat = Math.floor(now / 1000);
  const claims: CmsClaims = {
    iss: deps.config.appUrl,
    aud: CMS_AUDIENCE,
    sub: actor.userId,
    site: s.siteId,
    account: s.accountId,
    iat,
    exp: iat + CMS_TOKEN_TTL_SECONDS,
  };
  await audit(deps.db, settingsAudit(actor, s.accountId, 'cms.token', { type: 'site', id: s.siteId }, { exp: claims.exp }));
  return { token: signCmsToken(await cmsSecretOf(deps.db, s), claims), expires_at: new Date(claims.exp * 1000).toISOString() };
}

/** 256 random bits, URL-safe: what a CMS is configured with. */
export const newCmsSecret = () => randomBytes(32).toString('base64url');

/** A new secret for the selected site: tokens signed with the old one stop verifying at once. Recorded, never logged. */
export async function rotateCmsSecret(deps: AppDeps, scope: ResolvedScope, actor: Actor, now = new Date()) {
  const s = siteOf(scope);
  const secret = newCmsSecret();
  await deps.db.transaction(async (tx) => {
    await setCmsSecret(tx, s, secret, now);
    await audit(tx, settingsAudit(actor, s.accountId, 'cms.secret_rotate', { type: 'site', id: s.siteId }));
  });
  return { secret, rotated_at: now.toISOString() };
}
