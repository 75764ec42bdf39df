import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DoneAll from '@mui/icons-material/DoneAll';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import { useTranslation } from 'react-i18next';
import { listNotifications, readAllNotifications, updateNotification, type Notification } from '@hireline/contract/notifications';
import { MenuItemLink } from '../../components/RouterLink';
import { visuallyHidden } from '../../components/visually-hidden';
import { useCan } from '../../lib/ability';
import { invalidateEndpoint, useApiMutation, useApiQuery } from '../../lib/api-query';
import { translateMessage } from '../../lib/messages';
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

  // Polls while the tab is visible; a hidden tab asks nothing until it is shown again.
  const query = useApiQuery(
    listNotifications,
    { query: { per_page: LATEST } },
    { refetchInterval: NOTIFICATIONS_POLL_MS, refetchIntervalInBackground: false },
  );
  const refresh = () => invalidateEndpoint(queryClient, listNotifications);
  const onError = (error: Error) => snackbar.error(translateMessage(error.message));
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
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
        >
          <Badge badgeContent={unread} color="error" max={99} aria-hidden>
            <NotificationsNoneOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 360, maxWidth: 'calc(100vw - 32px)', mt: 1 } }, list: { 'aria-label': t('title') } }}
      >
        <Box sx={{ px: 2, py: 1, display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flexGrow: 1 }}>
            {t('title')}
          </Typography>
          {unread > 0 && (
            <Typography variant="body2" color="primary">
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
        {!rows &&
          !query.isError &&
          Array.from({ length: 3 }, (_, i) => (
            <Box key={i} sx={{ px: 2, py: 1 }} aria-label={tc('loading')}>
              <Skeleton width="60%" />
              <Skeleton />
            </Box>
          ))}
        {rows?.length === 0 && (
          <Typography color="text.secondary" sx={{ px: 2, py: 3, textAlign: 'center' }}>
            {t('empty')}
          </Typography>
        )}
        {rows?.map((n) => (
          <MenuItem
            key={n.id}
            onClick={() => openNotification(n)}
            sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.25, whiteSpace: 'normal', bgcolor: n.read ? undefined : 'action.hover' }}
          >
            <Box
              aria-hidden
              sx={{ mt: 0.75, width: 8, height: 8, borderRadius: '50%', flexShrink: 0, bgcolor: n.read ? 'transparent' : 'primary.main' }}
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
          </MenuItem>
        ))}
        <Divider />
        {canUpdate && (
          <MenuItem disabled={unread === 0 || readAll.isPending} onClick={() => readAll.mutate({})}>
            <ListItemIcon>
              <DoneAll fontSize="small" />
            </ListItemIcon>
            {t('markAllRead')}
          </MenuItem>
        )}
        <MenuItemLink to="/notifications" onClick={close}>
          <ListItemIcon>
            <NotificationsNoneOutlined fontSize="small" />
          </ListItemIcon>
          {t('bell.viewAll')}
        </MenuItemLink>
      </Menu>
    </>
  );
}
