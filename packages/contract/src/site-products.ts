import { z } from 'zod';
import { endpoint } from './endpoint';
import { idParams, optionalText, requiredString } from './common';
import { product } from './lookups';
import { cents, flag, required, siteSettingsMessages } from './site-settings';

/* A site's products, part of its settings (site-settings.ts): reading needs settings.view, changing settings.update. */

const tags = ['settings'];
const view = { subject: 'settings', action: 'view' };
const update = { subject: 'settings', action: 'update' };

/* Products: what a job is posted as. Each costs one credit; the price shown is in the site's currency. */

export const siteProduct = product.extend({ enabled: z.boolean(), position: z.number().int(), jobs_count: z.number().int() });
export type SiteProduct = z.infer<typeof siteProduct>;

const productFields = {
  name: requiredString(100),
  description: optionalText(1000).optional(),
  duration_days: z
    .number({ error: required })
    .int({ error: siteSettingsMessages.duration })
    .min(1, { error: siteSettingsMessages.duration })
    .max(365, { error: siteSettingsMessages.duration }),
  featured: flag,
  price_cents: cents,
  enabled: flag,
};

export const createProductBody = z.strictObject({ ...productFields, featured: flag.default(false), enabled: flag.default(true) });
export const updateProductBody = z.strictObject(productFields).partial();

export const listSiteProducts = endpoint({
  method: 'GET',
  path: '/v1/site/settings/products',
  summary: "All of the selected site's products, disabled ones included, in order, with how many jobs use each",
  tags,
  access: view,
  response: z.array(siteProduct),
});

export const createSiteProduct = endpoint({
  method: 'POST',
  path: '/v1/site/settings/products',
  summary: 'Add a product at the end of the list, priced in the site currency',
  tags,
  access: update,
  body: createProductBody,
  status: 201,
  response: siteProduct,
});

export const updateSiteProduct = endpoint({
  method: 'PATCH',
  path: '/v1/site/settings/products/:id',
  summary: 'Change a product (jobs already posted keep their advert dates and featured flag)',
  tags,
  access: update,
  params: idParams,
  body: updateProductBody,
  response: siteProduct,
});

export const deleteSiteProduct = endpoint({
  method: 'DELETE',
  path: '/v1/site/settings/products/:id',
  summary: 'Delete a product; jobs posted with it stay, without a product',
  tags,
  access: update,
  params: idParams,
  status: 204,
  response: z.null(),
});
