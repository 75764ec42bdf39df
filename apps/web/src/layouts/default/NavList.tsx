import { useId } from 'react';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Tooltip from '@mui/material/Tooltip';
import { alpha } from '@mui/material/styles';
import { visuallyHidden } from '../../components/visually-hidden';
import { useTranslation } from 'react-i18next';
import { ListItemButtonLink } from '../../components/RouterMenuLinks';
import type { NavGroup } from './nav-items';
import { isNavActive, useActiveNavName } from './use-nav-active';
import { useVisibleNav, type NavItem } from './use-nav';

function NavEntryItem({ entry, active, collapsed, onNavigate }: {
  entry: NavItem;
  active: boolean;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const Icon = entry.icon;
  const link = (
    <ListItemButtonLink
      to={entry.to}
      params={entry.params}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      sx={(theme) => ({
        borderRadius: 1.5,
        minHeight: 42,
        px: collapsed ? 1.5 : 2,
        justifyContent: collapsed ? 'center' : 'flex-start',
        color: 'text.primary',
        ...(active && {
          bgcolor: theme.palette.brand.fill,
          color: theme.palette.primary.contrastText,
          boxShadow: `0 2px 6px ${alpha(theme.palette.primary.main, 0.35)}`,
          '&:hover': { bgcolor: theme.palette.brand.fill },
        }),
      })}
    >
      <ListItemIcon sx={{ minWidth: collapsed ? 0 : 36, color: 'inherit' }}>
        <Icon fontSize="small" />
      </ListItemIcon>
      {/* Collapsed, the label stays for screen readers; sighted users get it as a tooltip. */}
      <ListItemText primary={entry.label} sx={collapsed ? visuallyHidden : { my: 0 }} />
    </ListItemButtonLink>
  );
  return (
    <ListItem disablePadding sx={{ px: 1.5, py: 0.25 }}>
      {collapsed ? (
        <Tooltip title={entry.label} placement="right">
          {link}
        </Tooltip>
      ) : (
        link
      )}
    </ListItem>
  );
}

function NavSection({ group, collapsed, onNavigate }: {
  group: NavGroup<NavItem>;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const current = useActiveNavName();
  // The first section (the dashboard) needs no heading; the others are labelled lists.
  const heading = group.key !== 'main' && (
    <ListSubheader
      id={headingId}
      disableSticky
      sx={(theme) => ({
        bgcolor: 'transparent',
        lineHeight: 1,
        pt: 2.5,
        pb: 1,
        px: 3.5,
        fontSize: 12,
        // Spacing letters apart breaks the joined letters of Arabic script.
        letterSpacing: theme.direction === 'rtl' ? 0 : 0.6,
        textTransform: 'uppercase',
        color: 'text.secondary',
        ...(collapsed && visuallyHidden),
      })}
    >
      {t(`nav.groups.${group.key}`)}
    </ListSubheader>
  );
  return (
    <>
      {collapsed && group.key !== 'main' && (
        <Box aria-hidden sx={{ mx: 'auto', my: 1.5, width: 24, borderTop: 1, borderColor: 'divider' }} />
      )}
      <List dense disablePadding aria-labelledby={heading ? headingId : undefined} subheader={heading || undefined}>
        {group.entries.map((entry) => (
          <NavEntryItem
            key={entry.name}
            entry={entry}
            active={isNavActive(entry.name, current)}
            collapsed={collapsed}
            onNavigate={onNavigate}
          />
        ))}
      </List>
    </>
  );
}

/** The grouped entries of the vertical navigation; shared by the sidebar and the overlay drawer. */
export function NavList({ collapsed = false, onNavigate }: { collapsed?: boolean; onNavigate?: () => void }) {
  const groups = useVisibleNav();
  return (
    <Box sx={{ py: 1 }}>
      {groups.map((group) => (
        <NavSection key={group.key} group={group} collapsed={collapsed} onNavigate={onNavigate} />
      ))}
    </Box>
  );
}
