import { z } from 'zod';

const optional = z.string().optional().catch(undefined);

/** `next`: where to return after signing in (checked by safeNext before use). */
export const nextSearch = z.object({ next: optional });
/** The mailed confirmation link: `/verify?token=…` (and `next` when the candidate registered on the way to apply). */
export const verifySearch = z.object({ token: optional, next: optional });
export const resetSearch = z.object({ token: optional });
