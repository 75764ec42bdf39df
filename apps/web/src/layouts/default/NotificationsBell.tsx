import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Popover from '@mui/material/Popover';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DoneAll from '@mui/icons-material/DoneAll';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import { useTranslation } from 'react-i18next';
import { listNotifications, readAllNotifications, updateNotification, type Notification } from '@hireline/contract/notifications';
import { ButtonLink } from '../../components/RouterLink';
import { visuallyHidden } from '../../components/visually-hidden';
import { useCan } from '../../lib/ability';
import { invalidateEndpoint, useApiMutation, useApiQuery } from '../../lib/api-query';
import { translateError } from '../../lib/messages';
import { formatDateTime, formatRelativeTime, NOTIFICATIONS_POLL_MS, portalPath } from '../../lib/notifications';
import { useSnackbar } from '../../lib/snackbar';

/** How many of the latest notifications the bell lists; the rest are on the notifications page. */
const LATEST = 5;

/** The app bar's bell: the unread count, the latest notifications and a way to the full list. */
export function NotificationsBell() {
  const allowed = useCan('view', 'notifications');
  return allowed ? <Bell /> : null;
}

function Bell() {
  const { t, i18n } = useTranslation('notifications');
  const { t: tc } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const canUpdate = useCan('update', 'notifications');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const titleId = useId();

  // Polls while the tab is visible; a hidden tab asks nothing until it is shown again.
  const query = useApiQuery(
    listNotifications,
    { query: { per_page: LATEST } },
    { refetchInterval: NOTIFICATIONS_POLL_MS, refetchIntervalInBackground: false },
  );
  const refresh = () => invalidateEndpoint(queryClient, listNotifications);
  const onError = (error: Error) => snackbar.error(translateError(error));
  const markRead = useApiMutation(updateNotification, { onSuccess: refresh, onError });
  const readAll = useApiMutation(readAllNotifications, { onSuccess: refresh, onError });

  const unread = query.data?.meta.unread ?? 0;
  const rows = query.data?.data;
  const label = unread > 0 ? t('bell.labelUnread', { count: unread }) : t('bell.label');
  const close = () => setAnchor(null);

  const openNotification = (n: Notification) => {
    close();
    if (!n.read && canUpdate) markRead.mutate({ params: { uuid: n.id }, body: { read: true } });
    const path = portalPath(n.link);
    if (path) void navigate({ href: path });
  };

  return (
    <>
      <Tooltip title={t('bell.label')}>
        <IconButton
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={label}
          aria-haspopup="dialog"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
        >
          <Badge badgeContent={unread} color="error" max={99} aria-hidden>
            <NotificationsNoneOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      {/*
        A popover, not a menu: it holds a heading, states and a list, which a role="menu" may not contain. Focus moves
        into it and Escape closes it, back on the bell.
      */}
      <Popover
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': titleId,
            sx: { width: 360, maxWidth: 'calc(100vw - 32px)', mt: 1 },
          },
        }}
      >
        <Box sx={{ px: 2, py: 1.25, display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 600, flexGrow: 1 }}>
            {t('title')}
          </Typography>
          {unread > 0 && (
            <Typography variant="body2" sx={{ color: 'brand.text' }}>
              {t('bell.newCount', { count: unread })}
            </Typography>
          )}
        </Box>
        <Divider />
        {!rows && query.isError && (
          <Typography color="error" sx={{ px: 2, py: 3 }}>
            {t('loadError')}
          </Typography>
        )}
        {!rows && !query.isError && (
          <Box sx={{ px: 2, py: 1 }} role="status" aria-label={tc('loading')}>
            {Array.from({ length: 3 }, (_, i) => (
              <Box key={i} sx={{ py: 1 }}>
                <Skeleton width="60%" />
                <Skeleton />
              </Box>
            ))}
          </Box>
        )}
        {rows?.length === 0 && (
          <Typography color="text.secondary" sx={{ px: 2, py: 3, textAlign: 'center' }}>
            {t('empty')}
          </Typography>
        )}
        {rows && rows.length > 0 && (
          <List disablePadding aria-labelledby={titleId}>
            {rows.map((n) => (
              <ListItem key={n.id} disablePadding>
                <ListItemButton
                  onClick={() => openNotification(n)}
                  sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.25, bgcolor: n.read ? undefined : 'action.hover' }}
                >
                  <Box
                    aria-hidden
                    sx={{ mt: 0.75, width: 8, height: 8, borderRadius: '50%', flexShrink: 0, bgcolor: n.read ? 'transparent' : 'brand.fill' }}
                  />
                  <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                    {!n.read && <Box component="span" sx={visuallyHidden}>{`${t('unread')}: `}</Box>}
                    <Typography variant="body2" sx={{ fontWeight: n.read ? 400 : 600 }} noWrap>
                      {n.subject}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" noWrap>
                      {n.content}
                    </Typography>
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      component="time"
                      dateTime={n.notified_at}
                      title={formatDateTime(n.notified_at, i18n.language)}
                    >
                      {formatRelativeTime(n.notified_at, i18n.language)}
                    </Typography>
                  </Box>
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
        <Divider />
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, px: 1, py: 1 }}>
          {canUpdate ? (
            <Button
              size="small"
              startIcon={<DoneAll fontSize="small" />}
              disabled={unread === 0 || readAll.isPending}
              onClick={() => readAll.mutate({})}
            >
              {t('markAllRead')}
            </Button>
          ) : (
            <span />
          )}
          <ButtonLink size="small" to="/notifications" onClick={close}>
            {t('bell.viewAll')}
          </ButtonLink>
        </Box>
      </Popover>
    </>
  );
}
