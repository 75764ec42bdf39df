import { z } from 'zod';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const FILTERS = ['all', 'unread'] as const;
export type NotificationsFilter = (typeof FILTERS)[number];

/** Page, page size and the All/Unread filter live in the URL (DESIGN §7); junk falls back to the defaults. */
export const notificationsSearch = z.object({
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  per_page: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .optional()
    .catch(undefined),
  filter: z.enum(FILTERS).optional().catch(undefined),
});
