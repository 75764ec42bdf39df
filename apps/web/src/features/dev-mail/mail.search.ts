import { z } from 'zod';

export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** Page and page size live in the URL (DESIGN §7); junk values fall back to the defaults instead of erroring. */
export const mailListSearch = z.object({
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  per_page: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .optional()
    .catch(undefined),
});
