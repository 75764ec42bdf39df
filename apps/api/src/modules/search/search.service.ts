import { can, type AppAbility } from '@hireline/access/ability';
import type { Subject } from '@hireline/access/vocabulary';
import type { SiteSearchResult } from '@hireline/contract/search';
import type { DbOrTx } from '../../db/client';
import type { ResolvedScope } from '../../platform/scope';
import { siteSlice } from '../../platform/site-slice';
import { likeContains, prefixTsQuery } from '../../platform/text-search';
import * as repo from './search.repo';

/**
 * The app bar's search in the selected site. The route only asks for portal access, so every group checks its own
 * subject here: a caller who may not view seekers still finds jobs, and gets an empty seekers group.
 */
export async function searchSite(
  db: DbOrTx,
  scope: ResolvedScope,
  ability: AppAbility,
  text: string,
  limit: number,
): Promise<SiteSearchResult> {
  const slice = siteSlice(scope);
  const term: repo.SearchTerm = { tsquery: prefixTsQuery(text), pattern: likeContains(text), substring: text.length >= 3 };
  const group = <T>(subject: Subject, find: () => Promise<T[]>): Promise<T[]> =>
    can(ability, 'view', subject) ? find() : Promise.resolve([]);
  const [jobs, seekers, applications, employers] = await Promise.all([
    group('jobs', () => repo.findJobs(db, slice, term, limit)),
    group('seekers', () => repo.findSeekers(db, slice, term, limit)),
    group('applications', () => repo.findApplications(db, slice, term, limit)),
    group('employers', () => repo.findEmployers(db, slice, term, limit)),
  ]);
  return { jobs, seekers, applications, employers };
}
