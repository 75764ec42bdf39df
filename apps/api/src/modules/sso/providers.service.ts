import { ssoMessages, type OAuthProvider } from '@hireline/contract/sso';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../platform/actor';
import { audit, type AuditEntry } from '../../platform/audit';
import { invalid, notFound } from '../../platform/errors';
import * as repo from './sso.repo';
import type { ProviderPatch, ProviderRow } from './sso.repo';
import { forgetClient } from './oidc';

/* The selected account's OpenID Connect providers, as its admins manage them. The client secret is write-only. */

export interface ProviderFields {
  name?: string;
  issuer?: string;
  client_id?: string;
  client_secret?: string;
  allowed_domains?: string[];
  enabled?: boolean;
}

export function present(p: ProviderRow): OAuthProvider {
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    issuer: p.issuer,
    client_id: p.clientId,
    has_secret: p.clientSecret !== '',
    allowed_domains: p.allowedDomains,
    enabled: p.enabled,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

/** API field → column. */
const columns = {
  name: 'name',
  issuer: 'issuer',
  client_id: 'clientId',
  client_secret: 'clientSecret',
  allowed_domains: 'allowedDomains',
  enabled: 'enabled',
} as const satisfies Record<keyof ProviderFields, keyof ProviderPatch>;

/** The fields sent that differ from `current`, as columns and by their API names (a secret never goes in the log). */
function patchOf(b: ProviderFields, current: ProviderRow): { patch: ProviderPatch; fields: (keyof ProviderFields)[] } {
  const same = (k: keyof ProviderFields) => JSON.stringify(b[k]) === JSON.stringify(current[columns[k]]);
  const fields = (Object.keys(columns) as (keyof ProviderFields)[]).filter((k) => b[k] !== undefined && !same(k));
  const patch: Record<string, unknown> = {};
  for (const k of fields) patch[columns[k]] = b[k];
  return { patch: patch as ProviderPatch, fields };
}

const entry = (actor: Actor, accountId: string, action: string, id: string, data: Record<string, unknown>): AuditEntry => ({
  enterpriseId: actor.enterpriseId,
  accountId,
  actorUserId: actor.userId,
  impersonatorUserId: actor.impersonatorUserId,
  action,
  subjectType: 'oauth_provider',
  subjectId: id,
  data,
  ip: actor.ip,
});

/** A unique constraint the database refused (PostgreSQL and PGlite, wrapped by drizzle or not). */
function uniqueViolation(err: unknown, constraint: string): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return e.constraint === constraint;
  }
  return false;
}

export async function listProviders(deps: AppDeps, accountId: string) {
  return (await repo.listProviders(deps.db, accountId)).map(present);
}

export async function createProvider(
  deps: AppDeps,
  accountId: string,
  actor: Actor,
  b: Required<Omit<ProviderFields, 'client_secret'>> & { slug: string; client_secret: string },
) {
  try {
    return await deps.db.transaction(async (tx) => {
      const row = await repo.insertProvider(tx, accountId, {
        slug: b.slug,
        name: b.name,
        issuer: b.issuer,
        clientId: b.client_id,
        clientSecret: b.client_secret,
        allowedDomains: b.allowed_domains,
        enabled: b.enabled,
      });
      await audit(tx, entry(actor, accountId, 'sso.provider_create', row.id, { slug: row.slug, issuer: row.issuer }));
      return present(row);
    });
  } catch (err) {
    if (uniqueViolation(err, 'oauth_providers_account_slug_unique')) throw invalid({ slug: [ssoMessages.slugTaken] });
    throw err;
  }
}

export async function updateProvider(deps: AppDeps, accountId: string, actor: Actor, id: string, b: ProviderFields) {
  const row = await deps.db.transaction(async (tx) => {
    const current = await repo.findProvider(tx, accountId, id, { lock: true });
    if (!current) throw notFound();
    const { patch, fields } = patchOf(b, current);
    if (!fields.length) return current;
    const updated = await repo.updateProvider(tx, accountId, id, patch);
    await audit(tx, entry(actor, accountId, 'sso.provider_update', id, { fields }));
    return updated!;
  });
  // A new issuer, client or secret takes effect on the next sign-in, not after the cached client expires.
  forgetClient(id);
  return present(row);
}

export async function deleteProvider(deps: AppDeps, accountId: string, actor: Actor, id: string) {
  await deps.db.transaction(async (tx) => {
    const gone = await repo.deleteProvider(tx, accountId, id);
    if (!gone) throw notFound();
    await audit(tx, entry(actor, accountId, 'sso.provider_delete', id, { slug: gone.slug }));
  });
  forgetClient(id);
}
