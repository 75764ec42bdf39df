import { lazy, Suspense, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { AbilityProvider } from '@casl/react';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import type { AppAbility } from '../lib/ability';
import { abilityModule } from '../lib/ability-loader';
import { brandColors, useBranding } from '../lib/branding';
import { useCurrentUser } from '../lib/current-user';
import { usePreferences } from '../lib/preferences';
import { queryClient } from '../lib/query-client';
import { reconcileScope } from '../lib/scope';
import { session, useSession } from '../lib/session';
import { useSnackbarState } from '../lib/snackbar';
import { createAppTheme, emotionCache, loadRtlCache } from '../lib/theme';

// MUI's Snackbar with its transition and click-away handling: fetched with the first message, not with the first page.
const AppSnackbar = lazy(() => import('../components/AppSnackbar').then((m) => ({ default: m.AppSnackbar })));

/** The app's snackbar, from the first message shown on (each message changes the key, which starts at 0). */
function Snackbar() {
  const { key } = useSnackbarState();
  if (key === 0) return null;
  return (
    <Suspense fallback={null}>
      <AppSnackbar />
    </Suspense>
  );
}

/** Theme from branding colours, the chosen mode (system follows the OS) and the language's direction. */
function AppThemeProvider({ children }: { children: ReactNode }) {
  const branding = useBranding();
  const { mode, skin } = usePreferences();
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const { i18n } = useTranslation();
  const direction = i18n.dir(i18n.language) === 'rtl' ? 'rtl' : 'ltr';
  const paletteMode = mode === 'system' ? (prefersDark ? 'dark' : 'light') : mode;
  const { primary, primaryDark } = brandColors(branding);
  // Right-to-left styles need their cache first (lib/theme.ts): until it is in, the page keeps its current direction.
  const [, rtlLoaded] = useReducer((n: number) => n + 1, 0);
  const cache = emotionCache(direction);
  useEffect(() => {
    if (!cache) void loadRtlCache().then(rtlLoaded, () => undefined);
  }, [cache]);
  const shown = cache ? direction : 'ltr';
  const theme = useMemo(
    () => createAppTheme({ mode: paletteMode, primary, primaryDark, direction: shown, skin }),
    [paletteMode, primary, primaryDark, shown, skin],
  );
  return (
    <CacheProvider value={cache ?? emotionCache('ltr')!}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}

/**
 * The CASL ability of the user in the selected scope, for `useCan` / `<Can>`. Mounted only after
 * initialisation, so its /auth/me observer never fires before branding is known (the call carries its id).
 */
export function AbilityBridge({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const { scope } = useSession();
  // A refetched /auth/me may have lost an account or site: keep the selection valid.
  useEffect(() => {
    if (user) session.setScope(reconcileScope(user, session.get().scope));
  }, [user]);
  // Until the permission checks are loaded, which they are before any user is known (lib/ability-loader.ts), the
  // context keeps its "not provided" null (useAbility says so if asked): a signed-out visitor's pages check nothing.
  const checks = abilityModule();
  const ability = checks ? checks.abilityFor(user?.permissions, scope) : null;
  return <AbilityProvider value={ability as AppAbility}>{children}</AbilityProvider>;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppThemeProvider>
        {children}
        <Snackbar />
      </AppThemeProvider>
    </QueryClientProvider>
  );
}
