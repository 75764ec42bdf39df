import { z } from 'zod';
import { endpoint } from './endpoint';
import { booleanFilter, email, idParams, listQuery, paginated, requiredString, timestamp, uuid } from './common';
import { messages } from './messages';
import { messageCatalog as codes } from './message-codes';

/*
 * The enterprise's accounts (DESIGN §5: enterprise → accounts → sites → employers), managed by enterprise staff only.
 * A new account gets its own copy of the default roles and its first admin is invited by email; its sites, pricing,
 * staff and employers are then set up by that admin. A disabled account's users cannot sign in and its boards and
 * portal host answer as unknown.
 */

const tags = ['enterprise'];

const slug = z
  .string({ error: messages.required })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/, { error: codes['enterprise.key_format'] });

/** A host name without scheme, port or path (`jobs.acme.example`). */
export const hostName = z
  .string({ error: messages.invalid })
  .trim()
  .toLowerCase()
  .max(253, { error: messages.invalid })
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/, { error: codes['enterprise.host_name'] });

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: codes['enterprise.color'] });

export const enterpriseAccountSummary = z.object({
  id: uuid,
  slug: z.string(),
  name: z.string(),
  title: z.string(),
  domain: z.string().nullable(),
  enabled: z.boolean(),
  primary_color: z.string().nullable(),
  sites_count: z.number().int(),
  users_count: z.number().int(),
  created_at: timestamp,
});
export type EnterpriseAccountSummary = z.infer<typeof enterpriseAccountSummary>;

export const enterpriseAccountDetail = enterpriseAccountSummary.extend({
  sites: z.array(z.object({ id: uuid, slug: z.string(), name: z.string(), domain: z.string().nullable(), enabled: z.boolean() })),
  admins: z.array(z.object({ id: uuid, name: z.string(), email: z.string(), invited: z.boolean() })),
  employers_count: z.number().int(),
  jobs_count: z.number().int(),
});
export type EnterpriseAccountDetail = z.infer<typeof enterpriseAccountDetail>;

export const listEnterpriseAccounts = endpoint({
  method: 'GET',
  path: '/v1/enterprise/accounts',
  summary: "The enterprise's accounts, searched by name, slug or domain, paged",
  tags,
  level: 'enterprise',
  access: { subject: 'enterprise', action: 'view' },
  query: listQuery.pick({ page: true, per_page: true, q: true }).extend({ enabled: booleanFilter.optional() }),
  response: paginated(enterpriseAccountSummary),
});

export const getEnterpriseAccount = endpoint({
  method: 'GET',
  path: '/v1/enterprise/accounts/:id',
  summary: 'One account with its sites and admins',
  tags,
  level: 'enterprise',
  access: { subject: 'enterprise', action: 'view' },
  params: idParams,
  response: enterpriseAccountDetail,
});

export const createEnterpriseAccountBody = z.strictObject({
  name: requiredString(120),
  slug,
  title: requiredString(160).optional(),
  domain: hostName.nullable().optional(),
  primary_color: hexColor.optional(),
  admin: z.strictObject({ email, name: requiredString(120) }),
});

export const createEnterpriseAccount = endpoint({
  method: 'POST',
  path: '/v1/enterprise/accounts',
  summary: 'Create an account with its branding colour and roles, and invite its first admin by email',
  tags,
  level: 'enterprise',
  access: { subject: 'enterprise', action: 'create' },
  body: createEnterpriseAccountBody,
  status: 201,
  response: enterpriseAccountDetail,
});

export const updateEnterpriseAccount = endpoint({
  method: 'PATCH',
  path: '/v1/enterprise/accounts/:id',
  summary: "Change an account's name, title or domain",
  tags,
  level: 'enterprise',
  access: { subject: 'enterprise', action: 'update' },
  params: idParams,
  body: z.strictObject({ name: requiredString(120).optional(), title: requiredString(160).optional(), domain: hostName.nullable().optional() }),
  response: enterpriseAccountDetail,
});

export const setEnterpriseAccountEnabled = (enabled: boolean) =>
  endpoint({
    method: 'POST',
    path: `/v1/enterprise/accounts/:id/${enabled ? 'enable' : 'disable'}`,
    summary: enabled
      ? 'Enable an account: its users can sign in again and its boards come back'
      : 'Disable an account: its users are signed out and cannot sign in, and its boards and portal host go offline',
    tags,
    level: 'enterprise',
  access: { subject: 'enterprise', action: 'update' },
    params: idParams,
    response: enterpriseAccountDetail,
  });
export const enableEnterpriseAccount = setEnterpriseAccountEnabled(true);
export const disableEnterpriseAccount = setEnterpriseAccountEnabled(false);
