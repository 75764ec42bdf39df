import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Close from '@mui/icons-material/Close';
import KeyboardDoubleArrowLeft from '@mui/icons-material/KeyboardDoubleArrowLeft';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../components/BrandLogo';
import { RouterLink } from '../../components/RouterLink';
import { visuallyHidden } from '../../components/visually-hidden';
import { preferences, usePreferences } from '../../lib/preferences';
import { NavList } from './NavList';

export const NAV_WIDTH = 264;
/** The drawer also holds a close button beside the brand. */
const DRAWER_WIDTH = 300;
export const NAV_COLLAPSED_WIDTH = 76;
/** Spec §9: overlays (the navigation drawer below the breakpoint) sit at z-index 2000. */
export const OVERLAY_Z_INDEX = 2000;

function BrandHome({ compact, onNavigate }: { compact?: boolean; onNavigate?: () => void }) {
  return (
    <RouterLink
      to="/"
      underline="none"
      color="inherit"
      onClick={onNavigate}
      sx={{ display: 'flex', minWidth: 0, borderRadius: 1 }}
    >
      <BrandLogo size={32} nameSize={18} showName={!compact} />
    </RouterLink>
  );
}

/** Wide screens, vertical layout: the sticky left sidebar, collapsible to icons (the choice is remembered). */
export function VerticalSidebar({ navId }: { navId: string }) {
  const { t } = useTranslation();
  const { navCollapsed: collapsed } = usePreferences();
  const toggleLabel = collapsed ? t('nav.expand') : t('nav.collapse');
  const toggle = (
    <ListItemButton
      onClick={() => preferences.update({ navCollapsed: !collapsed })}
      aria-controls={navId}
      aria-expanded={!collapsed}
      sx={{ borderRadius: 1.5, minHeight: 42, justifyContent: collapsed ? 'center' : 'flex-start', px: collapsed ? 1.5 : 2 }}
    >
      <ListItemIcon sx={{ minWidth: collapsed ? 0 : 36, color: 'text.secondary' }}>
        <KeyboardDoubleArrowLeft
          fontSize="small"
          // Points the way the sidebar will move: towards the start side to fold, away from it to unfold.
          sx={(theme) => ({ transform: collapsed !== (theme.direction === 'rtl') ? 'scaleX(-1)' : 'none' })}
        />
      </ListItemIcon>
      <ListItemText primary={toggleLabel} sx={collapsed ? visuallyHidden : { my: 0, color: 'text.secondary' }} />
    </ListItemButton>
  );
  return (
    <Box
      component="aside"
      sx={{
        width: collapsed ? NAV_COLLAPSED_WIDTH : NAV_WIDTH,
        flexShrink: 0,
        position: 'sticky',
        top: 0,
        height: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.paper',
        borderInlineEnd: 1,
        borderColor: 'divider',
        transition: (theme) => theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
        zIndex: (theme) => theme.zIndex.appBar + 1,
      }}
    >
      <Box
        sx={{
          height: 64,
          display: 'flex',
          alignItems: 'center',
          px: collapsed ? 0 : 2.5,
          justifyContent: collapsed ? 'center' : 'flex-start',
        }}
      >
        <BrandHome compact={collapsed} />
      </Box>
      <Box
        component="nav"
        id={navId}
        aria-label={t('nav.main')}
        sx={{ flexGrow: 1, overflowY: 'auto', overflowX: 'hidden' }}
      >
        <NavList collapsed={collapsed} />
      </Box>
      <Box sx={{ px: 1.5, py: 1, borderTop: 1, borderColor: 'divider' }}>
        {collapsed ? (
          <Tooltip title={toggleLabel} placement="right">
            {toggle}
          </Tooltip>
        ) : (
          toggle
        )}
      </Box>
    </Box>
  );
}

/** Narrow screens (either layout): the same navigation in a temporary drawer opened from the app bar. */
export function NavDrawer({ navId, open, onClose }: { navId: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      variant="temporary"
      anchor="left"
      open={open}
      onClose={onClose}
      sx={{ zIndex: OVERLAY_Z_INDEX }}
      // No elevation tint in dark mode: the drawer is the same surface as the sidebar it stands in for.
      slotProps={{ paper: { sx: { width: DRAWER_WIDTH, maxWidth: '85vw', backgroundImage: 'none' } } }}
    >
      <Box sx={{ height: 64, display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2.5, gap: 1 }}>
        <BrandHome onNavigate={onClose} />
        <IconButton onClick={onClose} aria-label={t('nav.close')}>
          <Close />
        </IconButton>
      </Box>
      <Box component="nav" id={navId} aria-label={t('nav.main')} sx={{ overflowY: 'auto' }}>
        <NavList onNavigate={onClose} />
      </Box>
    </Drawer>
  );
}
