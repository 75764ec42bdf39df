import { z } from 'zod';
import { pagingParams } from '../../lib/list-search';

/** Page and page size live in the URL (DESIGN §7); junk values fall back to the defaults instead of erroring. */
export const mailListSearch = z.object(pagingParams);
