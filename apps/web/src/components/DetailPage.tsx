import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Endpoint } from '@hireline/contract/endpoint';
import type { RequestInput } from '../lib/api-client';
import { useApiQuery } from '../lib/api-query';
import { usePageTitle } from '../lib/page-title';
import { ErrorState } from './ErrorState';
import { PageHeader } from './PageHeader';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The record a detail page shows, by the route's `$id`. Another scope's record, a deleted one or a made-up id is
 * `notFound` (DESIGN §6: outside the scope is 404); a made-up id is not even asked for, and a 404 or 403 is final.
 */
export function useRecordQuery<E extends Endpoint>(endpoint: E, id: string) {
  const validId = UUID.test(id);
  const query = useApiQuery(endpoint, { params: { uuid: id } } as RequestInput<E>, {
    enabled: validId,
    retry: (count, error) => error.status !== 404 && error.status !== 403 && count < 2,
  });
  return { query, notFound: !validId || query.error?.status === 404 };
}

/**
 * A detail page around its record: a 404 with the way back, the load error with a retry, placeholders while it
 * loads; then the way back above what `children` makes of the record.
 */
export function DetailPage<R>(props: {
  record: {
    query: { data: R | undefined; isError: boolean; error: unknown; refetch: () => Promise<unknown> };
    notFound: boolean;
  };
  /** The link back to the list. */
  back: ReactNode;
  labels: { notFoundTitle: string; notFoundBody: string; loadError: string };
  /** The big "404"'s colour (a theme palette path). */
  codeColor?: string;
  /** The record's name in the browser tab (a job's title, a person's name). */
  name: (record: R) => string;
  children: (record: R) => ReactNode;
}) {
  const { query, notFound } = props.record;
  // While the record loads the tab shows the brand alone, never the route's generic "Job" or the last page's name.
  usePageTitle(
    notFound ? props.labels.notFoundTitle : query.data ? props.name(query.data) : query.isError ? props.labels.loadError : undefined,
  );
  if (notFound)
    return (
      <Box role="status" sx={{ textAlign: 'center', maxWidth: 520, mx: 'auto', py: 6 }}>
        <Typography
          aria-hidden
          sx={{ fontSize: 88, fontWeight: 700, lineHeight: 1, color: props.codeColor ?? 'primary.main', mb: 2 }}
        >
          404
        </Typography>
        <Typography variant="h4" component="h1" gutterBottom>
          {props.labels.notFoundTitle}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          {props.labels.notFoundBody}
        </Typography>
        {props.back}
      </Box>
    );
  if (!query.data)
    return query.isError ? (
      <Stack spacing={2}>
        <Box>{props.back}</Box>
        <ErrorState title={props.labels.loadError} error={query.error} onRetry={() => void query.refetch()} />
      </Stack>
    ) : (
      <Stack spacing={2} aria-busy>
        <Skeleton variant="text" width="40%" height={48} />
        <Skeleton variant="rounded" height={48} />
        <Skeleton variant="rounded" height={320} />
      </Stack>
    );
  return (
    <Stack spacing={3}>
      <Box>{props.back}</Box>
      {props.children(query.data)}
    </Stack>
  );
}

/** The record's name as the page's h1, a line under it, and its state (chips, markers) just below. */
export function DetailHeader({ title, subtitle, children }: { title: ReactNode; subtitle: ReactNode; children: ReactNode }) {
  return (
    <Box>
      <PageHeader title={title} subtitle={subtitle} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: -1.5 }}>{children}</Box>
    </Box>
  );
}
