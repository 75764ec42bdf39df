import { useEffect } from 'react';
import TablePagination from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../lib/list-search';

export interface ListPaginationProps {
  meta: { total: number; estimated?: boolean } | undefined;
  page: number;
  perPage: number;
  onPage: (page: number | undefined) => void;
  onPerPage: (perPage: number) => void;
}

/** Server paging of a list; page and size are the URL's (page 1 and the default size are left out of it). */
export function ListPagination(props: ListPaginationProps) {
  const { t } = useTranslation();
  const lastPage = props.meta ? Math.max(1, Math.ceil(props.meta.total / props.perPage)) : 1;
  return (
    <TablePagination
      component="div"
      count={props.meta?.total ?? 0}
      page={props.meta ? Math.min(props.page, lastPage) - 1 : 0}
      rowsPerPage={props.perPage}
      rowsPerPageOptions={[...PAGE_SIZES]}
      onPageChange={(_, next) => props.onPage(next > 0 ? next + 1 : undefined)}
      onRowsPerPageChange={(e) => props.onPerPage(Number(e.target.value))}
      labelRowsPerPage={t('pagination.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) =>
        t(props.meta?.estimated ? 'pagination.displayedRowsEstimated' : 'pagination.displayedRows', { from, to, total: count })
      }
      getItemAriaLabel={(type) => t(`pagination.${type}`)}
    />
  );
}

/** Deleting or approving the last rows of the last page leaves it empty: the page to step back to, if any. */
export function pageToStepBackTo(meta: { total: number } | undefined, rows: unknown[] | undefined, page: number, perPage: number) {
  if (!meta || rows?.length !== 0) return null;
  const lastPage = Math.max(1, Math.ceil(meta.total / perPage));
  return page > lastPage ? lastPage : null;
}

/** Moves the URL back to the last page when the current one was emptied (see {@link pageToStepBackTo}). */
export function useStepBackWhenEmptied(
  meta: { total: number } | undefined,
  rows: unknown[] | undefined,
  page: number,
  perPage: number,
  goTo: (page: number | undefined) => void,
) {
  const stepBack = pageToStepBackTo(meta, rows, page, perPage);
  useEffect(() => {
    if (stepBack !== null) goTo(stepBack > 1 ? stepBack : undefined);
    // `goTo` is a fresh closure each render; only a new target should navigate.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stepBack]);
}
