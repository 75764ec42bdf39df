import { useState } from 'react';
import { useStepBackWhenEmptied, type ListPaginationProps } from '../ListPagination';

/** Row selection that belongs to what is shown: another page, sort or filter (another `key`) starts with none. */
export function useListSelection(key: string) {
  const [selection, setSelection] = useState({ key, ids: [] as string[] });
  return {
    selected: selection.key === key ? selection.ids : [],
    setSelected: (ids: string[]) => setSelection({ key, ids }),
    clear: () => setSelection({ key, ids: [] }),
  };
}

/**
 * The pager of a list whose page and size live in the URL (`go` writes a patch of its search params), which also
 * steps back to the last page when the current one was emptied (its last rows deleted or approved).
 */
export function useListPager(
  paging: { page: number; perPage: number },
  data: { data: unknown[]; meta: { total: number; estimated?: boolean } } | undefined,
  go: (patch: { page?: number; per_page?: number }, replace?: boolean) => void,
): ListPaginationProps {
  const { page, perPage } = paging;
  useStepBackWhenEmptied(data?.meta, data?.data, page, perPage, (to) => go({ page: to }, true));
  return {
    meta: data?.meta,
    page,
    perPage,
    onPage: (next) => go({ page: next }),
    onPerPage: (size) => go({ per_page: size, page: undefined }),
  };
}
