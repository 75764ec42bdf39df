import { z } from 'zod';
import { pagingParams } from '../../lib/list-search';

export const FILTERS = ['all', 'unread'] as const;
export type NotificationsFilter = (typeof FILTERS)[number];

/** Page, page size and the All/Unread filter live in the URL (DESIGN §7); junk falls back to the defaults. */
export const notificationsSearch = z.object({
  ...pagingParams,
  filter: z.enum(FILTERS).optional().catch(undefined),
});
