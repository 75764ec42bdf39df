import { z } from 'zod';
import { endpoint } from './endpoint';
import { uuid } from './common';
import { fieldOptionKinds } from './enums';

/*
 * Read-only lists the portal's forms pick from, for the selected site. Managing them (settings, employers,
 * consultants) has its own endpoints; these answer fast and small, for selects and autocompletes.
 */

const option = z.object({ value: z.string(), label: z.string() });

export const getFieldOptions = endpoint({
  method: 'GET',
  path: '/v1/site/field-options',
  summary: "The selected site's enabled options per field (work type, pay type, classification, …), in order",
  tags: ['lookups'],
  access: { subject: 'portal', action: 'access' },
  response: z.object(Object.fromEntries(fieldOptionKinds.map((k) => [k, z.array(option)])) as Record<(typeof fieldOptionKinds)[number], z.ZodArray<typeof option>>),
});

export const product = z.object({
  id: uuid,
  name: z.string(),
  description: z.string().nullable(),
  duration_days: z.number().int(),
  featured: z.boolean(),
  price_cents: z.number().int(),
  currency: z.string(),
});

export const listProducts = endpoint({
  method: 'GET',
  path: '/v1/site/products',
  summary: "The selected site's job products (each costs one credit to post), in order",
  tags: ['lookups'],
  access: { subject: 'jobs', action: 'view' },
  response: z.array(product),
});

const pickQuery = z.object({ q: z.string().trim().max(100).optional() });
const picked = z.array(z.object({ id: uuid, name: z.string() }));

export const pickEmployers = endpoint({
  method: 'GET',
  path: '/v1/site/lookups/employers',
  summary: 'Employers of the selected site the caller may post for (an employer user: their own), by name, at most 50',
  tags: ['lookups'],
  access: { subject: 'jobs', action: 'view' },
  query: pickQuery,
  response: picked,
});

export const pickConsultants = endpoint({
  method: 'GET',
  path: '/v1/site/lookups/consultants',
  summary: 'Enabled consultants working on the selected site, by name, at most 50',
  tags: ['lookups'],
  access: { subject: 'jobs', action: 'view' },
  query: pickQuery,
  response: picked,
});
