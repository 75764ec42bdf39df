import { z } from 'zod';
import type { QueryOf } from '@hireline/contract/endpoint';
import { auditSorts, type listAccountAuditLogs, type listEnterpriseAuditLogs } from '@hireline/contract/audit';
import { dayParam, listFilters, listQuery, pagingParams, sortParam, textParam, uuidParam } from '../../lib/list-search';

/* Both audit pages keep page, page size, sort and every filter in the URL (DESIGN §7); the enterprise's adds an account. */

export type AuditSort = (typeof auditSorts)[number];
export const DEFAULT_SORT = '-created_at' satisfies AuditSort;

/** An action key or, ending with a dot, a family (`job.`), as the API accepts it; anything else is no filter. */
export const ACTION_KEY = /^[a-z0-9_]+(\.[a-z0-9_]+)*\.?$/;
const actionParam = z.string().trim().toLowerCase().regex(ACTION_KEY).max(100).optional().catch(undefined);

export const auditSearch = z.object({
  ...pagingParams,
  sort: sortParam(auditSorts),
  q: textParam(200),
  actor: uuidParam,
  actor_email: textParam(254),
  // Only "on" means something: off is every entry, which is no filter at all.
  impersonated_only: z.literal('true').optional().catch(undefined),
  action: actionParam,
  subject_type: textParam(50),
  subject_id: textParam(100),
  from: dayParam,
  to: dayParam,
});
export type AuditSearch = z.output<typeof auditSearch>;

export const enterpriseAuditSearch = auditSearch.extend({ account: uuidParam });
export type EnterpriseAuditSearch = z.output<typeof enterpriseAuditSearch>;

/** The filters (not paging or sort): what "clear filters" removes and what makes an empty list "no match". */
export const FILTER_KEYS = [
  'q',
  'actor',
  'actor_email',
  'impersonated_only',
  'action',
  'subject_type',
  'subject_id',
  'from',
  'to',
  'account',
] as const satisfies readonly (keyof EnterpriseAuditSearch)[];

export const { has: hasFilters, active: activeFilters, cleared: clearedFilters } = listFilters(FILTER_KEYS);

/** The account list's query for what the URL says (the CSV export sends the same filters). */
export const toAccountQuery = (search: AuditSearch): QueryOf<typeof listAccountAuditLogs> => listQuery(search, DEFAULT_SORT);

export const toEnterpriseQuery = (search: EnterpriseAuditSearch): QueryOf<typeof listEnterpriseAuditLogs> =>
  listQuery(search, DEFAULT_SORT);
