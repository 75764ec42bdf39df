import { z } from 'zod';
import { messages } from './messages';
import { formatMessage, messageCatalog as codes } from './message-codes';

/** A message by its catalogue code (message-codes.ts); `unknown` when the English is not in the catalogue. */
export const codedMessage = z.object({
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/**
 * `{message, errors?}` — the one error shape of every non-2xx answer. Beside the English, `code` and `params` name
 * the message, and `error_codes` names each field error, in the same order as `errors`.
 */
export const errorResponse = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  code: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  error_codes: z.record(z.string(), z.array(codedMessage)).optional(),
  request_id: z.string().optional(),
  /** With code `account_elsewhere`: where the caller's own account is, said only after their correct password. */
  elsewhere: z.object({ name: z.string(), url: z.string() }).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

// A missing id is "required", a malformed one "invalid": the form shows the message that says what to do.
export const uuid = z.uuid({ error: (issue) => (issue.input === undefined ? messages.required : messages.invalid) });
export const idParams = z.object({ id: uuid });
export const uuidParams = z.object({ uuid: uuid });

/** Non-empty trimmed text with the spec's "required" message. */
/** A role by its key (`consultant`, or a custom role's), as access is given in the users and employer users APIs. */
export const roleKey = z.string({ error: messages.required }).trim().min(1, { error: messages.required }).max(64, { error: messages.invalid });

export const requiredString = (max = 255) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required })
    .max(max, { error: formatMessage('max_length', { max }) });

export const email = z
  .string({ error: messages.required })
  .trim()
  .min(1, { error: messages.required })
  .max(254, { error: messages.invalid })
  .pipe(z.email({ error: messages.invalid }))
  .transform((v) => v.toLowerCase());

/** Optional free text: trimmed, `''` stored as null. */
export const optionalText = (max: number) =>
  z
    .string({ error: messages.invalid })
    .trim()
    .max(max, { error: formatMessage('max_length', { max }) })
    .nullable()
    .transform((v) => (v === '' ? null : v));

/** An absolute http(s) URL. */
export const httpUrl = z
  .string({ error: messages.required })
  .trim()
  .max(2000, { error: messages.invalid })
  .pipe(z.url({ protocol: /^https?$/, error: messages.invalid }));

/** Shared list query: `?page=1&per_page=25&sort=-created_at&q=text`. */
export const listQuery = z.object({
  page: z.coerce.number({ error: messages.invalid }).int().min(1).default(1),
  per_page: z.coerce.number({ error: messages.invalid }).int().min(1).max(100).default(25),
  sort: z.string().max(64).optional(),
  q: z.string().max(200).optional(),
});

/** `?flag=true|false`: a query string has no booleans, and `z.coerce.boolean()` would read 'false' as true. */
export const booleanFilter = z.enum(['true', 'false'], { error: messages.invalid }).transform((v) => v === 'true');

/** A filter that may repeat (`?status=live&status=draft`) or be given once; always an array after parsing. */
export const manyFilter = <T extends z.ZodType>(item: T) =>
  z.union([item, z.array(item).max(50)]).transform((v) => (Array.isArray(v) ? v : [v]) as z.output<T>[]);

/** A calendar date `YYYY-MM-DD` (filters by day). */
export const dateFilter = z.iso.date({ error: messages.invalid });

export const pageMeta = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  /** True when `total` is an estimate (very large sets). */
  estimated: z.boolean().optional(),
});

export const paginated = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: pageMeta });

export const okResponse = z.object({ message: z.string() });
export const emptyResponse = z.null();

export const timestamp = z.string().describe('ISO 8601 UTC timestamp');

/**
 * A site's slug, the second segment of the portal's paths. Here rather than with the sites' endpoints because the
 * sign-in page's SSO module validates it too, and importing sites.ts would bring site settings, credits and
 * applications into the portal's first download.
 */
export const siteSlugMessages = {
  slugLength: codes['sites.slug_length'],
  slugFormat: codes['sites.slug_format'],
} as const;

export const siteSlug = z
  .string({ error: messages.required })
  .trim()
  .min(1, { error: messages.required, abort: true })
  .min(2, { error: siteSlugMessages.slugLength, abort: true })
  .max(40, { error: siteSlugMessages.slugLength, abort: true })
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, { error: siteSlugMessages.slugFormat });
