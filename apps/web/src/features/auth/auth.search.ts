import { z } from 'zod';

/**
 * /login keeps whatever query the guard carried, plus `to`: where to go after signing in, and `sso_error`: why a
 * single sign-on came back refused.
 */
export const loginSearch = z.looseObject({
  to: z.string().optional().catch(undefined),
  sso_error: z.string().optional().catch(undefined),
});

export const resetPasswordSearch = z.object({ token: z.string().optional().catch(undefined) });
