import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import TablePagination from '@mui/material/TablePagination';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import DoneAll from '@mui/icons-material/DoneAll';
import { useTranslation } from 'react-i18next';
import {
  deleteNotification,
  listNotifications,
  readAllNotifications,
  updateNotification,
  type Notification,
} from '@hireline/contract/notifications';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ListCard } from '../../components/list/ListCard';
import { PageHeader } from '../../components/PageHeader';
import { useCan } from '../../lib/ability';
import type { ApiError } from '../../lib/api-client';
import { invalidateEndpoint, useApiMutation, useApiQuery } from '../../lib/api-query';
import { translateError } from '../../lib/messages';
import { portalPath } from '../../lib/notifications';
import { useSnackbar } from '../../lib/snackbar';
import { NotificationRow } from './NotificationRow';
import { PAGE_SIZES } from '../../lib/list-search';
import { FILTERS } from './notifications.search';

/** The caller's whole inbox: All / Unread, server paging in the URL, read state per row, delete with confirmation. */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const { t: tc } = useTranslation();
  const search = useSearch({ from: '/notifications' });
  const navigate = useNavigate({ from: '/notifications' });
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const canUpdate = useCan('update', 'notifications');
  const canDelete = useCan('delete', 'notifications');
  const page = search.page ?? 1;
  const perPage = search.per_page ?? 25;
  const filter = search.filter ?? 'all';
  // Kept while the dialog fades out, so its text does not blank; `open` says whether it is showing.
  const [toDelete, setToDelete] = useState<{ n: Notification; open: boolean } | null>(null);
  const closeDelete = () => setToDelete((d) => d && { ...d, open: false });

  const query = useApiQuery(
    listNotifications,
    { query: { page, per_page: perPage, unread: filter === 'unread' ? 'true' : undefined } },
    { keepPrevious: true },
  );
  const rows = query.data?.data;
  const meta = query.data?.meta;

  const refresh = () => invalidateEndpoint(queryClient, listNotifications);
  const onError = (error: ApiError) => snackbar.error(translateError(error));
  const setRead = useApiMutation(updateNotification, { onSuccess: refresh, onError });
  const readAll = useApiMutation(readAllNotifications, {
    onSuccess: (result) => {
      snackbar.success(t('allRead', { count: result.updated }));
      return refresh();
    },
    onError,
  });
  const remove = useApiMutation(deleteNotification, {
    onSuccess: () => {
      closeDelete();
      snackbar.success(t('deleted'));
      return refresh();
    },
    onError,
  });

  // Deleting or reading the last rows of the last page leaves it empty: step back to the page that still has some.
  const lastPage = meta ? Math.max(1, Math.ceil(meta.total / perPage)) : 1;
  useEffect(() => {
    if (meta && rows?.length === 0 && page > lastPage) void navigate({ search: (prev) => ({ ...prev, page: lastPage > 1 ? lastPage : undefined }) });
  }, [meta, rows, page, lastPage, navigate]);

  const open = (n: Notification, follow: boolean) => {
    if (!n.read && canUpdate) setRead.mutate({ params: { uuid: n.id }, body: { read: true } });
    const path = portalPath(n.link);
    if (follow && path) void navigate({ href: path });
  };
  const busy = setRead.isPending || remove.isPending || readAll.isPending;

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          canUpdate && (
            <Button
              variant="outlined"
              startIcon={<DoneAll />}
              disabled={!meta || meta.unread === 0}
              loading={readAll.isPending}
              onClick={() => readAll.mutate({})}
            >
              {t('markAllRead')}
            </Button>
          )
        }
      />
      <ListCard query={query} rows={rows} errorTitle={t('loadError')}>
        <Tabs
          value={filter}
          onChange={(_, value: (typeof FILTERS)[number]) =>
            void navigate({ search: (prev) => ({ ...prev, filter: value === 'all' ? undefined : value, page: undefined }) })
          }
          aria-label={t('filter.label')}
          sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          {FILTERS.map((f) => (
            <Tab
              key={f}
              value={f}
              label={f === 'unread' && meta ? `${t('filter.unread')} (${meta.unread})` : t(`filter.${f}`)}
            />
          ))}
        </Tabs>
        <List disablePadding aria-label={t('title')} aria-busy={query.isFetching}>
          {!rows &&
            Array.from({ length: 5 }, (_, i) => (
              <Box key={i} sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
                <Skeleton width="40%" />
                <Skeleton width="80%" />
                <Skeleton width="15%" />
              </Box>
            ))}
          {rows?.map((n) => (
            <NotificationRow
              key={n.id}
              n={n}
              actions={{
                onOpen: open,
                onToggleRead: canUpdate ? (row) => setRead.mutate({ params: { uuid: row.id }, body: { read: !row.read } }) : undefined,
                onDelete: canDelete ? (row) => setToDelete({ n: row, open: true }) : undefined,
                busy,
              }}
            />
          ))}
        </List>
        {rows?.length === 0 && (
          <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
            {filter === 'unread' ? t('emptyUnread') : t('empty')}
          </Typography>
        )}
        <TablePagination
          component="div"
          count={meta?.total ?? 0}
          page={meta ? Math.min(page, lastPage) - 1 : 0}
          rowsPerPage={perPage}
          rowsPerPageOptions={[...PAGE_SIZES]}
          onPageChange={(_, next) => void navigate({ search: (prev) => ({ ...prev, page: next + 1 }) })}
          onRowsPerPageChange={(e) =>
            void navigate({ search: (prev) => ({ ...prev, per_page: Number(e.target.value), page: undefined }) })
          }
          labelRowsPerPage={t('rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('displayedRows', { from, to, total: count })}
          getItemAriaLabel={(type) => tc(`pagination.${type}`)}
        />
      </ListCard>
      {/* Deleting is permanent, so it is confirmed first and the dialog says it cannot be undone (DESIGN §7). */}
      <ConfirmDialog
        open={toDelete?.open ?? false}
        title={t('deleteDialog.title')}
        body={t('deleteDialog.body', { subject: toDelete?.n.subject ?? '' })}
        confirmLabel={t('deleteDialog.confirm')}
        cancelLabel={t('deleteDialog.cancel')}
        color="error"
        pending={remove.isPending}
        onCancel={closeDelete}
        onConfirm={() => toDelete && remove.mutate({ params: { uuid: toDelete.n.id } })}
      />
    </>
  );
}
