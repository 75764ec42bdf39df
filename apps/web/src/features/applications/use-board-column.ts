import { useInfiniteQuery } from '@tanstack/react-query';
import { listApplications } from '@hireline/contract/applications';
import type { ApplicationStatus } from '@hireline/contract/enums';
import { request } from '../../lib/api-client';
import { apiQueryKey } from '../../lib/api-query';
import { scopeKey, useSession } from '../../lib/session';

export const BOARD_PAGE_SIZE = 50;

/**
 * One board column: the job's applications in one status, 50 at a time with "load more". Keyed under the list
 * endpoint's path, so whatever refreshes the list (a status change, a bulk action) refreshes the board too.
 */
export function useBoardColumn(jobId: string, status: ApplicationStatus) {
  const { scope, token } = useSession();
  const query = { job_id: jobId, status };
  return useInfiniteQuery({
    queryKey: [...apiQueryKey(listApplications, { query }, scopeKey(scope)), 'board'],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => request(listApplications, { query: { ...query, per_page: BOARD_PAGE_SIZE, page: pageParam }, signal }),
    getNextPageParam: (last, all) => (all.length * BOARD_PAGE_SIZE < last.meta.total && last.data.length > 0 ? all.length + 1 : undefined),
    enabled: !!token,
  });
}
