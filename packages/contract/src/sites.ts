import { z } from 'zod';
import { endpoint } from './endpoint';
import { idParams, listQuery, paginated, requiredString, siteSlug, siteSlugMessages, timestamp, uuid } from './common';
import { messages } from './messages';
import { hexColor } from './site-settings';
import { formatMessage, messageCatalog as codes } from './message-codes';

/*
 * The sites (job boards) of the selected account and the account's branding (DESIGN §5, §6). Both act on the account
 * selected with X-AF-AID, need no site, and need the permission at the account itself: a role held on one site never
 * reaches its account's other sites or branding.
 */

const tags = ['sites'];

/** What the forms of these endpoints answer besides the shared messages. */
export const siteMessages = {
  ...siteSlugMessages,
  domain: codes['sites.domain'],
  stylesheet: codes['sites.stylesheet'],
  textKey: codes['sites.text_key'],
  textCount: codes['sites.text_count'],
} as const;


const hostPattern = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** A board's host name, lowercased; `''` or null = no domain of its own (reached through the portal only). */
export const siteDomain = z
  .string({ error: messages.invalid })
  .trim()
  .toLowerCase()
  .transform((v) => (v === '' ? null : v.replace(/\.$/, '')))
  .pipe(z.string().regex(hostPattern, { error: siteMessages.domain }).nullable())
  .nullable();

const flag = z.boolean({ error: messages.invalid });

export const siteSummary = z.object({
  id: uuid,
  slug: z.string(),
  name: z.string(),
  domain: z.string().nullable(),
  /** The board is served on `domain` only once it is verified (`*.localhost` always is). */
  domain_verified: z.boolean(),
  board_enabled: z.boolean(),
  enabled: z.boolean(),
  jobs_count: z.number().int(),
  employers_count: z.number().int(),
  created_at: timestamp,
});
export type SiteSummary = z.infer<typeof siteSummary>;

export const siteSorts = ['name', '-name', 'created_at', '-created_at'] as const;

export const listSites = endpoint({
  method: 'GET',
  path: '/v1/accounts/sites',
  summary: "The selected account's sites with their job and employer counts, searched by name, slug or domain",
  tags,
  level: 'account',
  access: { subject: 'sites', action: 'view' },
  query: listQuery.extend({ sort: z.enum(siteSorts, { error: messages.invalid }).default('name') }),
  response: paginated(siteSummary),
});

export const createSiteBody = z.strictObject({
  name: requiredString(120),
  slug: siteSlug,
  domain: siteDomain.optional(),
  board_enabled: flag.default(true),
});

export const createSite = endpoint({
  method: 'POST',
  path: '/v1/accounts/sites',
  summary:
    'Create a site in the selected account, with the default settings, application stages, field options, discount tiers and products',
  tags,
  level: 'account',
  access: { subject: 'sites', action: 'create' },
  body: createSiteBody,
  status: 201,
  response: siteSummary,
});

export const updateSiteBody = z.strictObject({
  name: requiredString(120).optional(),
  domain: siteDomain.optional(),
  board_enabled: flag.optional(),
  enabled: flag.optional(),
});

export const updateSite = endpoint({
  method: 'PATCH',
  path: '/v1/accounts/sites/:id',
  summary: "Rename a site, change its board domain, or turn its board or the whole site on or off (the slug never changes)",
  tags,
  level: 'account',
  access: { subject: 'sites', action: 'update' },
  params: idParams,
  body: updateSiteBody,
  response: siteSummary,
});

/*
 * Proving a site's board domain: the board is served on a domain only once its owner has published the site's value
 * as a DNS TXT record or a file under /.well-known/ and asked for the check.
 */

export const siteDomainMessages = {
  noDomain: codes['sites.no_domain'],
  changed: codes['sites.domain_changed'],
  notFound: codes['sites.domain_not_verified'],
} as const;

export const siteDomainVerification = z.object({
  domain: z.string().nullable(),
  verified: z.boolean(),
  verified_at: timestamp.nullable(),
  /** The TXT record to publish: `_hireline-verify.<domain>`. */
  txt_name: z.string().nullable(),
  /** What the TXT record, or the file, must hold. */
  value: z.string(),
  /** Or the file to publish, over https (http is tried too). */
  file_url: z.string().nullable(),
});
export type SiteDomainVerification = z.infer<typeof siteDomainVerification>;

