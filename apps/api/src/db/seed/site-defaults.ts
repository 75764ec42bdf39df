import { discountTiers } from '../schema/credits';
import { products } from '../schema/jobs';
import { applicationStages, fieldOptions } from '../schema/settings';
import { defaultApplicationStages, defaultDiscountTiers, defaultFieldOptions, defaultProducts } from '../defaults';
import { insertMany, type SeedContext } from './context';
import type { SeedSite } from './tenancy';

/** The discount the default tiers give `quantity` credits: what the demo sites' purchases were charged. */
export function discountFor(quantity: number): number {
  const tier = defaultDiscountTiers.find((t) => quantity >= t.minQuantity && (t.maxQuantity === null || quantity <= t.maxQuantity));
  return tier?.discountBps ?? 0;
}

/** Field options, stages, products and discount tiers: what a new site gets, here for every demo site. */
export async function seedSiteDefaults(ctx: SeedContext, all: SeedSite[]): Promise<void> {
  const { tx, rng } = ctx;
  const options: (typeof fieldOptions.$inferInsert)[] = [];
  const stages: (typeof applicationStages.$inferInsert)[] = [];
  const productRows: (typeof products.$inferInsert)[] = [];
  const tiers: (typeof discountTiers.$inferInsert)[] = [];
  for (const site of all) {
    const base = { accountId: site.accountId, siteId: site.id, createdAt: site.createdAt };
    for (const [kind, list] of Object.entries(defaultFieldOptions)) {
      list.forEach(([value, label], position) =>
        options.push({
          ...base,
          id: rng.uuidAt(site.createdAt),
          kind: kind as keyof typeof defaultFieldOptions,
          value,
          label,
          position,
        }),
      );
    }
    defaultApplicationStages.forEach((s, position) =>
      stages.push({
        ...base,
        id: rng.uuidAt(site.createdAt),
        status: s.status,
        label: s.label,
        color: s.color,
        position,
        visible: true,
        emailAdmin: s.emailAdmin,
        emailConsultants: s.emailConsultants,
        emailCandidate: s.emailCandidate,
      }),
    );
    site.products.forEach((p, position) =>
      productRows.push({
        ...base,
        id: p.id,
        name: p.name,
        description: defaultProducts[position]!.description,
        durationDays: p.durationDays,
        featured: p.featured,
        priceCents: site.settings.price_per_credit_cents,
        currency: site.settings.currency,
        position,
      }),
    );
    for (const t of defaultDiscountTiers) tiers.push({ ...base, id: rng.uuidAt(site.createdAt), ...t });
  }
  await insertMany(tx, fieldOptions, options);
  await insertMany(tx, applicationStages, stages);
  await insertMany(tx, products, productRows);
  await insertMany(tx, discountTiers, tiers);
}
