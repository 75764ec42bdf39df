import type { AuditAction } from '@hireline/contract/audit-actions';
import type { SiteProduct } from '@hireline/contract/site-products';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import type { ResolvedScope } from '../../platform/scope';
import * as repo from './settings.repo';
import type { ProductPatch, ProductRow } from './settings.repo';
import { settingsAudit, siteOf, type SiteRef } from './settings-scope';
import { settingsOf } from '../../platform/board-forms';

/* The site's job products, disabled ones included: what a job is posted as (each costs one credit). */

export interface ProductFields {
  name?: string;
  description?: string | null;
  duration_days?: number;
  featured?: boolean;
  price_cents?: number;
  enabled?: boolean;
}

function present(p: ProductRow, jobsCount: number): SiteProduct {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    duration_days: p.durationDays,
    featured: p.featured,
    price_cents: p.priceCents,
    currency: p.currency,
    enabled: p.enabled,
    position: p.position,
    jobs_count: jobsCount,
  };
}

async function load(db: DbOrTx, s: SiteRef, id: string) {
  const row = await repo.findProduct(db, s, id);
  if (!row) throw notFound();
  return present(row.product, row.jobsCount);
}

/** API field → column. */
const columns = {
  name: 'name',
  description: 'description',
  duration_days: 'durationDays',
  featured: 'featured',
  price_cents: 'priceCents',
  enabled: 'enabled',
} as const satisfies Record<keyof ProductFields, keyof ProductPatch>;

/** The fields sent that differ from `current` (all sent ones for a new product), as columns and by their API names. */
function patchOf(b: ProductFields, current: ProductRow | null): { patch: ProductPatch; fields: (keyof ProductFields)[] } {
  const patch: Record<string, unknown> = {};
  const fields = (Object.keys(columns) as (keyof ProductFields)[]).filter((k) => b[k] !== undefined && (!current || b[k] !== current[columns[k]]));
  for (const k of fields) patch[columns[k]] = b[k];
  return { patch: patch as ProductPatch, fields };
}

const entry = (actor: Actor, s: SiteRef, action: AuditAction, id: string, data: Record<string, unknown>) =>
  settingsAudit(actor, s.accountId, action, { type: 'product', id }, { site_id: s.siteId, ...data });

export async function listProducts(deps: AppDeps, scope: ResolvedScope) {
  const rows = await repo.listProducts(deps.db, siteOf(scope));
  return rows.map((r) => present(r.product, r.jobsCount));
}

/** A new product goes last, priced in the site's currency. */
export async function createProduct(
  deps: AppDeps,
  scope: ResolvedScope,
  actor: Actor,
  b: ProductFields & { name: string; duration_days: number; price_cents: number },
) {
  const s = siteOf(scope);
  return deps.db.transaction(async (tx) => {
    // The site's lock orders concurrent creations, so each gets its own position.
    const site = await repo.siteSettingsOf(tx, s, { lock: true });
    const position = await repo.nextProductPosition(tx, s);
    const row = await repo.insertProduct(tx, s, {
      ...patchOf(b, null).patch,
      name: b.name,
      durationDays: b.duration_days,
      priceCents: b.price_cents,
      currency: settingsOf(site.settings).currency,
      position,
    });
    await audit(tx, entry(actor, s, 'product.create', row.id, { name: row.name }));
    return present(row, 0);
  });
}

export async function updateProduct(deps: AppDeps, scope: ResolvedScope, actor: Actor, id: string, b: ProductFields) {
  const s = siteOf(scope);
  return deps.db.transaction(async (tx) => {
    const current = await repo.lockProduct(tx, s, id);
    if (!current) throw notFound();
    const { patch, fields } = patchOf(b, current);
    if (fields.length) {
      await repo.updateProduct(tx, id, patch);
      await audit(tx, entry(actor, s, 'product.update', id, { fields }));
    }
    return load(tx, s, id);
  });
}

/** Jobs posted with the product keep everything they were posted with; only the link goes (set null). */
export async function deleteProduct(deps: AppDeps, scope: ResolvedScope, actor: Actor, id: string) {
  const s = siteOf(scope);
  await deps.db.transaction(async (tx) => {
    const current = await repo.lockProduct(tx, s, id);
    if (!current) throw notFound();
    await repo.deleteProduct(tx, id);
    await audit(tx, entry(actor, s, 'product.delete', id, { name: current.name }));
  });
}
