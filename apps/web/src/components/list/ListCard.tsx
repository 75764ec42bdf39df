import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { ErrorState } from '../ErrorState';
import { ListPagination, type ListPaginationProps } from '../ListPagination';
import { RefetchingBar } from '../RefetchingBar';

/**
 * A list's card: the error in its place when the first page could not load; otherwise a bar while it reloads (new
 * page, filter, refresh) over the rows that stay, the content, and the pager when it goes last.
 */
export function ListCard(props: {
  query: { isError: boolean; isFetching: boolean; error: unknown; refetch: () => Promise<unknown> };
  rows: unknown[] | undefined;
  errorTitle: string;
  pager?: ListPaginationProps;
  children: ReactNode;
}) {
  const { query } = props;
  if (query.isError && !props.rows)
    return <ErrorState title={props.errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  return (
    // `clip`, not the Paper's `hidden`: the corners stay clipped without making a scroll container, which would keep
    // the bulk bar inside from sticking to the viewport.
    <Card sx={{ position: 'relative', overflow: 'clip' }}>
      <RefetchingBar show={query.isFetching} />
      {props.children}
      {props.pager && <ListPagination {...props.pager} />}
    </Card>
  );
}

/** A page without rows: what that means, a hint, and what to do about it (clear the filters, add the first). */
export function ListEmpty(props: {
  title: string;
  hint: string;
  /** Undefined when there is nothing to offer; `false` (offered to others, not to this user) keeps its room. */
  action?: ReactNode;
  /** Less room around it, inside a tab rather than a page. */
  compact?: boolean;
}) {
  return (
    <Box role="status" sx={{ py: props.compact ? 6 : 8, px: 2, textAlign: 'center' }}>
      <Typography variant="h6" component="p" gutterBottom>
        {props.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: props.action === undefined ? 0 : 2 }}>
        {props.hint}
      </Typography>
      {props.action}
    </Box>
  );
}

/** A page without rows, said in one line (queues where "nothing waiting" needs no more). */
export function ListEmptyMessage({ children }: { children: ReactNode }) {
  return (
    <Typography role="status" color="text.secondary" sx={{ py: 8, px: 2, textAlign: 'center' }}>
      {children}
    </Typography>
  );
}