export const getSiteDomainVerification = endpoint({
  method: 'GET',
  path: '/v1/accounts/sites/:id/domain-verification',
  summary: "How to prove the site's board domain (the TXT record or the file to publish) and whether it is proved",
  tags,
  level: 'account',
  access: { subject: 'sites', action: 'view' },
  params: idParams,
  response: siteDomainVerification,
});

export const verifySiteDomain = endpoint({
  method: 'POST',
  path: '/v1/accounts/sites/:id/domain-verification',
  summary: "Check the site's TXT record or well-known file now; once found, the board is served on the domain (422 while it is not)",
  tags,
  level: 'account',
  access: { subject: 'sites', action: 'update' },
  params: idParams,
  response: siteDomainVerification,
});

/* The account's branding, as the portal edits it; GET /portal/accounts/branding serves it to browsers. */

const textKey = /^[a-z][a-z0-9_]{0,39}$/;

/** A text section of the sign-in pages (`{title, subtitle, …}`): short strings by name; `''` removes one. */
export const brandingTexts = z
  .record(z.string(), z.string({ error: messages.invalid }).trim().max(300, { error: formatMessage('max_length', { max: 300 }) }))
  .superRefine((texts, ctx) => {
    const keys = Object.keys(texts);
    if (keys.length > 10) ctx.addIssue({ code: 'custom', message: siteMessages.textCount });
    for (const key of keys) if (!textKey.test(key)) ctx.addIssue({ code: 'custom', path: [key], message: siteMessages.textKey });
  })
  .transform((texts) => Object.fromEntries(Object.entries(texts).filter(([, v]) => v !== '')));

const httpsUrl = z.url({ protocol: /^https$/ });
/** Loopback over http: a stylesheet served on this machine in development and tests (the API refuses it in production). */
export const loopbackStylesheet = /^http:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?\//;
/** A file uploaded here and served by the API itself: same origin as the page, so no CSP change is needed. */
const uploadedFile = /^\/portal\/v1\/files\/[0-9a-f-]{36}(?:\?[^\s\\]*)?$/i;

/**
 * A stylesheet the portal and the boards load, exactly what their CSP lets them load: an https URL (its origin is
 * added to that host's `style-src`), or an uploaded file served by the API. Any other path is refused: it would be
 * a page of the portal, not a stylesheet.
 */
export const stylesheetPath = z
  .string({ error: messages.invalid })
  .trim()
  .max(2000, { error: siteMessages.stylesheet })
  .refine((v) => uploadedFile.test(v) || httpsUrl.safeParse(v).success || (loopbackStylesheet.test(v) && z.url().safeParse(v).success), {
    error: siteMessages.stylesheet,
  })
  .nullable();

const brandingImage = z.object({ file_id: uuid.nullable(), url: z.string() });
const texts = z.record(z.string(), z.string());

export const accountBranding = z.object({
  colors: z.object({ primary_color: z.string(), primary_darken_color: z.string() }),
  logo: brandingImage.nullable(),
  favicon: brandingImage.nullable(),
  stylesheet: z.object({ path: z.string().nullable() }),
  login: texts,
  forgot_password: texts,
  register: texts,
});
export type AccountBranding = z.infer<typeof accountBranding>;

const access = { subject: 'accounts', action: 'update' };

export const getAccountBranding = endpoint({
  method: 'GET',
  path: '/v1/accounts/branding',
  summary: "The selected account's branding as the settings form edits it (colours fall back to the defaults)",
  tags,
  level: 'account',
  access,
  response: accountBranding,
});

export const updateAccountBrandingBody = z.strictObject({
  colors: z.strictObject({ primary_color: hexColor, primary_darken_color: hexColor }).partial().optional(),
  /** Images uploaded to the account with purpose `logo`; null removes. */
  logo_file_id: uuid.nullable().optional(),
  favicon_file_id: uuid.nullable().optional(),
  stylesheet: z.strictObject({ path: stylesheetPath }).optional(),
  login: brandingTexts.optional(),
  forgot_password: brandingTexts.optional(),
  register: brandingTexts.optional(),
});

export const updateAccountBranding = endpoint({
  method: 'PATCH',
  path: '/v1/accounts/branding',
  summary: "Change the selected account's branding; a text section sent replaces that section. Served to browsers at once.",
  tags,
  level: 'account',
  access,
  body: updateAccountBrandingBody,
  response: accountBranding,
});
