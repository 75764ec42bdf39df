import { useId, useState } from 'react';
import { useMatches, useNavigate, useRouterState } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import Check from '@mui/icons-material/Check';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import { useTranslation } from 'react-i18next';
import { pathAfterSwitch } from '../../app/scope-path';
import { visuallyHidden } from '../../components/visually-hidden';
import { useCurrentUser } from '../../lib/current-user';
import { reconcileScope, selectedSlugs } from '../../lib/scope';
import { session, useSession } from '../../lib/session';
import { useRouteLookup } from './use-nav';

/** Where the switch should land, given the page being shown. */
function useSwitchTarget() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const leaf = useMatches({ select: (m) => m[m.length - 1] });
  const { pathOf } = useRouteLookup();
  const listName = leaf?.staticData.meta?.navActiveLink;
  return (slugs: Parameters<typeof pathAfterSwitch>[1]) =>
    leaf ? pathAfterSwitch({ pathname, fullPath: leaf.fullPath, listPath: listName && pathOf(listName) }, slugs) : null;
}

/**
 * The account and site the user works in, as one menu of sites grouped by account. On a page whose path carries
 * the selection (`/$account/$site/…`) choosing only rewrites the path: the root route then selects what the path
 * names, so the address bar stays the single source of truth there (and Back returns to the previous site).
 * Elsewhere the selection changes in place. Every scoped query refetches and the guard re-checks the page.
 */
export function ScopeSwitcher() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { scope } = useSession();
  const navigate = useNavigate();
  const targetFor = useSwitchTarget();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  if (!user || user.accounts.length === 0) return null;

  const account = user.accounts.find((a) => a.id === scope.accountId);
  const site = account?.sites.find((s) => s.id === scope.siteId);
  const accountName = account?.name ?? t('scope.none');
  const siteName = site?.name ?? t('scope.noSite');

  const choose = (accountId: string, siteId: string | null) => {
    setAnchor(null);
    const next = reconcileScope(user, { accountId, siteId, employerId: null });
    const target = targetFor(selectedSlugs(user.accounts, next));
    if (target === null || target === '/') session.setScope(next);
    if (target !== null) void navigate({ href: target });
  };

  return (
    <>
      <Button
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        color="inherit"
        endIcon={<KeyboardArrowDown />}
        sx={{ minWidth: 0, maxWidth: { xs: 56, sm: 220 }, px: 1.25, textAlign: 'start', borderRadius: 2, gap: 0.5 }}
      >
        {/* Named by what it shows, after a hidden verb: a label replacing the visible text would not match it. */}
        <Box component="span" sx={visuallyHidden}>
          {t('scope.change')}
        </Box>
        <ApartmentOutlined sx={{ color: 'text.secondary', flexShrink: 0 }} />
        <Box sx={{ minWidth: 0, display: { xs: 'none', sm: 'block' }, lineHeight: 1.2 }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
            {siteName}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {accountName}
          </Typography>
        </Box>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { minWidth: 240, maxHeight: 440, mt: 1 } }, list: { 'aria-label': t('scope.choose') } }}
      >
        {/* A flat list (MUI menus take no fragments): each account's heading, then its sites. */}
        {user.accounts.flatMap((a) => [
          <ListSubheader key={a.id} sx={{ lineHeight: 2.5 }}>
            {a.name}
          </ListSubheader>,
          ...(a.sites.length === 0
            ? [
                <MenuItem
                  key={`${a.id}-none`}
                  role="menuitemradio"
                  aria-checked={scope.accountId === a.id}
                  selected={scope.accountId === a.id}
                  onClick={() => choose(a.id, null)}
                >
                  <ListItemIcon>{scope.accountId === a.id && <Check fontSize="small" />}</ListItemIcon>
                  <Typography color="text.secondary">{t('scope.noSite')}</Typography>
                </MenuItem>,
              ]
            : a.sites.map((s) => {
                const checked = scope.accountId === a.id && scope.siteId === s.id;
                return (
                  <MenuItem
                    key={s.id}
                    role="menuitemradio"
                    aria-checked={checked}
                    selected={checked}
                    onClick={() => choose(a.id, s.id)}
                  >
                    <ListItemIcon>{checked && <Check fontSize="small" />}</ListItemIcon>
                    {s.name}
                  </MenuItem>
                );
              })),
        ])}
      </Menu>
    </>
  );
}
