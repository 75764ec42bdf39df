import { z } from 'zod';
import { endpoint } from './endpoint';
import { uuid } from './common';
import { applicationStatuses, jobStatuses } from './enums';
import { messages } from './messages';
import { formatMessage } from './message-codes';

/** Shortest search text the API accepts: one letter matches too much to be useful (and defeats the indexes). */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;

export const siteSearchQuery = z.object({
  q: z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required, abort: true })
    .min(SEARCH_MIN_LENGTH, { error: formatMessage('min_length', { min: SEARCH_MIN_LENGTH }) })
    .max(SEARCH_MAX_LENGTH, { error: formatMessage('max_length', { max: SEARCH_MAX_LENGTH }) }),
  /** Results per group. */
  limit: z.coerce.number({ error: messages.invalid }).int().min(1).max(10).default(5),
});

export const siteSearchResult = z.object({
  jobs: z.array(
    z.object({ id: uuid, title: z.string(), reference: z.string().nullable(), status: z.enum(jobStatuses), employer_name: z.string() }),
  ),
  seekers: z.array(z.object({ id: uuid, name: z.string(), email: z.string() })),
  applications: z.array(
    z.object({ id: uuid, candidate_name: z.string(), job_title: z.string(), status: z.enum(applicationStatuses) }),
  ),
  employers: z.array(z.object({ id: uuid, name: z.string() })),
});
export type SiteSearchResult = z.infer<typeof siteSearchResult>;

/**
 * The app bar's search over records of the selected site. Each group holds only what the caller may view:
 * a group whose subject they cannot view comes back empty rather than failing the whole search.
 */
export const siteSearch = endpoint({
  method: 'GET',
  path: '/v1/site/search',
  summary: 'Search the selected site: jobs, seekers, applications and employers the caller may view',
  tags: ['search'],
  access: { subject: 'portal', action: 'access' },
  query: siteSearchQuery,
  response: siteSearchResult,
});
