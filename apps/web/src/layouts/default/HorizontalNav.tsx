import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import { alpha, type Theme } from '@mui/material/styles';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/RouterLink';
import { MenuItemLink } from '../../components/RouterMenuLinks';
import type { NavGroup, NavGroupKey } from './nav-items';
import { isNavActive, useActiveNavName } from './use-nav-active';
import { useVisibleNav, type NavItem } from './use-nav';

// The everyday sections stay one click away; the rarer ones fold into a menu so the bar fits one row.
const INLINE_GROUPS: ReadonlySet<NavGroupKey> = new Set(['main', 'recruitment']);

const itemSx = (active: boolean) => (theme: Theme) => ({
  px: 1.5,
  py: 0.75,
  whiteSpace: 'nowrap' as const,
  color: active ? theme.palette.primary.contrastText : theme.palette.text.primary,
  bgcolor: active ? theme.palette.brand.fill : 'transparent',
  boxShadow: active ? `0 2px 6px ${alpha(theme.palette.primary.main, 0.35)}` : 'none',
  '&:hover': { bgcolor: active ? theme.palette.brand.fill : theme.palette.action.hover },
});

function EntryLink({ entry, active }: { entry: NavItem; active: boolean }) {
  const Icon = entry.icon;
  return (
    <ButtonLink
      to={entry.to}
      params={entry.params}
      aria-current={active ? 'page' : undefined}
      startIcon={<Icon fontSize="small" />}
      sx={itemSx(active)}
    >
      {entry.label}
    </ButtonLink>
  );
}

function GroupMenu({ group }: { group: NavGroup<NavItem> }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const current = useActiveNavName();
  const active = group.entries.some((e) => isNavActive(e.name, current));
  return (
    <>
      <Button
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        endIcon={<KeyboardArrowDown />}
        sx={itemSx(active)}
      >
        {t(`nav.groups.${group.key}`)}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { minWidth: 220, mt: 0.5 } } }}
      >
        {group.entries.map((entry) => {
          const Icon = entry.icon;
          const selected = isNavActive(entry.name, current);
          return (
            <MenuItemLink
              key={entry.name}
              to={entry.to}
              params={entry.params}
              selected={selected}
              aria-current={selected ? 'page' : undefined}
              onClick={() => setAnchor(null)}
            >
              <ListItemIcon>
                <Icon fontSize="small" />
              </ListItemIcon>
              {entry.label}
            </MenuItemLink>
          );
        })}
      </Menu>
    </>
  );
}

/** Wide screens, horizontal layout: the navigation as a menu bar under the app bar. */
export function HorizontalNav({ navId }: { navId: string }) {
  const { t } = useTranslation();
  const groups = useVisibleNav();
  const current = useActiveNavName();
  return (
    <Box component="nav" id={navId} aria-label={t('nav.main')} sx={{ borderTop: 1, borderColor: 'divider' }}>
      <Container maxWidth="xl">
        <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, listStyle: 'none', m: 0, p: 0, py: 1 }}>
          {groups.flatMap((group) =>
            INLINE_GROUPS.has(group.key) || group.entries.length === 1
              ? group.entries.map((entry) => (
                  <li key={entry.name}>
                    <EntryLink entry={entry} active={isNavActive(entry.name, current)} />
                  </li>
                ))
              : [
                  <li key={group.key}>
                    <GroupMenu group={group} />
                  </li>,
                ],
          )}
        </Box>
      </Container>
    </Box>
  );
}
