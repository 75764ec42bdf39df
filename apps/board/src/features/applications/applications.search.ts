import { z } from 'zod';

export const APPLICATIONS_PER_PAGE = 20;
export const applicationsSearch = z.object({ page: z.coerce.number().int().min(2).optional().catch(undefined) });
