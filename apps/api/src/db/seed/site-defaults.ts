import { discountTiers } from '../schema/credits';
import { products } from '../schema/jobs';
import { applicationStages, fieldOptions } from '../schema/settings';
import { defaultApplicationStages } from '../defaults';
import { fieldOptionDefaults } from './catalog';
import { insertMany, type SeedContext } from './context';
import type { SeedSite } from './tenancy';

export const productPlan = [
  { name: 'Standard', description: 'Listed for 30 days in search results.', durationDays: 30, featured: false },
  {
    name: 'Featured',
    description: 'Listed for 30 days and highlighted at the top of search results.',
    durationDays: 30,
    featured: true,
  },
  {
    name: 'Premium',
    description: 'Featured for 60 days, with the employer logo on the advert.',
    durationDays: 60,
    featured: true,
  },
] as const;

const tierPlan = [
  { min: 1, max: 9, bps: 0 },
  { min: 10, max: 24, bps: 1000 },
  { min: 25, max: 49, bps: 1500 },
  { min: 50, max: null, bps: 2000 },
] as const;

export function discountFor(quantity: number): number {
  return tierPlan.find((t) => quantity >= t.min && (t.max === null || quantity <= t.max))?.bps ?? 0;
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
    for (const [kind, list] of Object.entries(fieldOptionDefaults)) {
      list.forEach(([value, label], position) =>
        options.push({
          ...base,
          id: rng.uuidAt(site.createdAt),
          kind: kind as keyof typeof fieldOptionDefaults,
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
        description: productPlan[position]!.description,
        durationDays: p.durationDays,
        featured: p.featured,
        priceCents: site.settings.price_per_credit_cents,
        currency: site.settings.currency,
        position,
      }),
    );
    for (const t of tierPlan)
      tiers.push({
        ...base,
        id: rng.uuidAt(site.createdAt),
        minQuantity: t.min,
        maxQuantity: t.max,
        discountBps: t.bps,
      });
  }
  await insertMany(tx, fieldOptions, options);
  await insertMany(tx, applicationStages, stages);
  await insertMany(tx, products, productRows);
  await insertMany(tx, discountTiers, tiers);
}
