import { useId, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import Tooltip from '@mui/material/Tooltip';
import AppsOutlined from '@mui/icons-material/AppsOutlined';
import { useTranslation } from 'react-i18next';
import { MenuItemLink } from '../../components/RouterMenuLinks';
import { useShortcuts } from './use-nav';

/** A few handy links (queues needing attention, notifications, profile), each shown only when permitted. */
export function ShortcutsMenu() {
  const { t } = useTranslation();
  const shortcuts = useShortcuts();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  if (shortcuts.length === 0) return null;
  return (
    <>
      <Tooltip title={t('shortcuts.label')}>
        <IconButton
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={t('shortcuts.label')}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
        >
          <AppsOutlined />
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240, mt: 1 } } }}
      >
        <ListSubheader sx={{ lineHeight: 2.5, bgcolor: 'transparent' }}>{t('shortcuts.label')}</ListSubheader>
        {shortcuts.map((s) => {
          const Icon = s.icon;
          return (
            <MenuItemLink key={s.name} to={s.to} params={s.params} onClick={() => setAnchor(null)}>
              <ListItemIcon>
                <Icon fontSize="small" />
              </ListItemIcon>
              {s.label}
            </MenuItemLink>
          );
        })}
      </Menu>
    </>
  );
}
