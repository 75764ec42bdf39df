import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DraftsOutlined from '@mui/icons-material/DraftsOutlined';
import MarkEmailUnreadOutlined from '@mui/icons-material/MarkEmailUnreadOutlined';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@hireline/contract/notifications';
import { visuallyHidden } from '../../components/visually-hidden';
import { formatDateTime, formatRelativeTime, portalPath } from '../../lib/notifications';

export interface RowActions {
  /** Follow the notification's portal link (marking it read first). */
  onOpen?: (n: Notification, navigate: boolean) => void;
  onToggleRead?: (n: Notification) => void;
  onDelete?: (n: Notification) => void;
  busy: boolean;
}

/** One notification: unread ones carry a dot, bold subject and a tinted background; actions on the end side. */
export function NotificationRow({ n, actions }: { n: Notification; actions: RowActions }) {
  const { t, i18n } = useTranslation('notifications');
  const path = portalPath(n.link);
  const body = (
    <Box sx={{ display: 'flex', gap: 1.5, minWidth: 0, width: '100%' }}>
      <Box
        aria-hidden
        sx={{ mt: 0.9, width: 8, height: 8, borderRadius: '50%', flexShrink: 0, bgcolor: n.read ? 'transparent' : 'primary.main' }}
      />
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        {!n.read && <Box component="span" sx={visuallyHidden}>{`${t('unread')}: `}</Box>}
        <Typography sx={{ fontWeight: n.read ? 400 : 600 }}>{n.subject}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
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
    </Box>
  );
  return (
    <ListItem divider disablePadding sx={{ alignItems: 'stretch', bgcolor: n.read ? undefined : 'action.hover' }}>
      {path && actions.onOpen ? (
        <ListItemButton
          href={path}
          onClick={(e) => {
            // A modified click (new tab, new window) leaves navigation to the browser; it still counts as read.
            const plain = e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
            if (plain) e.preventDefault();
            actions.onOpen!(n, plain);
          }}
          sx={{ py: 1.5 }}
        >
          {body}
        </ListItemButton>
      ) : (
        <Box sx={{ px: 2, py: 1.5, flexGrow: 1, minWidth: 0 }}>{body}</Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 1, flexShrink: 0 }}>
        {actions.onToggleRead && (
          <Tooltip title={n.read ? t('markUnread') : t('markRead')}>
            <IconButton
              aria-label={`${n.read ? t('markUnread') : t('markRead')}: ${n.subject}`}
              disabled={actions.busy}
              onClick={() => actions.onToggleRead!(n)}
            >
              {n.read ? <MarkEmailUnreadOutlined fontSize="small" /> : <DraftsOutlined fontSize="small" />}
            </IconButton>
          </Tooltip>
        )}
        {actions.onDelete && (
          <Tooltip title={t('delete')}>
            <IconButton aria-label={`${t('delete')}: ${n.subject}`} disabled={actions.busy} onClick={() => actions.onDelete!(n)}>
              <DeleteOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Box>
    </ListItem>
  );
}
